package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code weft remediate} on REAL netconfd devices loaded with the vendors' published models: one
 * Junos device (Juniper's junos-conf YANG) and one SR Linux device (Nokia's), roce-pod-d's
 * qfx-leaf-1 and srl-spine-1, and one EOS device (Arista's OpenConfig models with
 * arista-qos-augments), roce-pod-e's eos-spine-1, which names no CLI login: its NETCONF part alone
 * is remediated (EosRemediateOnLabTest has the switch with both parts). Each starts from its
 * rendered payload; an operator's changes in the vendor's own shape are injected with
 * python3-ncclient (the same ones the vendor's drift test finds); a dry run plans in the vendor's
 * model and the device's own log (netconfd at debug level names every RPC) shows no lock and no
 * edit; {@code --apply} brings the device back byte for byte to what the rendered payload made it,
 * committed (running, candidate and the saved startup config agree), and a second run has nothing
 * to do.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VendorRemediateOnLabTest {

  private static final String JUNOS = "qfx-leaf-1";
  private static final String SRLINUX = "srl-spine-1";
  private static final String EOS = "eos-spine-1";
  private static final List<String> WRITES =
      List.of(
          "edit-config", "lock", "commit", "discard-changes", "validate", "copy-config", "unlock");

  private LabPod pod;
  private LabPod eosPod;

  @BeforeAll
  void startDevices() throws Exception {
    pod =
        LabPod.start(
            Map.of("juniper", List.of(JUNOS), "nokia", List.of(SRLINUX)),
            Map.of("NETCONF_LAB_LOG_LEVEL", "debug"));
    eosPod =
        LabPod.start(
            NxosOnLabTest.INVENTORY,
            Map.of("arista", List.of(EOS)),
            Map.of("NETCONF_LAB_LOG_LEVEL", "debug"));
  }

  @AfterAll
  void stopDevices() throws Exception {
    if (pod != null) {
      pod.close();
    }
    if (eosPod != null) {
      eosPod.close();
    }
  }

  @BeforeEach
  void seed() throws Exception {
    pod.seed();
    eosPod.seed();
  }

  private LabPod podOf(String device) {
    return device.equals(EOS) ? eosPod : pod;
  }

  /**
   * One vendor's case: its device, the drift injected, the parts a dry run plans, text the edit
   * holds (in the vendor's model) and the element of a part that did not drift, which the edit must
   * not hold.
   */
  private record Case(
      String device, String injected, List<String> parts, List<String> editHolds, String notSent) {}

  @Test
  void junosDriftIsPlannedInJuniperModelAndRemediatedWithAConfirmedCommit() throws Exception {
    remediates(
        new Case(
            JUNOS,
            JunosOnLabTest.INJECTED,
            List.of("ecn null", "mtu et-0/0/1", "pfc et-0/0/0", "watchdog null"),
            List.of(
                "<configuration xmlns=\"http://yang.juniper.net/junos/conf/root\">",
                "<mtu nc:operation=\"merge\">9216</mtu>",
                "<ieee-802.1 nc:operation=\"replace\">",
                "<drop-profiles nc:operation=\"replace\">",
                "<pfc-watchdog nc:operation=\"replace\">"),
            "<scheduler-maps"));
  }

  @Test
  void srLinuxDriftIsPlannedInNokiaModelAndRemediatedWithAConfirmedCommit() throws Exception {
    remediates(
        new Case(
            SRLINUX,
            SrlinuxOnLabTest.INJECTED,
            List.of("ecn null", "mtu ethernet-1/2", "pfc ethernet-1/1", "watchdog null"),
            List.of(
                "<interface xmlns=\"urn:nokia.com:srlinux:chassis:interfaces\">",
                "<mtu nc:operation=\"merge\">9216</mtu>",
                "<pfc-mapping-profile nc:operation=\"replace\">",
                "<queue-management-profile nc:operation=\"replace\">"),
            "<scheduler-policies"));
  }

  /**
   * EOS over NETCONF alone: its PFC bitmap replaced, every tx-queue Weft renders sent whole (ECN
   * and scheduling are per queue for the switch), the MTU merged; the watchdog did not drift.
   */
  @Test
  void eosDriftIsPlannedInAristasModelAndRemediatedWithAConfirmedCommit() throws Exception {
    remediates(
        new Case(
            EOS,
            EosOnLabTest.INJECTED,
            List.of("ecn null", "mtu Ethernet2/1", "pfc Ethernet1/1"),
            List.of(
                "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">",
                "<mtu nc:operation=\"merge\">9214</mtu>",
                "<pfc xmlns=\"http://arista.com/yang/openconfig/qos/augments\">",
                "<config nc:operation=\"replace\">",
                "<queue nc:operation=\"replace\">",
                "<min-threshold>150000</min-threshold>"),
            "<watchdog"));
  }

  private void remediates(Case c) throws Exception {
    Cli planned = dryRunSendsNoEdit(c.device(), c.injected(), c.parts());
    String edit = (String) plan(planned, c.device()).get("edit");
    for (String holds : c.editHolds()) {
      assertTrue(edit.contains(holds), "the edit lacks " + holds + ":\n" + edit);
    }
    assertFalse(edit.contains(c.notSent()), "a part that did not drift is sent: " + edit);
    applyBringsItBack(c);
  }

  /**
   * Injects {@code drift}, runs a dry run: the plan has {@code parts}, the device received reads
   * only.
   */
  private Cli dryRunSendsNoEdit(String device, String drift, List<String> parts) throws Exception {
    LabPod home = podOf(device);
    String seeded = home.config(device, "running");
    home.inject(device, drift);
    String drifted = home.config(device, "running");
    assertNotEquals(seeded, drifted);
    NetconfLab.Device d = home.device(device);
    long mark = d.logMark();
    Cli r = home.weft("remediate", List.of(device));
    List<String> rpcs = d.rpcsSince(mark);
    assertEquals(Map.of(device, "planned"), r.devices(), r.out() + r.err());
    assertEquals(1, r.exit(), r.out());
    assertEquals(parts, parts(r, device), r.out());
    assertTrue(rpcs.contains("get-config"), rpcs.toString());
    for (String write : WRITES) {
      assertFalse(rpcs.contains(write), write + " reached " + device + " in a dry run: " + rpcs);
    }
    assertEquals(drifted, home.config(device, "running"));
    return r;
  }

  /**
   * --apply: remediated, exactly the push protocol on the device, back to the seeded config,
   * committed and saved.
   */
  private void applyBringsItBack(Case c) throws Exception {
    String device = c.device();
    LabPod home = podOf(device);
    NetconfLab.Device d = home.device(device);
    home.seed();
    String seeded = home.config(device, "running");
    byte[] seededStartup = Files.readAllBytes(d.startupConfig());
    home.inject(device, c.injected());
    long mark = d.logMark();
    Cli r = home.weft("remediate", List.of(device), "--apply", "--confirm-timeout", "60s");
    assertEquals(Map.of(device, "remediated"), r.devices(), r.out() + r.err());
    assertEquals(0, r.exit(), r.out());
    List<String> rpcs = d.rpcsSince(mark);
    // the push session's own RPCs: the log interleaves other sessions' (the plan read's)
    List<String> pushed = d.sessionRpcsSince(mark, "lock");
    List<String> push = pushed.subList(0, pushed.lastIndexOf("unlock") + 1);
    assertEquals(
        List.of(
            "lock",
            "discard-changes",
            "get-config",
            "edit-config",
            "validate",
            "discard-changes",
            "edit-config",
            "commit",
            "get-config",
            "commit",
            "unlock"),
        push,
        rpcs.toString());
    assertEquals(seeded, home.config(device, "running"), "only the drift was undone");
    assertEquals(seeded, home.config(device, "candidate"));
    // the confirming commit made it the device's saved config, as the seed's commit had
    assertArrayEquals(
        seededStartup,
        Files.readAllBytes(d.startupConfig()),
        "the saved config is not the seeded one");
    Cli drift = home.drift(List.of(device));
    assertEquals(Map.of(device, "ok"), drift.devices(), drift.out());
    Cli again = home.weft("remediate", List.of(device));
    assertEquals(Map.of(device, "ok"), again.devices(), again.out());
    assertEquals(List.of(), parts(again, device));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> plan(Cli r, String device) throws Exception {
    return ((List<Map<String, Object>>) r.json().get("plans"))
        .stream()
            .filter(p -> device.equals(p.get("device")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no plan of " + device + ": " + r.out()));
  }

  @SuppressWarnings("unchecked")
  private static List<String> parts(Cli r, String device) throws Exception {
    return ((List<Map<String, Object>>) plan(r, device).get("parts"))
        .stream().map(p -> p.get("feature") + " " + p.get("port")).sorted().toList();
  }
}
