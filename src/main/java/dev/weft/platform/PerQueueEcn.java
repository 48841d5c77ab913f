package dev.weft.platform;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Location;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * The plan as a platform holds it that sets ECN marking and scheduling on each egress queue for the
 * whole switch, with no named, shared marking profile (EOS's {@code /qos/queues/queue/ecn}, NX-OS's
 * queuing policy classes): every queue that marks gets a profile of its own, named after the queue
 * as the reader names it, and every port's queues are the switch's; a queue with neither a
 * scheduler nor marking is left out (there is nothing to configure on it). The intent line that
 * owns the original profile owns the renamed one too, so a drift finding still points at it.
 */
public final class PerQueueEcn {
  private PerQueueEcn() {}

  /**
   * @param profileName the name a reader gives the marking of queue {@code q}, e.g. {@code
   *     tx-queue-3}
   */
  public static CompiledSwitch apply(CompiledSwitch sw, IntFunction<String> profileName) {
    Map<String, EcnProfile> byName = new TreeMap<>();
    sw.ecnProfiles().forEach(e -> byName.put(e.name(), e));
    Map<String, Location> provenance = new TreeMap<>(sw.provenance());
    Map<String, EcnProfile> profiles = new TreeMap<>();
    List<CompiledQueue> queues = new ArrayList<>();
    for (CompiledQueue q :
        sw.queues().stream().sorted(Comparator.comparingInt(CompiledQueue::queue)).toList()) {
      EcnProfile e = q.ecnProfile() == null ? null : byName.get(q.ecnProfile());
      String name = null;
      if (e != null) {
        name = profileName.apply(q.queue());
        profiles.put(name, e.named(name));
        Location at = sw.provenance().get("ecn_profiles." + e.name());
        if (at != null) {
          provenance.put("ecn_profiles." + name, at);
        }
      }
      if (q.scheduler() != null || name != null) { // a queue with neither has nothing to write
        queues.add(
            new CompiledQueue(
                q.queue(), q.trafficClass(), q.scheduler(), q.weight(), name, q.lossless()));
      }
    }
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      ports.add(p.toBuilder().queues(queues).build());
    }
    return sw.toBuilder()
        .queues(queues)
        .ecnProfiles(List.copyOf(profiles.values()))
        .ports(ports)
        .provenance(provenance)
        .build();
  }

  /**
   * Whether every port's queues already are the switch's (same schedulers, same marking): otherwise
   * the platform cannot express the per-port differences, a render gap.
   */
  public static boolean uniform(CompiledSwitch sw) {
    List<String> want = marks(sw.queues());
    return sw.ports().stream().allMatch(p -> marks(p.queues()).equals(want));
  }

  private static List<String> marks(List<CompiledQueue> queues) {
    return queues.stream()
        .sorted(Comparator.comparingInt(CompiledQueue::queue))
        .map(q -> q.queue() + "/" + q.scheduler() + "/" + q.weight() + "/" + q.ecnProfile())
        .toList();
  }
}
