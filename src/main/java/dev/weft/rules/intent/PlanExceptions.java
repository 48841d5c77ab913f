package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.PlanException;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Switch;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lists every declared exception to the fabric plan, so none hides: each is reported where it is
 * written, as a warning already waived with the exception's own reason (reports show it like any
 * waived finding; no run fails on it). An exception whose reason is blank is not waived. An
 * exception changes what the plan is for its scope; the other rules then judge that plan.
 */
public final class PlanExceptions extends RoceRule {

  static final String ID = "plan-exception";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    boolean profileExceptions =
        model.profiles().values().stream().anyMatch(p -> p.exception() != null);
    Map<String, int[]> portsByProfile = new TreeMap<>();
    for (Switch s : model.switches()) {
      for (Port p : s.ports()) {
        if (profileExceptions && p.profile() != null) {
          portsByProfile.computeIfAbsent(p.profile(), k -> new int[1])[0]++;
        }
        if (p.exception() != null) {
          findings.add(
              finding(p.exception(), "port " + s.name() + ":" + p.name(), s.name(), p.name()));
        }
      }
      if (s.exception() != null) {
        findings.add(
            finding(
                s.exception(),
                "switch " + s.name() + " (" + s.ports().size() + " ports)",
                s.name(),
                null));
      }
    }
    for (Profile profile : model.profiles().values()) {
      if (profile.exception() != null) {
        int ports = portsByProfile.getOrDefault(profile.name(), new int[1])[0];
        findings.add(
            finding(
                profile.exception(),
                "profile "
                    + profile.name()
                    + " ("
                    + ports
                    + " port"
                    + (ports == 1 ? "" : "s")
                    + ")",
                null,
                null));
      }
    }
  }

  private static Finding finding(PlanException e, String scope, String device, String port) {
    Finding f =
        Finding.of(
                ID,
                Severity.WARNING,
                "exception to the fabric plan for " + scope + ": " + e.describe())
            .at(e.at() == null ? null : e.at().self())
            .onDevice(device)
            .onPort(port)
            .withValues("the fabric plan", e.describe());
    if (e.reason() == null || e.reason().isBlank()) {
      return Finding.of(
              ID,
              Severity.WARNING,
              "exception to the fabric plan for "
                  + scope
                  + " ("
                  + e.describe()
                  + ") gives no reason; say why the deviation is acceptable")
          .at(f.location())
          .onDevice(device)
          .onPort(port)
          .withValues("a reason", "blank");
    }
    return f.waivedBecause(e.reason());
  }
}
