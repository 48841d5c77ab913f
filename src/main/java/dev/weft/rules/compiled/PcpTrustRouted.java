package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A switch that classifies by PCP ({@code trust: pcp}) on routed ports. A routed (L3) port carries
 * untagged frames, so there is no 802.1p priority to read: every packet lands in the priority PCP 0
 * maps to, the lossless classes receive nothing, and PFC protects nothing (Microsoft moved to
 * DSCP-based PFC because PCP needs VLAN tags on every hop, SIGCOMM 2016 section 3). Only a port in
 * a VLAN ({@code vlan:}) can carry the tag. One finding per switch lists each routed port; a site
 * that tags on routed subinterfaces waives it with the reason.
 */
public final class PcpTrustRouted implements Rule {

  static final String ID = "pcp-trust-routed";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    if (compiled == null || input.model() == null || !input.model().isRoce()) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    for (CompiledSwitch s : compiled.switches()) {
      if (s.pcpToPriority().isEmpty()) {
        continue;
      }
      List<CompiledPort> routed =
          s.ports().stream().filter(p -> !p.trustDscp() && p.vlan() == null).toList();
      if (!routed.isEmpty()) {
        out.add(finding(s, routed));
      }
    }
    return out;
  }

  private static Finding finding(CompiledSwitch s, List<CompiledPort> routed) {
    List<String> listed = routed.stream().map(CompiledPort::nameAndLine).toList();
    boolean one = routed.size() == 1;
    Location trustAt = routed.get(0).owner("trust_dscp");
    return Finding.of(
            ID,
            Severity.ERROR,
            s.name()
                + " classifies by PCP, but "
                + routed.size()
                + (one ? " port is" : " ports are")
                + " routed (no vlan), so no 802.1p tag reaches "
                + (one ? "it" : "them")
                + ": "
                + String.join(", ", listed)
                + "; every packet there lands in priority "
                + s.pcpToPriority().get(0)
                + " (PCP 0's), not in the lossless priorities "
                + s.losslessPriorities())
        .at(trustAt != null ? trustAt : routed.get(0).owner("name"))
        .onDevice(s.name())
        .withValues("trust: dscp on routed ports", routed.size() + " routed ports trusting pcp");
  }
}
