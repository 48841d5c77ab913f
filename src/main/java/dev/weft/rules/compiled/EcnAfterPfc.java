package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.HashMap;
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
 * the lossless PGs on linked ports, alpha = 2^dynamic_th, all from the switch's ASIC profile. No
 * finding without those facts.
 */
public final class EcnAfterPfc extends LosslessPoolRule {

  static final String ID = "ecn-after-pfc";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(
      CompiledSwitch s, CompiledSwitch.AsicBuffer buffer, long pool, List<Finding> findings) {
    if (buffer.losslessDynamicTh() == null) {
      return;
    }
    long pgs = 0;
    for (CompiledPort p : s.ports()) {
      if (p.peer() != null) {
        pgs += p.pfcPriorities().size();
      }
    }
    if (pgs == 0) {
      return;
    }
    long trigger = trigger(pool, buffer.losslessDynamicTh(), pgs);
    Map<String, EcnProfile> profiles = new HashMap<>();
    for (EcnProfile e : s.ecnProfiles()) {
      profiles.putIfAbsent(e.name(), e);
    }
    Map<String, Integer> late = new TreeMap<>(); // profile → ports marking with it too late
    // Ports share their queue lists (one per PFC set and speed), so each list is judged once.
    Map<List<CompiledQueue>, List<String>> judged = new java.util.IdentityHashMap<>();
    List<CompiledQueue> lastQueues = null;
    List<String> lastNames = List.of();
    for (CompiledPort p : s.ports()) {
      if (p.pfcPriorities().isEmpty()) {
        continue;
      }
      if (p.queues() == lastQueues) {
        lastNames.forEach(
            name ->
                late.merge(
                    name, 1, Integer::sum)); // the usual case: the same list as the port before
        continue;
      }
      List<String> names =
          judged.computeIfAbsent(
              p.queues(),
              queues -> {
                List<String> out = new java.util.ArrayList<>(1);
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
      lastQueues = p.queues();
      lastNames = names;
    }
    long lossless = pgs;
    for (Map.Entry<String, Integer> entry : late.entrySet()) {
      String name = entry.getKey();
      int ports = entry.getValue();
      EcnProfile e = profiles.get(name);
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.name()
                      + ": ECN profile "
                      + name
                      + " starts marking at "
                      + e.minBytes()
                      + " B on "
                      + ports
                      + " lossless port"
                      + (ports == 1 ? "" : "s")
                      + ", but with all "
                      + lossless
                      + " lossless PGs congested each sends XOFF at about "
                      + trigger
                      + " B (alpha 2^"
                      + buffer.losslessDynamicTh()
                      + " x "
                      + pool
                      + " B pool / (1 + alpha x "
                      + lossless
                      + ")); PFC pauses before DCQCN is told to slow down")
              .at(s.owner("ecn_profiles." + name))
              .onDevice(s.name())
              .withValues("ecn min < " + trigger + " B", "ecn min " + e.minBytes() + " B"));
    }
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
