package dev.weft.platform.junos;

import static dev.weft.platform.PackEdits.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledPort;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.PackEdits;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Junos pack's edits, cut from what its template renders for roce-pod-d's qfx-leaf-1, in
 * Juniper's model (VendorRemediateOnLabTest pushes them to a real netconfd device loaded with
 * Juniper's YANG).
 */
class JunosRemediationTest {

  private static final PackEdits EDITS = PackEdits.of(new JunosPack(), "roce-pod-d", "qfx-leaf-1");

  @Test
  void mtuOfOnePortIsAMergeOfThatLeafUnderConfigurationInterfaces() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.MTU, "et-0/0/1"));
    assertEquals(List.of("merge /configuration/interfaces/interface[et-0/0/1]/mtu"), steps(edit));
    assertEquals(
        """
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" xmlns:nc="urn:ietf:params:xml:ns:netconf:base:1.0">
                  <configuration xmlns="http://yang.juniper.net/junos/conf/root">
                    <interfaces xmlns="http://yang.juniper.net/junos/conf/interfaces">
                      <interface>
                        <name>et-0/0/1</name>
                        <mtu nc:operation="merge">9216</mtu>
                      </interface>
                    </interfaces>
                  </configuration>
                </config>
                """,
        edit.config());
  }

  @Test
  void aPortsPfcIsItsProfilesCodePointsItsBindingAndTheFlowControlChoice() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.PFC, "et-0/0/0"));
    assertEquals(
        List.of(
            "merge /configuration/class-of-service/interfaces/interface[et-0/0/0]/congestion-notification-profile",
            "replace /configuration/class-of-service/congestion-notification-profile[pfc-et-0/0/0]/input/ieee-802.1",
            "replace /configuration/class-of-service/congestion-notification-profile[pfc-et-0/0/0]/output/ieee-802.1",
            "remove /configuration/interfaces/interface[et-0/0/0]/gigether-options/flow-control",
            "merge /configuration/interfaces/interface[et-0/0/0]/gigether-options/no-flow-control"),
        steps(edit));
    assertTrue(edit.config().contains("<name>pfc-et-0/0/0</name>"), edit.config());
  }

  @Test
  void theSwitchWideWatchdogIsEveryPortsProfileWatchdog() throws ReadException {
    Remediation.Edit edit = EDITS.edit(DriftedPart.switchWide(Feature.WATCHDOG));
    List<String> expected =
        EDITS.sw().ports().stream()
            .filter(CompiledPort::watchdog)
            .map(
                p ->
                    "replace /configuration/class-of-service/congestion-notification-profile[pfc-"
                        + p.name()
                        + "]/pfc-watchdog")
            .toList();
    assertTrue(steps(edit).containsAll(expected), steps(edit).toString());
    assertEquals(EDITS.sw().ports().size(), steps(edit).size(), steps(edit).toString());
  }

  @Test
  void aPortTheIntentDoesNotHaveLosesItsProfileBindingOnly() throws ReadException {
    Remediation.Edit edit =
        EDITS.edit(
            new DriftedPart(Feature.PFC, "et-0/0/9"), new DriftedPart(Feature.MTU, "et-0/0/9"));
    assertEquals(
        List.of(
            "remove /configuration/class-of-service/interfaces/interface[et-0/0/9]/congestion-notification-profile"),
        steps(edit));
    assertEquals(
        List.of(new DriftedPart(Feature.MTU, "et-0/0/9")),
        List.copyOf(edit.notRemediable().keySet()));
  }

  @Test
  void switchWideEcnReplacesTheDropProfilesAndSchedulersWeftRenders() throws ReadException {
    List<String> got = steps(EDITS.edit(DriftedPart.switchWide(Feature.ECN)));
    assertTrue(
        got.stream()
            .anyMatch(s -> s.equals("replace /configuration/class-of-service/drop-profiles[rdma]")),
        got.toString());
    assertTrue(
        got.stream()
            .allMatch(
                s ->
                    s.startsWith("replace /configuration/class-of-service/drop-profiles[")
                        || s.startsWith("replace /configuration/class-of-service/schedulers[")),
        got.toString());
  }
}
