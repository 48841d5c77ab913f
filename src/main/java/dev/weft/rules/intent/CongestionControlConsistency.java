package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.CongestionControl;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import dev.weft.model.Watchdog;
import java.util.List;

/**
 * The congestion-control mode and the rest of the plan disagree (Meta, SIGCOMM'24: the mode must be
 * a deliberate choice). {@code ecn-only} with a lossless class still runs PFC; {@code pfc-only} has
 * PFC as its only defence, so its watchdog must stop a storm (drop), and ECN thresholds under it
 * mark packets no NIC reacts to (Weft turns the NICs' DCQCN off there): dead configuration that
 * hides the real plan.
 */
public final class CongestionControlConsistency extends RoceRule {

  static final String ID = "congestion-control-consistency";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (fabric.congestionControl() == null) {
      return;
    }
    CongestionControl cc = fabric.congestionControl();
    List<TrafficClass> classes = fabric.trafficClasses();
    if (cc == CongestionControl.ECN_ONLY) {
      for (int i = 0; i < classes.size(); i++) {
        TrafficClass tc = classes.get(i);
        if (tc.lossless()) {
          findings.add(
              Finding.of(
                      ID,
                      Severity.WARNING,
                      "congestion-control is ecn-only but class '"
                          + tc.name()
                          + "' is lossless, so PFC still runs on priority "
                          + tc.priority()
                          + "; declare dcqcn (ECN and PFC) or make the class lossy")
                  .at(Roce.at(tc.at(), "lossless"))
                  .withPath(Roce.classPath(i, "lossless"))
                  .withValues("no lossless class under ecn-only", "lossless: true"));
        }
      }
    }
    if (cc == CongestionControl.PFC_ONLY) {
      Watchdog wd = fabric.pfc() == null ? null : fabric.pfc().watchdog();
      if (wd != null && wd.enabled() && wd.action() != null && !wd.action().mitigates()) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.WARNING,
                    "congestion-control is pfc-only, so PFC is the only defence,"
                        + " but the PFC watchdog action is "
                        + wd.action().word()
                        + ": a pause storm is watched, not stopped")
                .at(Roce.at(wd.at(), "action"))
                .withPath("/fabric/pfc/watchdog/action")
                .withValues("drop", wd.action().word()));
      }
      for (int i = 0; i < classes.size(); i++) {
        TrafficClass tc = classes.get(i);
        if (tc.ecn() != null && !tc.isCnp()) {
          findings.add(
              Finding.of(
                      ID,
                      Severity.WARNING,
                      "congestion-control is pfc-only but class '"
                          + tc.name()
                          + "' has ECN thresholds; no NIC reacts to the marks (DCQCN is off), so they are dead"
                          + " configuration: remove them or declare dcqcn")
                  .at(Roce.at(tc.at(), "ecn"))
                  .withPath(Roce.classPath(i, "ecn"))
                  .withValues("no ecn under pfc-only", "ecn set"));
        }
      }
    }
  }
}
