package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * In a {@code dcqcn} fabric, a NIC that does not take part in DCQCN on the RoCE priority, or marks
 * its CNPs so that the switches do not carry them in the CNP class. Without the reaction point the
 * NIC never slows down; without the notification point it never tells senders to; CNPs with another
 * DSCP or priority wait behind data (inconsistent vendor defaults: 48/6 in Cumulus, 56/7 in
 * mlnx-tools' roce_config.sh). DCQCN then does nothing and PFC does all the work (Meta,
 * SIGCOMM'24).
 */
public final class NicDcqcn extends PerNicRule {

  static final String ID = "nic-dcqcn";

  public NicDcqcn() {
    super(ID, Severity.WARNING);
  }

  /**
   * Nothing to find when no switch runs dcqcn, or when every NIC has DCQCN on and marks CNPs
   * exactly as every switch expects (the compiled plan shares these lists, so this is mostly
   * identity checks).
   */
  @Override
  public boolean mayFind(dev.weft.compile.CompiledFabric compiled, RuleInput input) {
    boolean dcqcn = false;
    Integer cnpDscp = null;
    Integer cnpPriority = null;
    boolean first = true;
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      if (d instanceof dev.weft.compile.CompiledSwitch s) {
        dcqcn |= "dcqcn".equals(s.congestionControl());
        if (first) {
          cnpDscp = s.cnpDscp();
          cnpPriority = s.cnpPriority();
          first = false;
        } else if (!Objects.equals(cnpDscp, s.cnpDscp())
            || !Objects.equals(cnpPriority, s.cnpPriority())) {
          return true;
        }
      }
    }
    if (!dcqcn) {
      return false;
    }
    List<Integer> rp = null;
    List<Integer> np = null;
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      if (!(d instanceof dev.weft.compile.CompiledHost h)) {
        continue;
      }
      for (dev.weft.compile.CompiledNic nic : h.nics()) {
        if (nic.ecnReactionPoint() != rp || nic.ecnNotificationPoint() != np) {
          if (!nic.ecnReactionPoint().contains(1) || !nic.ecnNotificationPoint().contains(1)) {
            return true;
          }
          rp = nic.ecnReactionPoint();
          np = nic.ecnNotificationPoint();
        }
        if (!Objects.equals(nic.cnpDscp(), cnpDscp)
            || !Objects.equals(nic.cnpPriority(), cnpPriority)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    dev.weft.compile.CompiledSwitch sw = n.peer();
    if (sw == null || !"dcqcn".equals(sw.congestionControl()) || n.nic().roceDscp() == null) {
      return List.of();
    }
    List<Problem> out = new ArrayList<>();
    // DCQCN off altogether (a model's dcqcn: false, a NIC that cannot): where the priorities are
    // right but some
    // other rule's conflict moved them, the vectors still carry ones, so only an empty vector is
    // judged here.
    boolean rp = n.nic().ecnReactionPoint().contains(1);
    boolean np = n.nic().ecnNotificationPoint().contains(1);
    if (!rp || !np) {
      out.add(
          new Problem(
              n.nic().owner("ecn_rp"),
              "does not run DCQCN ("
                  + (rp ? "" : "no reaction point")
                  + (!rp && !np ? ", " : "")
                  + (np ? "" : "no notification point")
                  + ") in a dcqcn fabric: it neither slows"
                  + " down on marks nor tells senders to",
              "DCQCN RP and NP on the RoCE priority",
              "RP " + (rp ? "on" : "off") + ", NP " + (np ? "on" : "off")));
    }
    Integer cnpPriority = sw.cnpPriority();
    Integer cnpDscp = n.nic().cnpDscp();
    // Only the NIC's own choice is judged; the switch's CNP classification is the intent rules' and
    // drift's.
    if (cnpDscp != null
        && cnpPriority != null
        && !cnpDscp.equals(sw.cnpDscp())
        && !Objects.equals(sw.dscpToPriority().get(cnpDscp), cnpPriority)) {
      out.add(
          new Problem(
              n.nic().owner("cnp_dscp"),
              "marks CNPs with DSCP "
                  + cnpDscp
                  + ", which its switch"
                  + " classifies to priority "
                  + sw.dscpToPriority().get(cnpDscp)
                  + ", not the CNP priority "
                  + cnpPriority,
              "CNP DSCP " + sw.cnpDscp(),
              "CNP DSCP " + cnpDscp));
    }
    if (n.nic().cnpPriority() != null
        && cnpPriority != null
        && !n.nic().cnpPriority().equals(cnpPriority)) {
      out.add(
          new Problem(
              n.nic().owner("cnp_priority"),
              "sends CNPs on priority "
                  + n.nic().cnpPriority()
                  + " but the fabric's CNP class is priority "
                  + cnpPriority,
              "CNP priority " + cnpPriority,
              "CNP priority " + n.nic().cnpPriority()));
    }
    return out;
  }
}
