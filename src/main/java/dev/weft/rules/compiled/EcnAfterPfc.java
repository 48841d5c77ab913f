package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ECN must mark before PFC pauses (DCQCN, Zhu et al., SIGCOMM'15): a lossless queue whose ECN
 * minimum threshold lies at or above the point where its priority group sends XOFF never marks in
 * time, so PAUSE does all the work and head-of-line blocking returns while DCQCN idles.
 *
 * <p>The XOFF trigger of a lossless PG on a shared-buffer ASIC is its dynamic threshold: alpha ×
 * free buffer. With every lossless PG of the switch congested at once (the worst case the DCQCN
 * paper takes), each settles at {@code alpha·B / (1 + alpha·N)}, B the ingress lossless pool and N
 * the lossless PGs on linked ports, alpha = 2^n with n the intent's {@code
 * fabric.pfc.dynamic-threshold}, else the ASIC profile's default; B from the ASIC profile. No
 * finding without those facts.
 *
 * <p>One finding per cause: the same ECN profile (one intent line) under the same alpha and pool is
 * one mistake however many switches repeat it, so the finding names the line once with the switches
 * and ports it affects.
 */
public final class EcnAfterPfc extends FabricRule {

  static final String ID = "ecn-after-pfc";

  @Override
  public String id() {
    return ID;
  }

  /** What makes switches share one cause: the profile, its threshold, the alpha and the pool. */
  private record Cause(String profile, long minBytes, int th, long pool) {
    static final Comparator<Cause> ORDER =
        Comparator.comparing(Cause::profile)
            .thenComparingLong(Cause::minBytes)
            .thenComparingInt(Cause::th)
            .thenComparingLong(Cause::pool);
  }

  /** The switches one cause reaches, and the XOFF points they settle at. */
  private static final class Reach {
    final List<String> switches = new ArrayList<>();
    Location at;
    boolean declaredAlpha;
    int ports;
    long lowest = Long.MAX_VALUE;
    long highest;
    long lowestPgs;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    Map<Cause, Reach> reach = new TreeMap<>(Cause.ORDER);
    for (CompiledSwitch s : compiled.switches()) {
      judge(s, reach);
    }
    reach.forEach((cause, r) -> findings.add(finding(cause, r)));
  }

  /** Adds the causes one switch shows. */
  private static void judge(CompiledSwitch s, Map<Cause, Reach> reach) {
    CompiledSwitch.AsicBuffer buffer = s.buffer();
    if (buffer == null || buffer.ingressLosslessPoolBytes() == null) {
      return;
    }
    boolean declared = s.losslessBuffer() != null && s.losslessBuffer().dynamicTh() != null;
    Integer th = declared ? s.losslessBuffer().dynamicTh() : buffer.losslessDynamicTh();
    if (th == null) {
      return;
    }
    long pool = buffer.ingressLosslessPoolBytes();
    long pgs = 0;
    for (CompiledPort p : s.ports()) {
      if (p.peer() != null) {
        pgs += p.pfcPriorities().size();
      }
    }
    if (pgs == 0) {
      return;
    }
    long trigger = trigger(pool, th, pgs);
    Map<String, Integer> late = lateProfiles(s, trigger);
    Map<String, EcnProfile> profiles = new HashMap<>();
    for (EcnProfile e : s.ecnProfiles()) {
      profiles.putIfAbsent(e.name(), e);
    }
    for (Map.Entry<String, Integer> entry : late.entrySet()) {
      EcnProfile e = profiles.get(entry.getKey());
      Cause cause = new Cause(e.name(), e.minBytes(), th, pool);
      Reach r = reach.computeIfAbsent(cause, c -> new Reach());
      if (r.at == null) {
        r.at = s.owner("ecn_profiles." + e.name());
      }
      r.declaredAlpha |= declared;
      r.switches.add(s.name());
      r.ports += entry.getValue();
      if (trigger < r.lowest) {
        r.lowest = trigger;
        r.lowestPgs = pgs;
      }
      r.highest = Math.max(r.highest, trigger);
    }
  }

  /** ECN profile → the ports of the switch whose lossless queue marks with it too late. */
  private static Map<String, Integer> lateProfiles(CompiledSwitch s, long trigger) {
    Map<String, EcnProfile> profiles = new HashMap<>();
    for (EcnProfile e : s.ecnProfiles()) {
      profiles.putIfAbsent(e.name(), e);
    }
    Map<String, Integer> late = new TreeMap<>();
    // Ports share their queue lists (one per PFC set and speed), so each list is judged once.
    Map<List<CompiledQueue>, List<String>> judged = new IdentityHashMap<>();
    for (CompiledPort p : s.ports()) {
      if (p.pfcPriorities().isEmpty()) {
        continue;
      }
      List<String> names =
          judged.computeIfAbsent(
              p.queues(),
              queues -> {
                List<String> out = new ArrayList<>(1);
                for (CompiledQueue q : queues) {
                  EcnProfile e =
                      q.lossless() && q.ecnProfile() != null ? profiles.get(q.ecnProfile()) : null;
                  if (e != null && e.minBytes() >= trigger) {
                    out.add(e.name());
                  }
                }
                return out;
              });
      for (String name : names) {
        late.merge(name, 1, Integer::sum);
      }
    }
    return late;
  }

  private static Finding finding(Cause c, Reach r) {
    int n = r.switches.size();
    String where =
        n == 1
            ? r.switches.get(0)
            : n
                + " switches ("
                + String.join(", ", n <= 5 ? r.switches : r.switches.subList(0, 5))
                + (n <= 5 ? "" : ", ...")
                + ")";
    String xoff =
        r.lowest == r.highest ? "about " + r.lowest + " B" : r.lowest + " to " + r.highest + " B";
    return Finding.of(
            ID,
            Severity.WARNING,
            where
                + ": ECN profile "
                + c.profile()
                + " starts marking at "
                + c.minBytes()
                + " B on "
                + r.ports
                + " lossless port"
                + (r.ports == 1 ? "" : "s")
                + ", but with all lossless PGs of a switch congested each sends XOFF at "
                + xoff
                + " (alpha 2^"
                + c.th()
                + (r.declaredAlpha ? "" : " by the ASIC profile's default")
                + " x "
                + c.pool()
                + " B pool / (1 + alpha x "
                + r.lowestPgs
                + (r.lowest == r.highest ? "" : " PGs at the lowest")
                + ")); PFC pauses before DCQCN is told to slow down")
        .at(r.at)
        .onDevice(r.switches.get(0))
        .withValues("ecn min < " + r.lowest + " B", "ecn min " + c.minBytes() + " B");
  }

  /**
   * {@code alpha·B / (1 + alpha·N)}, alpha = 2^th; th -8 is SONiC's "alpha 0", 7 and up its
   * "unlimited".
   */
  static long trigger(long pool, int th, long pgs) {
    if (th <= -8) {
      return 0;
    }
    if (th >= 7) {
      return pool / pgs;
    }
    double alpha = Math.pow(2, th);
    return (long) Math.floor(alpha * pool / (1 + alpha * pgs));
  }
}
