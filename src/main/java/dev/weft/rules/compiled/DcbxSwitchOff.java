package dev.weft.rules.compiled;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC that takes its QoS from the switch ({@code dcbx: firmware}: willing, IEEE 802.1Qaz) cabled
 * to a switch that advertises no DCBX TLVs ({@code fabric.dcbx: off}). The NIC has nothing to
 * negotiate with and keeps its firmware defaults: no PFC on the lossless priority, so RoCE is lossy
 * on that host while the switch pauses and reserves headroom for it. The switch's DCBX line is the
 * fabric's one line, so the finding names it without naming each switch: one NIC model is one
 * finding, however many leaves its NICs are cabled to.
 */
public final class DcbxSwitchOff extends PerNicRule {

  static final String ID = "dcbx-switch-off";

  public DcbxSwitchOff() {
    super(ID, Severity.ERROR);
  }

  /** No switch is told to advertise nothing: a willing NIC may find its PFC there. */
  @Override
  boolean mayFind(CompiledFabric compiled, RuleInput input) {
    for (CompiledDevice d : compiled.devices()) {
      if (d instanceof CompiledSwitch s && "off".equals(s.dcbx())) {
        return true;
      }
    }
    return false;
  }

  @Override
  List<Problem> check(Nic n, RuleInput input) {
    CompiledSwitch sw = n.peer();
    if (sw == null || !"off".equals(sw.dcbx()) || !"firmware".equals(n.nic().dcbx())) {
      return List.of();
    }
    Location switchAt = sw.provenance().get("dcbx");
    Location at = n.nic().owner("dcbx");
    return List.of(
        new Problem(
            at != null ? at : n.nic().owner("name"),
            "takes its PFC and ETS from the switch by DCBX (dcbx: firmware), but its switch"
                + " advertises no DCBX TLVs (dcbx: off"
                + (switchAt == null ? "" : " at " + switchAt)
                + "): the NIC keeps its firmware defaults, without PFC on the lossless priority,"
                + " and RoCE from it is lossy",
            "switch dcbx: ieee, or NIC dcbx: os",
            "NIC firmware, switch off"));
  }
}
