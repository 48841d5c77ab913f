package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Ecn;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import dev.weft.rules.RuleInput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An ECN threshold the switch's ASIC cannot hold: a minimum below one buffer cell (the ASIC counts
 * queue depth in cells, so it marks every packet, or rounds the threshold to zero) or a maximum
 * above the whole packet buffer (the queue can never get that deep, so marking never reaches its
 * probability and PFC acts first). Both are what a KB/MB or bytes/KB slip produces. Judged against
 * each switch's ASIC profile and reported once per threshold, at the line that holds it, naming the
 * first switch and how many more.
 */
public final class EcnAsicRange extends FabricRule {

  static final String ID = "ecn-asic-range";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    Map<String, Out> outs = new LinkedHashMap<>();
    for (CompiledSwitch s : compiled.switches()) {
      Integer cell = s.thresholdRoundingBytes();
      Long buffer = s.buffer() == null ? null : s.buffer().bufferBytes();
      for (EcnProfile e : s.ecnProfiles()) {
        if (cell != null && cell > 0 && e.minBytes() < cell) {
          note(
              outs,
              e,
              "min",
              s,
              e.minBytes(),
              "below one " + cell + " B buffer cell of",
              ">= " + cell + " B");
        }
        if (buffer != null && e.maxBytes() > buffer) {
          note(
              outs,
              e,
              "max",
              s,
              e.maxBytes(),
              "above the whole " + buffer + " B buffer of",
              "<= " + buffer + " B");
        }
      }
    }
    for (Out out : outs.values()) {
      String more = out.switches == 1 ? "" : " (and " + (out.switches - 1) + " more switches)";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "ECN "
                      + out.field
                      + " threshold "
                      + out.value
                      + " B of profile '"
                      + out.profile.name()
                      + "' is "
                      + out.why
                      + " "
                      + out.first.name()
                      + " ("
                      + out.first.asic()
                      + ")"
                      + more
                      + "; check the unit (B, KB, MB) of the value")
              .at(location(input.model(), out.first, out.profile.name(), out.field))
              .onDevice(out.first.name())
              .withValues(out.expected, out.value + " B"));
    }
  }

  private static void note(
      Map<String, Out> outs,
      EcnProfile e,
      String field,
      CompiledSwitch s,
      long value,
      String why,
      String expected) {
    Out out = outs.get(e.name() + "/" + field);
    if (out == null) {
      outs.put(e.name() + "/" + field, new Out(e, field, s, value, why, expected));
    } else {
      out.switches++;
    }
  }

  /**
   * The intent line of the threshold: the class's min or max, else the profile the switch names.
   */
  private static Location location(
      FabricModel model, CompiledSwitch s, String profile, String field) {
    if (model != null && model.fabric() != null) {
      for (TrafficClass tc : model.fabric().trafficClasses()) {
        Ecn ecn = tc.ecn();
        if (tc.name().equals(profile) && ecn != null && ecn.at() != null) {
          return ecn.at().of(field);
        }
      }
    }
    Location owner = s.owner("ecn_profiles." + profile);
    return owner != null ? owner : s.owner("name");
  }

  /** One threshold out of range: where first seen, and on how many switches. */
  private static final class Out {
    final EcnProfile profile;
    final String field;
    final CompiledSwitch first;
    final long value;
    final String why;
    final String expected;
    int switches = 1;

    Out(
        EcnProfile profile,
        String field,
        CompiledSwitch first,
        long value,
        String why,
        String expected) {
      this.profile = profile;
      this.field = field;
      this.first = first;
      this.value = value;
      this.why = why;
      this.expected = expected;
    }
  }
}
