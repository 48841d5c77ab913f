package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Cli;
import dev.weft.platform.junos.JunosPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code junos} pack against two REAL netconfd devices loaded with Juniper's published Junos
 * EVO 24.4R1 models (junos-conf-root, -interfaces, -class-of-service, -forwarding-options; {@code
 * yang/vendor/juniper}): the rendered payload of roce-pod-d's QFX leaves is accepted by the device
 * and by yanglint, a wrong value is rejected by both, drift is in sync after the push, drift
 * injected with python3-ncclient in Juniper's shape is found per feature with the intent line that
 * owns it, and backup stores the Junos-shaped tree. Juniper's own AI design (the vendored JVD leaf,
 * read from its Junos text) rendered by Weft is accepted by the device and yanglint and reads back
 * from the device as the pack expects it.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class JunosOnLabTest extends VendorLabContract {

  private static final List<String> LEAVES = List.of("qfx-leaf-1", "qfx-leaf-2");
  private static final String CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<configuration xmlns=\"http://yang.juniper.net/junos/conf/root\">";
  private static final String COS =
      "<class-of-service xmlns=\"http://yang.juniper.net/junos/conf/class-of-service\">";

  /**
   * An operator's changes in Juniper's shape (for python3-ncclient): PFC off for priority 4 on
   * et-0/0/0, the watchdog forwarding instead of dropping, RDMA marking from 2% of the queue buffer
   * instead of 1.5%, and a standard MTU on et-0/0/1. {@link VendorRemediateOnLabTest} brings them
   * back.
   */
  static final String INJECTED =
      CONFIG
          + COS
          + "<congestion-notification-profile><name>pfc-et-0/0/0</name><input><ieee-802.1>"
          + "<code-point nc:operation=\"delete\"><name>100</name></code-point></ieee-802.1></input>"
          + "<pfc-watchdog><watchdog-action>forward</watchdog-action></pfc-watchdog></congestion-notification-profile>"
          + "<drop-profiles><name>rdma</name><interpolate nc:operation=\"replace\"><fill-level>2</fill-level>"
          + "<fill-level>15</fill-level><drop-probability>0</drop-probability><drop-probability>100</drop-probability>"
          + "</interpolate></drop-profiles></class-of-service>"
          + "<interfaces xmlns=\"http://yang.juniper.net/junos/conf/interfaces\"><interface><name>et-0/0/1</name>"
          + "<mtu>1500</mtu></interface></interfaces></configuration></config>";

  @Override
  String vendor() {
    return "juniper";
  }

  @Override
  List<String> devices() {
    return LEAVES;
  }

  /** Junos's watchdog actions are drop and forward. */
  @Override
  String withWrongValue(String payload) {
    return payload.replace(
        "<watchdog-action>drop</watchdog-action>", "<watchdog-action>alert</watchdog-action>");
  }

  @Override
  String refusedNode() {
    return "watchdog-action: value not in set";
  }

  @Override
  String yanglintSays() {
    return "Invalid enumeration value \"alert\"";
  }

  @Override
  List<String> backupHolds() {
    return List.of(
        "http://yang.juniper.net/junos/conf/class-of-service",
        "<name>pfc-et-0/0/0</name>",
        "<fill-level>1.500000000</fill-level>",
        "<mtu>9216</mtu>");
  }

  @Test
  void driftInjectedInJunosShapeIsFoundPerFeatureWithItsIntentLine() throws Exception {
    pod.inject("qfx-leaf-1", INJECTED);
    Cli r = pod.drift(LEAVES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    assertEquals(
        List.of(
            "drift-ecn qfx-leaf-1 -",
            "drift-mtu qfx-leaf-1 et-0/0/1",
            "drift-pfc qfx-leaf-1 et-0/0/0",
            "drift-watchdog qfx-leaf-1 -"),
        List.copyOf(drift.keySet()),
        r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), LabPod.INVENTORY);

    Map<String, Object> mtu = drift.get("drift-mtu qfx-leaf-1 et-0/0/1");
    assertEquals(
        List.of("9216", "1500", "/configuration/interfaces/interface[et-0/0/1]/mtu"),
        List.of(mtu.get("expected"), mtu.get("actual"), mtu.get("path")));
    Map<String, Object> pfc = drift.get("drift-pfc qfx-leaf-1 et-0/0/0");
    assertEquals(List.of("[3,4]", "[3]"), List.of(pfc.get("expected"), pfc.get("actual")));
    assertEquals(
        "/configuration/class-of-service/congestion-notification-profile[pfc-et-0/0/0]/input/ieee-802.1/code-point/pfc",
        pfc.get("path"));
    Map<String, Object> wd = drift.get("drift-watchdog qfx-leaf-1 -");
    assertEquals(
        List.of(
            "drop",
            "forward",
            "/configuration/class-of-service/congestion-notification-profile/pfc-watchdog/watchdog-action"),
        List.of(wd.get("expected"), wd.get("actual"), wd.get("path")));
    Map<String, Object> ecn = drift.get("drift-ecn qfx-leaf-1 -");
    assertEquals(List.of("150000 B", "200000 B"), List.of(ecn.get("expected"), ecn.get("actual")));
    assertEquals("inventories/roce-pod-d/fabric.yaml", ecn.get("file"));
    assertEquals(Map.of("qfx-leaf-1", "drift", "qfx-leaf-2", "ok"), r.devices());
    assertEquals(1, r.exit());
  }

  @Test
  void juniperDesignReadFromTextRendersToWhatTheDeviceAcceptsAndReadsBack() throws Exception {
    String jvd =
        Files.readString(
            Examples.projectRoot()
                .resolve(
                    "src/test/resources/corpus/juniper-jvd/data_center/aidc"
                        + "/aiml_multitenancy_backend/configuration/conf/leaf1_qfx5240-64od.conf"),
            StandardCharsets.UTF_8);
    JunosPack pack = new JunosPack();
    CompiledSwitch plan = pack.read(jvd, first(), "leaf1_qfx5240-64od.conf");
    String payload =
        new Renderer(TemplateFolders.builtIn())
            .renderDeviceAs(plan, JunosPack.PLATFORM, "jvd")
            .text("config.xml");
    LabPod.Verdict lint = pod.yanglint(first(), payload);
    assertEquals(0, lint.exit(), lint.output());
    assertNull(pod.push(first(), payload), "the device refused Weft's render of the JVD plan");
    assertEquals(
        pack.expected(plan),
        pack.read(pod.config(first(), "running"), first(), "running of " + first()));
  }
}
