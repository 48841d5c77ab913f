package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * roce-pod-e's EOS spines read both ways: over NETCONF from REAL netconfd devices with Arista's
 * published models, and over their CLI from REAL sshd devices of {@code scripts/ssh-lab} whose
 * {@code eos} account answers {@code show running-config section ...} from the running-config text
 * it was loaded with (the rendered weft-qos.eos.cfg). Classification and the hash are then audited
 * (only buffers stay {@code not-audited}), and a DSCP-map change made on the CLI is drift at its
 * intent line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EosCliDriftOnLabTest {

  private static final List<String> SPINES = List.of("eos-spine-1", "eos-spine-2");
  private static final String CLI_FILE = "weft-qos.eos.cfg";

  private LabPod pod;

  @BeforeAll
  void startDevices() throws Exception {
    pod = LabPod.startWithCli(NxosOnLabTest.INVENTORY, Map.of("arista", SPINES), SPINES);
  }

  @AfterAll
  void stopDevices() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  /** Both halves of each spine hold exactly what Weft rendered for it. */
  @BeforeEach
  void seed() throws Exception {
    pod.seedWithCli("eos", CLI_FILE);
  }

  private void load(String spine, String text) throws Exception {
    pod.cli().loadOrFail(SPINES.indexOf(spine) + 1, "eos", List.of(text));
  }

  @Test
  void inSyncBothWaysAuditsClassificationAndHash() throws Exception {
    Cli r = pod.drift(SPINES);
    assertEquals(0, r.exit(), r.out() + r.err());
    assertEquals(Map.of("eos-spine-1", "ok", "eos-spine-2", "ok"), r.devices(), r.out());
    assertEquals(List.of(), r.findings(), r.out());
    Map<String, List<String>> reported = new TreeMap<>();
    for (Map<String, Object> f : r.notAudited()) {
      reported
          .computeIfAbsent(String.valueOf(f.get("device")), k -> new ArrayList<>())
          .add(String.valueOf(f.get("expected")));
    }
    reported.values().forEach(Collections::sort);
    assertEquals(
        Map.of("eos-spine-1", List.of("buffers"), "eos-spine-2", List.of("buffers")),
        reported,
        r.out());
  }

  @Test
  void dscpMapChangedOnTheCliIsFoundAtItsIntentLine() throws Exception {
    String rendered = pod.rendered("eos-spine-1", CLI_FILE);
    assertTrue(rendered.contains("qos map dscp 26 to traffic-class 3\n"), rendered);
    load(
        "eos-spine-1",
        rendered.replace(
            "qos map dscp 26 to traffic-class 3\n", "qos map dscp 26 to traffic-class 1\n"));
    Cli r = pod.drift(SPINES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    assertEquals(
        List.of("drift-classification eos-spine-1 -"), List.copyOf(drift.keySet()), r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), NxosOnLabTest.INVENTORY);
    Map<String, Object> f = drift.get("drift-classification eos-spine-1 -");
    assertEquals(
        List.of(
            "3",
            "1",
            "cli: qos map dscp 26 to traffic-class",
            NxosOnLabTest.INVENTORY + "/fabric.yaml"),
        List.of(f.get("expected"), f.get("actual"), f.get("path"), f.get("file")),
        r.out());
    assertEquals(Map.of("eos-spine-1", "drift", "eos-spine-2", "ok"), r.devices());
    assertEquals(1, r.exit());
  }

  @Test
  void hashFieldDroppedOnTheCliIsHashDrift() throws Exception {
    String rendered = pod.rendered("eos-spine-2", CLI_FILE);
    String line =
        rendered
            .lines()
            .filter(l -> l.startsWith("ip load-sharing trident fields ip "))
            .findFirst()
            .orElseThrow();
    load("eos-spine-2", rendered.replace(line + "\n", line.replace(" protocol", "") + "\n"));
    Cli r = pod.drift(SPINES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    assertEquals(List.of("drift-hash eos-spine-2 -"), List.copyOf(drift.keySet()), r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), NxosOnLabTest.INVENTORY);
    assertEquals(1, r.exit());
  }
}
