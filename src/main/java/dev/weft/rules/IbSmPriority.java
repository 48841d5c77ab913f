package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ib-sm-priority}: SM priorities are 0..15 (OpenSM silently uses 0 for anything else) and
 * exactly one SM holds the highest; with a tie the master is chosen by GUID, which nobody planned.
 * Each SM must run on a declared host and bind to one of that host's HCA ports.
 */
public final class IbSmPriority implements Rule {

  @Override
  public String id() {
    return "ib-sm-priority";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    List<SubnetManager> sms = subnet.subnetManagers();
    if (sms.isEmpty()) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "no subnet-managers declared; the subnet needs one master SM (and usually a standby)")
              .at(subnet.at().of("subnet-managers"))
              .withPath("/subnet/subnet-managers"));
      return out;
    }
    long highest = -1;
    Map<String, Integer> firstByGuid = new HashMap<>();
    for (int i = 0; i < sms.size(); i++) {
      SubnetManager sm = sms.get(i);
      if (sm.priority() < 0 || sm.priority() > 15) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "SM on "
                        + sm.host()
                        + " has priority "
                        + sm.priority()
                        + "; sm_priority is 0..15 and OpenSM would silently use 0")
                .at(sm.at().of("priority"))
                .onDevice(sm.host())
                .withPath(IbTopology.pointer("subnet-managers", i, "priority"))
                .withValues("0..15", String.valueOf(sm.priority())));
      } else {
        highest = Math.max(highest, sm.priority());
      }
      checkPort(model, sm, i, out);
      if (sm.portGuid() != null) {
        Integer first = firstByGuid.putIfAbsent(IbTopology.normalGuid(sm.portGuid()), i);
        if (first != null) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "SM on "
                          + sm.host()
                          + " binds to port "
                          + sm.portGuid()
                          + ", already used by the SM at "
                          + sms.get(first).at().self())
                  .at(sm.at().of("port-guid"))
                  .onDevice(sm.host()));
        }
      }
    }
    List<Integer> top = new ArrayList<>();
    for (int i = 0; i < sms.size(); i++) {
      if (sms.get(i).priority() == highest) {
        top.add(i);
      }
    }
    if (top.size() > 1) {
      for (int i : top.subList(1, top.size())) {
        SubnetManager sm = sms.get(i);
        SubnetManager first = sms.get(top.get(0));
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "SMs on "
                        + first.host()
                        + " and "
                        + sm.host()
                        + " share the highest priority "
                        + highest
                        + "; the master would be chosen by GUID."
                        + " Give the standby a lower priority")
                .at(sm.at().of("priority"))
                .onDevice(sm.host())
                .withPath(IbTopology.pointer("subnet-managers", i, "priority"))
                .withValues("one SM with priority " + highest, top.size() + " SMs"));
      }
    }
    return out;
  }

  private void checkPort(FabricModel model, SubnetManager sm, int i, List<Finding> out) {
    Optional<Host> host = sm.host() == null ? Optional.empty() : model.hostNamed(sm.host());
    if (host.isEmpty()) {
      out.add(
          Finding.of(id(), Severity.ERROR, "SM host '" + sm.host() + "' is not in hosts")
              .at(sm.at().of("host"))
              .onDevice(sm.host())
              .withPath(IbTopology.pointer("subnet-managers", i, "host")));
      return;
    }
    if (sm.portGuid() == null) {
      return;
    }
    String want = IbTopology.normalGuid(sm.portGuid());
    boolean found = false;
    for (Hca hca : host.get().hcas()) {
      found |= hca.portGuid() != null && IbTopology.normalGuid(hca.portGuid()).equals(want);
    }
    if (!found) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "SM port-guid "
                      + sm.portGuid()
                      + " is not an HCA port of "
                      + sm.host()
                      + "; OpenSM would fail to bind (and still exit 0)")
              .at(sm.at().of("port-guid"))
              .onDevice(sm.host())
              .withPath(IbTopology.pointer("subnet-managers", i, "port-guid")));
    }
  }
}
