package dev.weft.rules.compiled;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A NIC whose ToS byte does not put RoCE into a class the switch it is cabled to keeps lossless.
 * RDMA-CM's default ToS, the sysfs traffic class and {@code NCCL_IB_TC} take the whole ToS byte
 * ({@code DSCP << 2 | ECN}), not the DSCP: writing 26 instead of 106 sends RoCE with DSCP 6, which
 * the switches classify as best effort, lossy.
 *
 * <p>Every lossless class counts, not only the plan's first: a storage NIC whose ToS carries the
 * second lossless class's DSCP is right, and a ToS carrying the first class's DSCP is wrong on a
 * port whose exception keeps only the second lossless. {@code NCCL_IB_TC} is one value per host
 * (nccl.env takes the host's first NIC's ToS) while NCCL sends on every NIC, so it is judged
 * against the switch of each NIC too.
 */
public final class NicTosMismatch extends PerNicRule {

  static final String ID = "nic-tos-mismatch";

  public NicTosMismatch() {
    super(ID, Severity.ERROR);
  }

  /**
   * Nothing to look up per NIC when every switch shares one DSCP map and every port one PFC set,
   * and every ToS byte of every NIC lands in a priority of that set (or, in a plan without PFC, the
   * RoCE DSCP's). NICs share their ToS and map objects, so this is mostly identity checks.
   */
  @Override
  boolean mayFind(CompiledFabric compiled, RuleInput input) {
    List<Integer> pfc = CompiledIndex.uniformPfc(compiled);
    Map<Integer, Integer> map = null;
    for (CompiledDevice d : compiled.devices()) {
      if (d instanceof CompiledSwitch s) {
        if (map == null) {
          map = s.dscpToPriority();
        } else if (map != s.dscpToPriority() && !map.equals(s.dscpToPriority())) {
          return true;
        }
      }
    }
    if (pfc == null || map == null) {
      return true;
    }
    for (CompiledDevice d : compiled.devices()) {
      if (d instanceof CompiledHost h) {
        for (CompiledNic nic : h.nics()) {
          if (nic.roceDscp() != null
              && nic.roceTos() != null
              && !carried(nic.roceTos() >> 2, map, pfc, nic.roceDscp())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    CompiledNic nic = n.nic();
    if (nic.roceDscp() == null) {
      return List.of(); // no RoCE class in the plan: nothing is sent with a RoCE ToS
    }
    List<Problem> out = new ArrayList<>(1);
    Integer tos = nic.roceTos();
    if (tos != null) {
      Problem p = judge(n, tos, "sends RoCE with ToS " + tos, nic.owner("roce_tos"));
      if (p != null) {
        out.add(p);
      }
    }
    // NCCL_IB_TC: the host's first NIC's ToS (nccl.env), used by NCCL on this NIC as well
    List<CompiledNic> all = n.host().nics();
    CompiledNic first = all.isEmpty() ? null : all.get(0);
    if (first != null && first != nic && first.roceTos() != null) {
      Integer nccl = first.roceTos();
      if (!nccl.equals(tos)) {
        Problem p =
            judge(
                n,
                nccl,
                "gets NCCL_IB_TC " + nccl + " (the host's first NIC's, " + first.name() + ")",
                first.owner("roce_tos"));
        if (p != null) {
          out.add(p);
        }
      }
    }
    return out;
  }

  /**
   * The problem with sending RoCE from this NIC with ToS {@code tos}, or null. Cabled: the priority
   * its switch classifies {@code tos >> 2} to must be one its port runs PFC on (in a plan without
   * PFC on the port, the priority of the RoCE DSCP). Uncabled: the same judged by the NIC's own map
   * and PFC vector.
   */
  private static Problem judge(Nic n, int tos, String what, Location at) {
    CompiledNic nic = n.nic();
    int dscp = tos >> 2;
    CompiledSwitch sw = n.peer();
    CompiledPort port = n.port();
    Map<Integer, Integer> map =
        sw != null && port != null ? sw.dscpToPriority() : nic.dscpToPriority();
    List<Integer> pfc = sw != null && port != null ? port.pfcPriorities() : nic.pfcPriorities();
    if (carried(dscp, map, pfc, nic.roceDscp())) {
      return null;
    }
    Integer want = suggestion(tos, map, pfc, nic.roceDscp());
    String whose = sw != null && port != null ? "its switch" : "the NIC's own map";
    String where =
        pfc.isEmpty()
            ? "not the RoCE priority " + map.get(nic.roceDscp())
            : "not a lossless priority (PFC on " + PerNicRule.priorities(pfc) + ")";
    String fix =
        want == null
            ? "; no DSCP reaches a lossless priority there"
            : tos < 64 && want == tos
                ? "; write the whole ToS byte, " + CompiledNic.tosOf(want) + " with ECT(0)"
                : "; use ToS " + CompiledNic.tosOf(want) + " (DSCP " + want + ", ECT(0))";
    return new Problem(
        at,
        what
            + ", which is DSCP "
            + dscp
            + " (ToS >> 2); "
            + whose
            + " classifies it to priority "
            + map.get(dscp)
            + ", "
            + where
            + fix,
        want == null
            ? "a lossless DSCP"
            : "ToS " + CompiledNic.tosOf(want) + " (DSCP " + want + ")",
        "ToS " + tos + " (DSCP " + dscp + ")");
  }

  /**
   * True when {@code dscp} lands in a priority of {@code pfc}; with no PFC priority, in the RoCE
   * DSCP's priority (ecn-only and pfc-only-less plans, lossy scopes).
   */
  private static boolean carried(
      int dscp, Map<Integer, Integer> map, List<Integer> pfc, int roceDscp) {
    Integer priority = map.get(dscp);
    if (priority == null) {
      return false;
    }
    return pfc.isEmpty() ? Objects.equals(priority, map.get(roceDscp)) : pfc.contains(priority);
  }

  /**
   * The DSCP to write: the ToS itself when it is a DSCP that would be carried (the classic mistake
   * of writing the DSCP), else the RoCE DSCP when it is carried here, else the lowest carried DSCP;
   * null when none is.
   */
  private static Integer suggestion(
      int tos, Map<Integer, Integer> map, List<Integer> pfc, int roceDscp) {
    if (tos < 64 && carried(tos, map, pfc, roceDscp)) {
      return tos;
    }
    if (carried(roceDscp, map, pfc, roceDscp)) {
      return roceDscp;
    }
    for (Integer d : map.keySet()) {
      if (carried(d, map, pfc, roceDscp)) {
        return d;
      }
    }
    return null;
  }
}
