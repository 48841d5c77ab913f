package dev.weft.platform.srlinux;

import static dev.weft.platform.PackEdits.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.PackEdits;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SR Linux pack's edits, cut from what its template renders for roce-pod-d's srl-spine-1, in
 * Nokia's model (VendorRemediateOnLabTest pushes them to a real netconfd device loaded with Nokia's
 * YANG).
 */
class SrlinuxRemediationTest {

  private static final PackEdits EDITS =
      PackEdits.of(new SrlinuxPack(), "roce-pod-d", "srl-spine-1");

  @Test
  void mtuOfOnePortIsAMergeOfThatLeafOfTheTopLevelInterfaceList() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.MTU, "ethernet-1/2"));
    assertEquals(List.of("merge /interface[ethernet-1/2]/mtu"), steps(edit));
    assertEquals(
        """
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" xmlns:nc="urn:ietf:params:xml:ns:netconf:base:1.0">
                  <interface xmlns="urn:nokia.com:srlinux:chassis:interfaces">
                    <name>ethernet-1/2</name>
                    <mtu nc:operation="merge">9216</mtu>
                  </interface>
                </config>
                """,
        edit.config());
  }

  @Test
  void aPortsPfcIsItsMappingProfileItsQosPfcAndFlowControl() throws ReadException {
    assertEquals(
        List.of(
            "replace /qos/pfc-mapping-profile[pfc-ethernet-1/1]",
            "replace /qos/interfaces/interface[ethernet-1/1]/pfc",
            "merge /interface[ethernet-1/1]/ethernet/flow-control"),
        steps(EDITS.edit(new DriftedPart(Feature.PFC, "ethernet-1/1"))));
  }

  @Test
  void dscpTrustIsTheSubinterfaceEntryWeftRenders() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.CLASSIFICATION, "ethernet-1/1"));
    assertEquals(List.of("replace /qos/interfaces/interface[ethernet-1/1.0]"), steps(edit));
    assertTrue(edit.config().contains("<dscp-policy>weft-dscp</dscp-policy>"), edit.config());
  }

  @Test
  void theSwitchWideWatchdogIsEveryPortsDeadlockDetection() throws ReadException {
    List<String> got = steps(EDITS.edit(DriftedPart.switchWide(Feature.WATCHDOG)));
    assertEquals(
        EDITS.sw().ports().stream()
            .map(
                p ->
                    "replace /qos/pfc-mapping-profile[pfc-"
                        + p.name()
                        + "]/received-pfc-pause-frames/deadlock")
            .toList(),
        got);
  }

  @Test
  void aPortsEcnSendsItsQueueBindingsAndTheBurstSizeTheyNeed() throws ReadException {
    assertEquals(
        List.of(
            "replace /qos/interfaces/interface[ethernet-1/1]/output/queues",
            "replace /qos/buffer-management/buffer-allocation-profile[buf-ethernet-1/1]"),
        steps(EDITS.edit(new DriftedPart(Feature.ECN, "ethernet-1/1"))));
  }
}
