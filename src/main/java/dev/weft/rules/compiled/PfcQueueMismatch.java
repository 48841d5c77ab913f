package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Provenance;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A PFC priority is not mapped to the queue of its lossless class: either traffic of the priority
 * is queued elsewhere (switch priority → queue), or a received PAUSE for it stops another queue
 * (PFC priority → queue). Either way the lossless class is not paused, so it drops under incast.
 *
 * <p>Reported once per switch when the switch-wide map is wrong (every port inherits it), otherwise
 * once per port whose own map is wrong.
 */
public final class PfcQueueMismatch implements Rule {

  static final String ID = "pfc-queue-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    Map<Integer, TrafficClass> expected = losslessQueues(input.model());
    if (compiled == null || expected.isEmpty()) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    for (CompiledSwitch s : compiled.switches()) {
      if (s.priorityToQueue().isEmpty()) {
        continue;
      }
      boolean switchWrong = false;
      for (Map.Entry<Integer, TrafficClass> e : expected.entrySet()) {
        int p = e.getKey();
        TrafficClass c = e.getValue();
        Integer actual = at(s.priorityToQueue(), p);
        if (actual == null || actual != c.queue()) {
          switchWrong = true;
          findings.add(finding(c, p, actual, "switch priority " + p + " → queue", s.name(), null));
        }
      }
      if (switchWrong) {
        continue;
      }
      for (CompiledPort port : s.ports()) {
        if (port.pfcPriorities().isEmpty()) {
          continue;
        }
        for (Map.Entry<Integer, TrafficClass> e : expected.entrySet()) {
          int p = e.getKey();
          TrafficClass c = e.getValue();
          Integer tcQueue = at(port.priorityToQueue(), p);
          Integer pfcQueue = at(port.pfcPriorityToQueue(), p);
          if (tcQueue == null || tcQueue != c.queue()) {
            findings.add(
                finding(c, p, tcQueue, "switch priority " + p + " → queue", s.name(), port.name()));
          } else if (pfcQueue == null || pfcQueue != c.queue()) {
            findings.add(
                finding(c, p, pfcQueue, "PFC priority " + p + " → queue", s.name(), port.name()));
          }
        }
      }
    }
    return findings;
  }

  private static Finding finding(
      TrafficClass c, int p, Integer actual, String map, String device, String port) {
    String where = port == null ? "switch " + device : device + ":" + port;
    return Finding.of(
            ID,
            Severity.ERROR,
            where
                + ": lossless class "
                + c.name()
                + " uses queue "
                + c.queue()
                + " but "
                + map
                + " is "
                + (actual == null ? "not mapped" : actual))
        .at(queueLine(c))
        .onDevice(device)
        .onPort(port)
        .withValues("queue " + c.queue(), actual == null ? "none" : "queue " + actual);
  }

  /** PFC priority → its (first declared) lossless class, ascending. */
  private static Map<Integer, TrafficClass> losslessQueues(FabricModel model) {
    Map<Integer, TrafficClass> out = new TreeMap<>();
    if (model == null || model.fabric() == null || !model.isRoce()) {
      return out;
    }
    for (TrafficClass c : model.fabric().losslessClasses()) {
      out.putIfAbsent(c.priority(), c);
    }
    return out;
  }

  private static Integer at(List<Integer> map, int p) {
    return p >= 0 && p < map.size() ? map.get(p) : null;
  }

  private static Location queueLine(TrafficClass c) {
    Provenance at = c.at();
    return at == null ? null : at.written("queue") ? at.of("queue") : at.of("priority");
  }
}
