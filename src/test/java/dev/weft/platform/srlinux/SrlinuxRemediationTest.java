package dev.weft.platform.srlinux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SR Linux pack's edits, cut from what its template renders for roce-pod-d's srl-spine-1, in Nokia's model
 * (VendorRemediateOnLabTest pushes them to a real netconfd device loaded with Nokia's YANG).
 */
class SrlinuxRemediationTest {

    private static final CompiledFabric FABRIC = Examples.compile("roce-pod-d");
    private static final Remediation REMEDIATION = new SrlinuxPack().remediation().orElseThrow();

    private static CompiledSwitch spine() {
        return (CompiledSwitch) FABRIC.device("srl-spine-1").orElseThrow();
    }

    private static Remediation.Edit edit(DriftedPart... parts) throws ReadException {
        Renderer.DeviceOutput out = new Renderer(TemplateFolders.builtIn()).renderDevice(spine(), FABRIC.fabric());
        assertTrue(out.findings().isEmpty(), out.findings().toString());
        return REMEDIATION.edit(spine(), out.text(REMEDIATION.renderedFile()), List.of(parts));
    }

    private static List<String> steps(Remediation.Edit edit) {
        return edit.steps().stream().map(s -> s.operation().word() + " " + s.path()).toList();
    }

    @Test
    void mtuOfOnePortIsAMergeOfThatLeafOfTheTopLevelInterfaceList() throws ReadException {
        Remediation.Edit edit = edit(new DriftedPart(Feature.MTU, "ethernet-1/2"));
        assertEquals(List.of("merge /interface[ethernet-1/2]/mtu"), steps(edit));
        assertEquals("""
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" xmlns:nc="urn:ietf:params:xml:ns:netconf:base:1.0">
                  <interface xmlns="urn:nokia.com:srlinux:chassis:interfaces">
                    <name>ethernet-1/2</name>
                    <mtu nc:operation="merge">9216</mtu>
                  </interface>
                </config>
                """, edit.config());
    }

    @Test
    void aPortsPfcIsItsMappingProfileItsQosPfcAndFlowControl() throws ReadException {
        assertEquals(List.of("replace /qos/pfc-mapping-profile[pfc-ethernet-1/1]",
                "replace /qos/interfaces/interface[ethernet-1/1]/pfc",
                "merge /interface[ethernet-1/1]/ethernet/flow-control"), steps(edit(new DriftedPart(Feature.PFC, "ethernet-1/1"))));
    }

    @Test
    void dscpTrustIsTheSubinterfaceEntryWeftRenders() throws ReadException {
        Remediation.Edit edit = edit(new DriftedPart(Feature.CLASSIFICATION, "ethernet-1/1"));
        assertEquals(List.of("replace /qos/interfaces/interface[ethernet-1/1.0]"), steps(edit));
        assertTrue(edit.config().contains("<dscp-policy>weft-dscp</dscp-policy>"), edit.config());
    }

    @Test
    void theSwitchWideWatchdogIsEveryPortsDeadlockDetection() throws ReadException {
        List<String> got = steps(edit(DriftedPart.switchWide(Feature.WATCHDOG)));
        assertEquals(spine().ports().stream().map(p -> "replace /qos/pfc-mapping-profile[pfc-" + p.name()
                + "]/received-pfc-pause-frames/deadlock").toList(), got);
    }

    @Test
    void aPortsEcnSendsItsQueueBindingsAndTheBurstSizeTheyNeed() throws ReadException {
        assertEquals(List.of("replace /qos/interfaces/interface[ethernet-1/1]/output/queues",
                "replace /qos/buffer-management/buffer-allocation-profile[buf-ethernet-1/1]"),
                steps(edit(new DriftedPart(Feature.ECN, "ethernet-1/1"))));
    }
}
