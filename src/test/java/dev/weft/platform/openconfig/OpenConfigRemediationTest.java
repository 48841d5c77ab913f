package dev.weft.platform.openconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.SafeXml;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The OpenConfig pack's edits, cut from what its template renders for roce-pod-c's oc-leaf-1: each
 * drifted part sends exactly its subtrees (the lab test RemediateOnDevicesTest pushes them to real
 * netconfd devices).
 */
class OpenConfigRemediationTest {

  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-c");
  private static final Remediation REMEDIATION = new OpenConfigPack().remediation().orElseThrow();

  private static CompiledSwitch leaf() {
    return (CompiledSwitch) FABRIC.device("oc-leaf-1").orElseThrow();
  }

  private static String render(CompiledSwitch sw) {
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, FABRIC.fabric());
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    return out.text(REMEDIATION.renderedFile());
  }

  private static Remediation.Edit edit(CompiledSwitch sw, DriftedPart... parts)
      throws ReadException {
    return REMEDIATION.edit(sw, render(sw), List.of(parts));
  }

  private static List<String> steps(Remediation.Edit edit) {
    return edit.steps().stream().map(s -> s.operation().word() + " " + s.path()).toList();
  }

  @Test
  void mtuOfOnePortIsAMergeOfThatLeafAndNothingElse() throws ReadException {
    Remediation.Edit edit = edit(leaf(), new DriftedPart(Feature.MTU, "Ethernet8"));
    assertEquals(List.of("merge /interfaces/interface[Ethernet8]/config/mtu"), steps(edit));
    assertEquals(
        """
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" xmlns:nc="urn:ietf:params:xml:ns:netconf:base:1.0">
                  <interfaces xmlns="http://openconfig.net/yang/interfaces">
                    <interface>
                      <name>Ethernet8</name>
                      <config>
                        <name>Ethernet8</name>
                        <mtu nc:operation="merge">9214</mtu>
                      </config>
                    </interface>
                  </interfaces>
                </config>
                """,
        edit.config());
    assertTrue(edit.notRemediable().isEmpty());
  }

  @Test
  void switchWidePartsReplaceTheObjectsWeftRendersByName() throws ReadException {
    Remediation.Edit edit =
        edit(
            leaf(), DriftedPart.switchWide(Feature.SCHEDULER), DriftedPart.switchWide(Feature.ECN));
    List<String> ecn =
        leaf().ecnProfiles().stream()
            .map(
                p ->
                    "replace /qos/queue-management-profiles/queue-management-profile["
                        + p.name()
                        + "]")
            .toList();
    List<String> expected = new ArrayList<>(ecn);
    expected.add("replace /qos/scheduler-policies/scheduler-policy[roce]");
    assertEquals(expected.stream().sorted().toList(), steps(edit).stream().sorted().toList());
    Document doc = parse(edit.config());
    assertEquals(
        1, doc.getElementsByTagNameNS(OpenConfigReader.QOS, "scheduler-policy").getLength());
    assertEquals(
        0,
        doc.getElementsByTagNameNS(OpenConfigReader.IF, "interfaces").getLength(),
        edit.config());
  }

  @Test
  void theSwitchWideLosslessSetResetsPfcOnEveryPortOfTheIntent() throws ReadException {
    Remediation.Edit edit = edit(leaf(), DriftedPart.switchWide(Feature.PFC));
    List<String> expected =
        leaf().ports().stream()
            .map(p -> "replace /qos/interfaces/interface[" + p.name() + "]/pfc/config")
            .toList();
    assertEquals(expected, steps(edit));
    // every qos interface entry carries its key twice, as OpenConfig lists do, so merging it
    // creates a valid entry
    Document doc = parse(edit.config());
    NodeList ids = doc.getElementsByTagNameNS(OpenConfigReader.QOS, "interface-id");
    assertEquals(2 * leaf().ports().size(), ids.getLength(), edit.config());
  }

  @Test
  void aPortTheIntentDoesNotHaveOnlyLosesItsPfc() throws ReadException {
    Remediation.Edit edit =
        edit(
            leaf(),
            new DriftedPart(Feature.PFC, "Ethernet99"),
            new DriftedPart(Feature.MTU, "Ethernet99"));
    assertEquals(List.of("remove /qos/interfaces/interface[Ethernet99]/pfc/config"), steps(edit));
    assertTrue(edit.config().contains("<config nc:operation=\"remove\"/>"), edit.config());
    assertEquals(Set.of(new DriftedPart(Feature.MTU, "Ethernet99")), edit.notRemediable().keySet());
    assertTrue(
        edit.notRemediable().values().iterator().next().contains("not in the intent"),
        edit.notRemediable().toString());
  }

  @Test
  void classificationSendsQueuesGroupsAndTheClassifierAndPerPortTrust() throws ReadException {
    Remediation.Edit edit =
        edit(
            leaf(),
            DriftedPart.switchWide(Feature.CLASSIFICATION),
            new DriftedPart(Feature.CLASSIFICATION, "Ethernet0"));
    List<String> got = steps(edit);
    assertEquals(
        8,
        got.stream().filter(s -> s.startsWith("merge /qos/queues/queue[q")).count(),
        got.toString());
    assertEquals(
        8,
        got.stream()
            .filter(s -> s.startsWith("replace /qos/forwarding-groups/forwarding-group[tc"))
            .count(),
        got.toString());
    assertTrue(got.contains("replace /qos/classifiers/classifier[dscp-in]"), got.toString());
    assertTrue(
        got.contains("merge /qos/interfaces/interface[Ethernet0]/config/trust-dscp"),
        got.toString());
    assertTrue(got.contains("replace /qos/interfaces/interface[Ethernet0]/input"), got.toString());
  }

  @Test
  void whatTheIntentDoesNotHaveOnAPortIsRemoved() throws ReadException {
    CompiledSwitch sw = leaf();
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      ports.add(p.name().equals("Ethernet0") ? p.toBuilder().trustDscp(false).build() : p);
    }
    CompiledSwitch untrusted = sw.toBuilder().ports(ports).build();
    Remediation.Edit edit = edit(untrusted, new DriftedPart(Feature.CLASSIFICATION, "Ethernet0"));
    assertEquals(
        List.of(
            "merge /qos/interfaces/interface[Ethernet0]/config/trust-dscp",
            "remove /qos/interfaces/interface[Ethernet0]/input"),
        steps(edit));
    assertTrue(
        edit.config()
            .contains(
                "<trust-dscp xmlns=\"urn:weft:yang:qos-ext\" nc:operation=\"merge\">false</trust-dscp>"),
        edit.config());
    assertTrue(edit.config().contains("<input nc:operation=\"remove\"/>"), edit.config());
  }

  @Test
  void portFeaturesSendTheirOwnSubtreesOnly() throws ReadException {
    Remediation.Edit edit =
        edit(
            leaf(),
            new DriftedPart(Feature.BUFFERS, "Ethernet8"),
            new DriftedPart(Feature.ECN, "Ethernet8"),
            new DriftedPart(Feature.WATCHDOG, "Ethernet8"),
            new DriftedPart(Feature.PFC, "Ethernet8"));
    assertEquals(
        List.of(
            "replace /qos/interfaces/interface[Ethernet8]/pfc/config",
            "merge /interfaces/interface[Ethernet8]/ethernet/config/enable-flow-control",
            "replace /qos/interfaces/interface[Ethernet8]/output/queues",
            "replace /qos/interfaces/interface[Ethernet8]/pfc/watchdog",
            "merge /qos/interfaces/interface[Ethernet8]/config/cable-length",
            "replace /qos/interfaces/interface[Ethernet8]/priority-groups"),
        steps(edit));
    Document doc = parse(edit.config());
    // one qos interface entry for the port, holding all four features' subtrees
    assertEquals(
        1,
        doc.getElementsByTagNameNS(OpenConfigReader.QOS, "interface").getLength(),
        edit.config());
    assertEquals(
        1, doc.getElementsByTagNameNS(OpenConfigReader.EXT, "pfc").getLength(), edit.config());
    // each subtree sent carries its operation; the addressing elements around them carry none
    NodeList all = doc.getElementsByTagName("*");
    int withOperation = 0;
    for (int i = 0; i < all.getLength(); i++) {
      if (((Element) all.item(i)).hasAttributeNS(OpenConfigReader.NC, "operation")) {
        withOperation++;
      }
    }
    assertEquals(edit.steps().size(), withOperation, edit.config());
  }

  @Test
  void theHashIsNotRemediableAndNothingIsSentForIt() throws ReadException {
    Remediation.Edit edit = edit(leaf(), DriftedPart.switchWide(Feature.HASH));
    assertTrue(edit.isEmpty());
    assertEquals(
        "OpenConfig has no ECMP hash-field configuration",
        edit.notRemediable().get(DriftedPart.switchWide(Feature.HASH)));
  }

  @Test
  void theSameInputGivesTheSameBytes() throws ReadException {
    DriftedPart[] parts = {
      DriftedPart.switchWide(Feature.CLASSIFICATION),
      new DriftedPart(Feature.MTU, "Ethernet0"),
      DriftedPart.switchWide(Feature.WATCHDOG)
    };
    assertEquals(edit(leaf(), parts).config(), edit(leaf(), parts).config());
    assertFalse(edit(leaf(), parts).config().isEmpty());
  }

  @Test
  void aRenderedFileThatIsNotAConfigIsRefused() {
    ReadException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ReadException.class,
            () ->
                REMEDIATION.edit(
                    leaf(),
                    "<data xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"/>",
                    List.of(DriftedPart.switchWide(Feature.SCHEDULER))));
    assertTrue(
        e.getMessage().contains("expected a NETCONF <config> element, found <data>"),
        e.getMessage());
  }

  private static Document parse(String xml) {
    try {
      return SafeXml.parse(xml, "edit");
    } catch (ReadException e) {
      throw new AssertionError(e.getMessage() + "\n" + xml, e);
    }
  }
}
