package dev.weft.platform.eos;

import static dev.weft.platform.PackEdits.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledQueue;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.PackEdits;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The EOS pack's NETCONF edits, cut from what its template renders for roce-pod-e's eos-spine-1, in
 * Arista's model (VendorRemediateOnLabTest and EosRemediateOnLabTest push them to a real netconfd
 * device loaded with Arista's published YANG).
 */
class EosRemediationTest {

  private static final PackEdits EDITS = PackEdits.of(new EosPack(), "roce-pod-e", "eos-spine-1");

  private static final String AQ = "xmlns=\"http://arista.com/yang/openconfig/qos/augments\"";

  @Test
  void aPortsPfcIsItsNoDropBitmapAndItsPause() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.PFC, "Ethernet1/1"));
    assertEquals(
        List.of(
            "replace /qos/interfaces/interface[Ethernet1/1]/output/pfc/config",
            "merge /interfaces/interface[Ethernet1/1]/ethernet/config/enable-flow-control"),
        steps(edit));
    assertEquals("edit-config", edit.kind());
    String xml = edit.config();
    assertTrue(xml.contains("<pfc " + AQ + ">"), xml);
    assertTrue(xml.contains("<config nc:operation=\"replace\">"), xml);
    assertTrue(xml.contains("<priorities-no-drop>18</priorities-no-drop>"), xml);
    // the qos entry carries its key twice, as OpenConfig lists do, so merging it creates it
    assertEquals(2, xml.split("<interface-id>Ethernet1/1</interface-id>", -1).length - 1, xml);
    assertTrue(xml.contains("<enable-flow-control nc:operation=\"merge\">false<"), xml);
  }

  @Test
  void mtuIsTheSameLeafAsOnEveryOpenConfigDevice() throws ReadException {
    Remediation.Edit edit = EDITS.edit(new DriftedPart(Feature.MTU, "Ethernet2/1"));
    assertEquals(List.of("merge /interfaces/interface[Ethernet2/1]/config/mtu"), steps(edit));
    assertTrue(edit.config().contains("<mtu nc:operation=\"merge\">9214</mtu>"), edit.config());
  }

  /** EOS keeps a tx-queue's scheduling and marking in one entry, for the whole switch. */
  @Test
  void ecnAndSchedulingSendEveryRenderedQueueWholeOnce() throws ReadException {
    List<String> queues =
        EDITS.sw().queues().stream()
            .map(CompiledQueue::queue)
            .distinct()
            .sorted()
            .map(q -> "replace /qos/queues/queue[" + q + "]")
            .toList();
    Remediation.Edit ecn = EDITS.edit(DriftedPart.switchWide(Feature.ECN));
    assertEquals(queues, steps(ecn));
    assertTrue(ecn.config().contains("<min-threshold>150000</min-threshold>"), ecn.config());
    assertFalse(ecn.config().contains("<interfaces"), "no port is touched: " + ecn.config());
    Remediation.Edit both =
        EDITS.edit(DriftedPart.switchWide(Feature.ECN), DriftedPart.switchWide(Feature.SCHEDULER));
    assertEquals(
        queues.size(),
        both.config().split("<queue nc:operation=\"replace\">", -1).length - 1,
        both.config());
  }

  @Test
  void theWatchdogIsTheSwitchWideOneWhicheverPartDrifted() throws ReadException {
    Remediation.Edit edit =
        EDITS.edit(
            DriftedPart.switchWide(Feature.WATCHDOG),
            new DriftedPart(Feature.WATCHDOG, "Ethernet1/1"));
    assertEquals(Set.of("replace /qos/pfc/watchdog"), Set.copyOf(steps(edit)));
    assertEquals(1, edit.config().split("<watchdog ", -1).length - 1, edit.config());
    assertTrue(edit.config().contains("<action>DROP</action>"), edit.config());
  }

  @Test
  void aPortTheIntentDoesNotHaveLosesItsNoDropBitmapOnly() throws ReadException {
    Remediation.Edit edit =
        EDITS.edit(
            new DriftedPart(Feature.PFC, "Ethernet9/1"),
            new DriftedPart(Feature.MTU, "Ethernet9/1"));
    assertEquals(
        List.of("remove /qos/interfaces/interface[Ethernet9/1]/output/pfc/config"), steps(edit));
    assertEquals(
        Set.of(new DriftedPart(Feature.MTU, "Ethernet9/1")), edit.notRemediable().keySet());
  }

  /** What EOS does not serve over NETCONF is not sent, and the reason names the way it is. */
  @Test
  void classificationHashAndBuffersAreNotEditedOverNetconf() throws ReadException {
    Remediation.Edit edit =
        EDITS.edit(
            DriftedPart.switchWide(Feature.CLASSIFICATION),
            DriftedPart.switchWide(Feature.HASH),
            new DriftedPart(Feature.BUFFERS, "Ethernet1/1"));
    assertTrue(edit.isEmpty());
    assertTrue(
        edit.notRemediable()
            .get(DriftedPart.switchWide(Feature.CLASSIFICATION))
            .contains("management.cli"),
        edit.notRemediable().toString());
    assertTrue(
        edit.notRemediable().get(DriftedPart.switchWide(Feature.HASH)).contains("management.cli"));
    assertTrue(
        edit.notRemediable()
            .get(new DriftedPart(Feature.BUFFERS, "Ethernet1/1"))
            .contains("state only"));
  }
}
