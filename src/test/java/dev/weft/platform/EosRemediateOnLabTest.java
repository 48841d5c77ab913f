package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.SshLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code weft remediate} on roce-pod-e's EOS spines, each a REAL netconfd device with Arista's
 * published models (the NETCONF part) and a REAL sshd device of {@code scripts/ssh-lab} whose
 * {@code eos} account emulates EOS's configuration sessions (the CLI part: {@code configure
 * session} reading commands on standard input, refusing a command shape it does not know or a port
 * the switch does not have, {@code show session-config named NAME diffs}, {@code commit timer},
 * {@code configure session NAME commit|abort}, and the rollback when the timer lapses, fired
 * deterministically by {@code ssh-lab expire}/{@code lapse}: no test waits for a timer). Both
 * halves of each spine start from what Weft rendered for it; the CLI half is then drifted, and in
 * the tests of the whole plan the NETCONF half too. eos-spine-2's netconfd loads Arista's
 * openconfig-interfaces with one lab {@code must}: a port an operator disabled ({@code enabled
 * false}, a leaf Weft neither renders nor reads) takes MTUs up to 5000 only, so the device refuses
 * Weft's jumbo MTU there at {@code <validate>}, and behaves as Arista's models otherwise.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EosRemediateOnLabTest {

  private static final List<String> SPINES = List.of("eos-spine-1", "eos-spine-2");
  private static final String CLI_FILE = "weft-qos.eos.cfg";
  private static final String DSCP_26 = "qos map dscp 26 to traffic-class 3\n";
  private static final String STRICT = "this lab device takes MTUs up to 5000 on a disabled port";

  private SshLab cli;
  private LabPod pod;

  @BeforeAll
  void startDevices() throws Exception {
    pod = LabPod.startWithCli(NxosOnLabTest.INVENTORY, Map.of("arista", SPINES), SPINES);
    cli = pod.cli();
    strictOnDisabledPorts("eos-spine-2");
  }

  /** Restarts {@code spine}'s device on a copy of its models with the lab must (class comment). */
  private void strictOnDisabledPorts(String spine) throws Exception {
    NetconfLab lab = pod.lab(spine);
    Path ifs = lab.yangDir().resolve("openconfig-interfaces.yang");
    String text = Files.readString(ifs);
    String anchor = "    leaf mtu {\n      type uint16;\n";
    assertTrue(
        text.contains(anchor),
        "openconfig-interfaces.yang changed: the lab must needs a new anchor");
    Files.writeString(
        ifs,
        text.replace(
            anchor,
            anchor
                + "      must \"not(../enabled = 'false') or . <= 5000\" {\n"
                + "        error-message \""
                + STRICT
                + "\";\n      }\n"));
    lab.restartDevice(pod.device(spine).index());
  }

  @AfterAll
  void stopDevices() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @BeforeEach
  void seed() throws Exception {
    pod.seedWithCli("eos", CLI_FILE);
  }

  @Test
  void aDriftedDscpMapAndHashAreBroughtBackInASessionAndConfirmed() throws Exception {
    String drifted = dropProtocolFromHash(rendered(1).replace(DSCP_26, dscp26To(1)));
    cli.loadOrFail(1, "eos", List.of(drifted));

    Cli dry = remediate();
    assertEquals(Map.of("eos-spine-1", "planned"), dry.devices(), dry.out() + dry.err());
    Map<String, Object> plan = dry.plan("eos-spine-1");
    assertEquals("eos-session", plan.get("edit_kind"), dry.out());
    String commands = (String) plan.get("edit");
    assertTrue(commands.contains(DSCP_26), commands);
    assertTrue(commands.contains("ip load-sharing trident fields ip "), commands);
    assertFalse(commands.contains("hostname"), "only Weft's features are sent: " + commands);
    assertFalse(commands.contains("interface "), "no port's trust drifted: " + commands);
    assertEquals(List.of("classification null", "hash null"), dry.parts("eos-spine-1"), dry.out());
    assertEquals(drifted, cli.running(1), "a dry run changes nothing");

    Cli r = remediate("--apply");
    assertEquals(Map.of("eos-spine-1", "remediated"), r.devices(), r.out() + r.err());
    assertEquals(
        List.of(
            "cli connect",
            "cli read",
            "cli session",
            "cli session-diffs",
            "cli commit-timer",
            "cli read-back",
            "cli confirm"),
        cliSteps(r, "eos-spine-1"),
        r.out());
    assertEquals(0, r.exit(), r.out());
    assertFalse(cli.awaitsConfirm(1), "the commit timer was confirmed");
    assertEquals(rendered(1), cli.running(1), "the switch holds the rendered fragment again");
    cli.expire(1);
    assertEquals(rendered(1), cli.running(1), "a confirmed commit stays when the timer fires");
    Cli drift = pod.drift(SPINES);
    assertEquals(List.of(), drift.findings(), drift.out());
    Cli again = remediate("--apply");
    assertEquals(Map.of("eos-spine-1", "ok"), again.devices(), again.out());
  }

  @Test
  void aCommandTheSwitchRefusesLeavesItUnchanged() throws Exception {
    // the intent's first port is missing from the switch's running-config (EOS lists every
    // physical port there): the session's `interface` line for its trust is refused, and nothing
    // of the session, the DSCP fix included, reaches the running-config
    String port = firstInterface(rendered(1));
    String block = rendered(1).substring(rendered(1).indexOf("interface " + port + "\n"));
    block = block.substring(0, block.indexOf("!\n") + 2);
    String before = rendered(1).replace(block, "").replace(DSCP_26, dscp26To(1));
    cli.loadOrFail(1, "eos", List.of(before));

    Cli r = remediate("--apply");
    assertEquals(Map.of("eos-spine-1", "rejected:session"), r.devices(), r.out() + r.err());
    String message = (String) r.finding("remediate-rejected").get("message");
    assertTrue(message.contains("% Invalid input (at token 1: '" + port + "')"), message);
    assertEquals(
        List.of("cli connect", "cli read", "cli session"), cliSteps(r, "eos-spine-1"), r.out());
    assertEquals(before, cli.running(1), "the switch is unchanged, byte for byte");
    assertFalse(cli.pending(1), "the refused session left nothing pending");
    assertEquals(1, r.exit(), r.out());
  }

  @Test
  void aReadBackOutOfSyncIsNotConfirmedAndTheSessionIsAborted() throws Exception {
    String before = rendered(1).replace(DSCP_26, dscp26To(1));
    cli.loadOrFail(1, "eos", List.of(before));
    // the lab fault: another writer's change of a traffic class's queue lands with the commit
    cli.fault(1, "qos map traffic-class 3 to tx-queue 5\n");

    Cli r = remediate("--apply");
    assertEquals(
        Map.of("eos-spine-1", "rolled-back:still-drifted"), r.devices(), r.out() + r.err());
    assertEquals(ABORTED_SESSION, cliSteps(r, "eos-spine-1"), r.out());
    String message = (String) r.finding("remediate-rolled-back").get("message");
    assertTrue(message.contains("not confirmed"), message);
    assertFalse(cli.awaitsConfirm(1), "the abort took the commit back");
    assertEquals(before, cli.running(1), "the switch is back, byte for byte");
    assertEquals(1, r.exit(), r.out());
  }

  @Test
  void aCommitTimerThatLapsesBeforeTheReadBackRollsBack() throws Exception {
    String before = rendered(1).replace(DSCP_26, dscp26To(1));
    cli.loadOrFail(1, "eos", List.of(before));
    cli.lapse(1);

    Cli r = remediate("--apply");
    assertEquals(
        Map.of("eos-spine-1", "rolled-back:still-drifted"), r.devices(), r.out() + r.err());
    assertFalse(cli.awaitsConfirm(1), "the lapsed timer rolled the commit back");
    assertEquals(before, cli.running(1), "the switch is back, byte for byte");
    assertEquals(1, r.exit(), r.out());
  }

  @Test
  void maxDevicesAndCanaryBehaveAsForEveryPlatform() throws Exception {
    String a = rendered(1).replace(DSCP_26, dscp26To(1));
    String b = rendered(2).replace(DSCP_26, dscp26To(2));
    cli.loadOrFail(1, "eos", List.of(a, b));
    Cli r = pod.weft("remediate", SPINES, "--apply", "--max-devices", "1");
    assertEquals(
        Map.of("eos-spine-1", "remediated", "eos-spine-2", "skipped:max-devices"),
        r.devices(),
        r.out() + r.err());
    assertEquals(b, cli.running(2), "the skipped spine got nothing");
    Cli rest = pod.weft("remediate", SPINES, "--apply", "--canary", "1");
    assertEquals(
        Map.of("eos-spine-1", "ok", "eos-spine-2", "remediated"), rest.devices(), rest.out());
    assertEquals(rendered(2), cli.running(2));
  }

  @Test
  void theWholePlanIsAppliedTheCliPartFirstThenNetconfAndBothAreBack() throws Exception {
    String seeded = pod.config("eos-spine-1", "running");
    String drifted = rendered(1).replace(DSCP_26, dscp26To(1));
    cli.loadOrFail(1, "eos", List.of(drifted));
    pod.inject("eos-spine-1", EosOnLabTest.INJECTED);

    Cli dry = remediate();
    assertEquals(Map.of("eos-spine-1", "planned"), dry.devices(), dry.out() + dry.err());
    assertEquals(
        List.of("classification null", "ecn null", "mtu Ethernet2/1", "pfc Ethernet1/1"),
        dry.parts("eos-spine-1"),
        dry.out());
    Map<String, Object> plan = dry.plan("eos-spine-1");
    assertEquals("eos-session+edit-config", plan.get("edit_kind"), dry.out());
    String edit = (String) plan.get("edit");
    assertTrue(edit.indexOf(DSCP_26) < edit.indexOf("<config "), "the CLI part first: " + edit);
    assertTrue(edit.contains("<queue nc:operation=\"replace\">"), edit);

    Cli r = remediate("--apply");
    assertEquals(Map.of("eos-spine-1", "remediated"), r.devices(), r.out() + r.err());
    assertEquals(0, r.exit(), r.out());
    List<String> netconf = List.of("edit-config", "validate", "commit-confirmed", "confirm");
    List<String> steps = r.stepNames("eos-spine-1");
    assertEquals(netconf, steps.stream().filter(netconf::contains).distinct().toList(), r.out());
    assertTrue(steps.contains("cli confirm"), r.out());
    assertEquals(rendered(1), cli.running(1), "the CLI half holds the rendered fragment again");
    assertFalse(cli.awaitsConfirm(1), "the CLI part was confirmed");
    assertEquals(seeded, pod.config("eos-spine-1", "running"), "the NETCONF half is back");
    Cli drift = pod.drift(List.of("eos-spine-1"));
    assertEquals(List.of(), drift.findings(), drift.out());
    Cli again = remediate("--apply");
    assertEquals(Map.of("eos-spine-1", "ok"), again.devices(), again.out());
  }

  @Test
  void aNetconfEditTheSwitchRefusesLeavesItUnchangedAndTakesTheCliPartBack() throws Exception {
    String cliBefore = rendered(2).replace(DSCP_26, dscp26To(2));
    cli.loadOrFail(1, "eos", List.of(rendered(1), cliBefore));
    // an operator disabled Ethernet2/1 and gave it a standard MTU: Weft's jumbo MTU is refused
    pod.inject(
        "eos-spine-2",
        "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface>"
            + "<name>Ethernet2/1</name><config><name>Ethernet2/1</name><enabled>false</enabled>"
            + "<mtu>1500</mtu></config></interface></interfaces></config>");
    String netconfBefore = pod.config("eos-spine-2", "running");

    Cli r = pod.weft("remediate", List.of("eos-spine-2"), "--apply");
    assertEquals(
        Map.of("eos-spine-2", "rolled-back:netconf-part-failed"), r.devices(), r.out() + r.err());
    assertEquals(1, r.exit(), r.out());
    String refused = (String) r.finding("remediate-rejected").get("message");
    assertTrue(refused.contains("validate") && refused.contains(STRICT), refused);
    String undone = (String) r.finding("remediate-rolled-back").get("message");
    assertTrue(undone.contains("the NETCONF part ended rejected:validate"), undone);
    assertEquals(ABORTED_SESSION, cliSteps(r, "eos-spine-2"), r.out());
    assertEquals(netconfBefore, pod.config("eos-spine-2", "running"), "NETCONF half unchanged");
    assertEquals(netconfBefore, pod.config("eos-spine-2", "candidate"), "nothing left staged");
    assertEquals(cliBefore, cli.running(2), "the CLI part was taken back, byte for byte");
    assertFalse(cli.awaitsConfirm(2), "the abort took the commit back");
  }

  // ------------------------------------------------------------------ helpers

  private Cli remediate(String... extra) {
    return pod.weft("remediate", List.of("eos-spine-1"), extra);
  }

  private String rendered(int i) {
    return pod.rendered(SPINES.get(i - 1), CLI_FILE);
  }

  private static String dscp26To(int tc) {
    return "qos map dscp 26 to traffic-class " + tc + "\n";
  }

  private static String dropProtocolFromHash(String text) {
    String line =
        text.lines()
            .filter(l -> l.startsWith("ip load-sharing trident fields ip "))
            .findFirst()
            .orElseThrow();
    assertTrue(line.contains(" protocol"), line);
    return text.replace(line + "\n", line.replace(" protocol", "") + "\n");
  }

  private static String firstInterface(String text) {
    return text.lines()
        .filter(l -> l.startsWith("interface "))
        .findFirst()
        .orElseThrow()
        .substring("interface ".length());
  }

  private static List<String> cliSteps(Cli r, String device) throws Exception {
    return r.stepNames(device).stream().filter(s -> s.startsWith("cli ")).toList();
  }

  /** A CLI part that was committed on a timer, then aborted: the switch takes its session back. */
  private static final List<String> ABORTED_SESSION =
      List.of(
          "cli connect",
          "cli read",
          "cli session",
          "cli session-diffs",
          "cli commit-timer",
          "cli read-back",
          "cli abort");
}
