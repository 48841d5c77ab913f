package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rule on compiled NICs, judged against the switch port each NIC is cabled to. NICs that share a
 * setting (one NIC model's line, thousands of NICs) share one finding naming the first NIC and
 * counting the rest, so a wrong model entry is one line of the report, not one per GPU.
 */
abstract class PerNicRule implements Rule {

  private final String id;
  private final Severity severity;

  PerNicRule(String id, Severity severity) {
    this.id = id;
    this.severity = severity;
  }

  @Override
  public final String id() {
    return id;
  }

  /** The severity of every finding of this rule. */
  public final Severity severity() {
    return severity;
  }

  /** What is wrong with one NIC: where, in words (after the NIC's name), and the values. */
  record Problem(Location at, String what, String expected, String actual) {}

  /**
   * The NIC and its host; the switch port and switch at the other end of its cable are looked up on
   * first use (null when uncabled), so a rule that does not need them costs nothing per NIC.
   */
  static final class Nic {
    private final CompiledHost host;
    private final CompiledNic nic;
    private final java.util.function.Supplier<CompiledIndex> index;

    Nic(CompiledHost host, CompiledNic nic, java.util.function.Supplier<CompiledIndex> index) {
      this.host = host;
      this.nic = nic;
      this.index = index;
    }

    CompiledHost host() {
      return host;
    }

    CompiledNic nic() {
      return nic;
    }

    private CompiledPort port;
    private CompiledSwitch peer;
    private boolean portLooked;
    private boolean peerLooked;

    /** The switch port at the other end of the cable, or null. */
    CompiledPort port() {
      if (!portLooked) {
        portLooked = true;
        port = nic.peerDevice() == null ? null : index.get().port(nic.peerDevice(), nic.peerPort());
      }
      return port;
    }

    /** The switch at the other end of the cable, or null. */
    CompiledSwitch peer() {
      if (!peerLooked) {
        peerLooked = true;
        peer = nic.peerDevice() == null ? null : index.get().switchNamed(nic.peerDevice());
      }
      return peer;
    }
  }

  /** The problems of one NIC (empty when none). */
  abstract List<Problem> check(Nic nic, RuleInput input);

  /**
   * False when the rule can tell from the whole fabric at once that no NIC has a problem (default:
   * it cannot).
   */
  boolean mayFind(CompiledFabric compiled, RuleInput input) {
    return true;
  }

  @Override
  public final List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    if (compiled == null || !mayFind(compiled, input)) {
      return List.of();
    }
    CompiledIndex[] index = new CompiledIndex[1];
    java.util.function.Supplier<CompiledIndex> lazy =
        () -> {
          if (index[0] == null) {
            index[0] = new CompiledIndex(compiled);
          }
          return index[0];
        };
    record Group(Nic first, Problem problem, int[] count) {}
    Map<Problem, Group> groups = new LinkedHashMap<>();
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      if (!(d instanceof CompiledHost h)) {
        continue;
      }
      for (CompiledNic n : h.nics()) {
        Nic nic = new Nic(h, n, lazy);
        for (Problem p : check(nic, input)) {
          groups.computeIfAbsent(p, k -> new Group(nic, p, new int[1])).count()[0]++;
        }
      }
    }
    List<Finding> findings = new ArrayList<>(groups.size());
    for (Group g : groups.values()) {
      CompiledNic n = g.first().nic();
      int more = g.count()[0] - 1;
      String who =
          g.first().host().name()
              + " "
              + n.name()
              + (n.model() == null ? "" : " (" + n.model() + ")");
      findings.add(
          Finding.of(
                  id(),
                  severity(),
                  who
                      + ": "
                      + g.problem().what()
                      + (more > 0
                          ? " (and "
                              + more
                              + " more NIC"
                              + (more == 1 ? "" : "s")
                              + " with the same setting)"
                          : ""))
              .at(g.problem().at())
              .onDevice(g.first().host().name())
              .onPort(n.name())
              .withValues(g.problem().expected(), g.problem().actual()));
    }
    return findings;
  }

  static String priorities(List<Integer> ps) {
    return ps.isEmpty() ? "none" : String.join(",", ps.stream().map(String::valueOf).toList());
  }
}
