package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Two classes that write different values into something the switch holds once. A priority has one
 * egress queue and one PFC setting; a queue has one scheduler and one ECN profile. The compiler
 * keeps the first class's value and drops the other's, so the rendered config would silently
 * schedule, mark or pause one class by the other's plan. Each finding sits on the later class's
 * line and names the earlier one's, so both lines of the conflict are in the message.
 */
public final class TrafficClassConflict extends RoceRule {

  static final String ID = "traffic-class-conflict";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    Map<Integer, Integer> firstByPriority = new HashMap<>();
    Map<Integer, Integer> firstByQueue = new HashMap<>();
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      Integer samePriority = firstByPriority.putIfAbsent(tc.priority(), i);
      if (samePriority != null) {
        priorityConflicts(classes.get(samePriority), tc, i, findings);
      }
      Integer sameQueue = firstByQueue.putIfAbsent(tc.queue(), i);
      if (sameQueue != null) {
        queueConflicts(classes.get(sameQueue), tc, i, findings);
      }
    }
  }

  /**
   * Classes on one priority share its queue. (They share its PFC setting too, but a lossless and a
   * lossy class on one priority also share its queue, which queue-shared-lossless-lossy reports.)
   */
  private static void priorityConflicts(
      TrafficClass first, TrafficClass tc, int index, List<Finding> findings) {
    if (first.queue() != tc.queue()) {
      findings.add(
          conflict(
              tc,
              index,
              "queue",
              Roce.queueLine(tc),
              Roce.queueLine(first),
              first,
              "priority "
                  + tc.priority()
                  + " feeds queue "
                  + first.queue()
                  + " for class '"
                  + first.name()
                  + "' and queue "
                  + tc.queue()
                  + " for class '"
                  + tc.name()
                  + "'; a priority maps to exactly one egress queue",
              Integer.toString(first.queue()),
              Integer.toString(tc.queue())));
    }
  }

  /**
   * Classes in one queue share its scheduler and its ECN profile (and, by the above, usually a
   * priority).
   */
  private static void queueConflicts(
      TrafficClass first, TrafficClass tc, int index, List<Finding> findings) {
    if (first.isCnp() != tc.isCnp()) {
      TrafficClass cnp = first.isCnp() ? first : tc;
      TrafficClass other = first.isCnp() ? tc : first;
      findings.add(
          conflict(
              tc,
              index,
              "queue",
              Roce.queueLine(tc),
              Roce.queueLine(first),
              first,
              "CNP class '"
                  + cnp.name()
                  + "' shares queue "
                  + tc.queue()
                  + " with class '"
                  + other.name()
                  + "'; congestion notifications need a queue of their own",
              "a queue of its own",
              "queue " + tc.queue()));
    }
    if (first.lossless() != tc.lossless()) {
      return; // one queue for lossless and lossy traffic is queue-shared-lossless-lossy's finding
    }
    if (!sameScheduler(first.scheduler(), tc.scheduler())) {
      findings.add(
          conflict(
              tc,
              index,
              "scheduler",
              Roce.at(
                  tc.scheduler() == null ? null : tc.scheduler().at(),
                  "type",
                  tc.at(),
                  "scheduler"),
              Roce.at(
                  first.scheduler() == null ? null : first.scheduler().at(),
                  "type",
                  first.at(),
                  "scheduler"),
              first,
              "queue "
                  + tc.queue()
                  + " is scheduled "
                  + describe(first.scheduler())
                  + " by class '"
                  + first.name()
                  + "' and "
                  + describe(tc.scheduler())
                  + " by class '"
                  + tc.name()
                  + "'; a queue has one scheduler",
              describe(first.scheduler()),
              describe(tc.scheduler())));
    }
    if (!sameEcn(first.ecn(), tc.ecn())) {
      findings.add(
          conflict(
              tc,
              index,
              "ecn",
              ecnLine(tc),
              ecnLine(first),
              first,
              "queue "
                  + tc.queue()
                  + " marks ECN "
                  + describe(first.ecn())
                  + " for class '"
                  + first.name()
                  + "' and "
                  + describe(tc.ecn())
                  + " for class '"
                  + tc.name()
                  + "'; a queue has one ECN profile",
              describe(first.ecn()),
              describe(tc.ecn())));
    }
  }

  private static Finding conflict(
      TrafficClass tc,
      int index,
      String field,
      Location here,
      Location there,
      TrafficClass first,
      String message,
      String expected,
      String actual) {
    return Finding.of(
            ID,
            Severity.ERROR,
            message + " (class '" + first.name() + "' at " + Roce.where(there) + ")")
        .at(here)
        .withPath(Roce.classPath(index, field))
        .withValues(expected, actual);
  }

  private static Location ecnLine(TrafficClass tc) {
    return tc.ecn() != null && tc.ecn().at() != null
        ? tc.ecn().at().self()
        : Roce.at(tc.at(), "priority");
  }

  private static boolean sameScheduler(Scheduler a, Scheduler b) {
    if (a == null || b == null) {
      return a == b;
    }
    return a.type() == b.type() && Objects.equals(a.weight(), b.weight());
  }

  private static boolean sameEcn(Ecn a, Ecn b) {
    if (a == null || b == null) {
      return a == b;
    }
    return Objects.equals(a.min(), b.min())
        && Objects.equals(a.max(), b.max())
        && a.probability() == b.probability()
        && a.bySpeed().size() == b.bySpeed().size();
  }

  private static String describe(Scheduler s) {
    if (s == null) {
      return "by default";
    }
    String type = s.type().name().toLowerCase(Locale.ROOT);
    return s.weight() == null ? type : type + " weight " + s.weight();
  }

  private static String describe(Ecn e) {
    return e == null ? "not at all" : e.min() + "-" + e.max() + " at " + e.probability() + "%";
  }
}
