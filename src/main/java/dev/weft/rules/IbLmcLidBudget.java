package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Subnet;
import java.util.List;

/**
 * {@code ib-lmc-lid-budget}: each HCA port takes 2^LMC LIDs and each switch one (port 0, lmc_esp0
 * off); the unicast LID space is 0x0001..0xBFFF (49,151). Beyond it OpenSM cannot give every port
 * its LIDs. LMC itself is 0..7; OpenSM silently uses 0 for anything else.
 */
public final class IbLmcLidBudget implements Rule {

  /** Unicast LIDs 0x0001..0xBFFF. */
  static final long UNICAST_LIDS = 0xBFFF;

  @Override
  public String id() {
    return "ib-lmc-lid-budget";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null) {
      return List.of();
    }
    if (subnet.lmc() < 0 || subnet.lmc() > 7) {
      return List.of(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "lmc " + subnet.lmc() + " is outside 0..7; OpenSM would silently use 0")
              .at(subnet.at().of("lmc"))
              .withPath("/subnet/lmc")
              .withValues("0..7", String.valueOf(subnet.lmc())));
    }
    long ports = IbTopology.hcaPortCount(model);
    long needed = ports * (1L << subnet.lmc()) + model.switches().size();
    if (needed > UNICAST_LIDS) {
      return List.of(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  ports
                      + " HCA ports x 2^"
                      + subnet.lmc()
                      + " LIDs + "
                      + model.switches().size()
                      + " switches need "
                      + needed
                      + " LIDs, beyond the "
                      + UNICAST_LIDS
                      + " unicast LIDs; lower lmc")
              .at(subnet.at().of("lmc"))
              .withPath("/subnet/lmc")
              .withValues("<= " + UNICAST_LIDS + " LIDs", String.valueOf(needed)));
    }
    return List.of();
  }
}
