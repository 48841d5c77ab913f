package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * What every vendor pack must do on two REAL netconfd devices loaded with its vendor's published
 * models (an example inventory's switches of that platform, roce-pod-d's unless the test names
 * another): the rendered payload is accepted by the device (edit-config + commit before each test)
 * and by yanglint, a wrong value is refused by both, drift is in sync after the push (apart from
 * what the platform does not serve, reported {@code not-audited} per device), and backup stores the
 * vendor-shaped tree. Each vendor's test adds its drift injected with python3-ncclient.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class VendorLabContract {

  protected LabPod pod;

  /** The example inventory whose switches become the lab's devices. */
  String inventory() {
    return LabPod.INVENTORY;
  }

  /** The folder of yang/vendor/ the lab loads. */
  abstract String vendor();

  /** The two switches of {@link #inventory()} that become the lab's devices. */
  abstract List<String> devices();

  /** The first device's rendered payload with one value the vendor's model refuses. */
  abstract String withWrongValue(String payload);

  /** What the device's refusal and yanglint's error name. */
  abstract String refusedNode();

  abstract String yanglintSays();

  /**
   * The features drift reports {@code not-audited} on each device, sorted (none for a platform that
   * serves all).
   */
  List<String> notAudited() {
    return List.of();
  }

  /** Text the first device's backup holds: the vendor's namespace and values in its shape. */
  abstract List<String> backupHolds();

  @BeforeAll
  void startDevices() throws Exception {
    pod = LabPod.start(inventory(), Map.of(vendor(), devices()));
  }

  @AfterAll
  void stopDevices() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @BeforeEach
  void pushRenderedPayloads() throws Exception {
    pod.seed(); // the device validates each payload against its vendor's YANG (edit-config +
    // commit)
  }

  String first() {
    return devices().get(0);
  }

  @Test
  void renderedPayloadIsAcceptedByYanglintAndAWrongValueIsRejectedByBoth() throws Exception {
    String payload = pod.rendered(first());
    LabPod.Verdict ok = pod.yanglint(first(), payload);
    assertEquals(0, ok.exit(), ok.output());

    String wrong = withWrongValue(payload);
    assertNotEquals(payload, wrong);
    String refused = pod.push(first(), wrong);
    assertNotNull(refused, "netconfd accepted the wrong value");
    assertTrue(refused.contains(refusedNode()), refused);
    LabPod.Verdict lint = pod.yanglint(first(), wrong);
    assertNotEquals(0, lint.exit());
    assertTrue(lint.errors().contains(yanglintSays()), lint.output());
  }

  @Test
  void inSyncAfterThePush() throws Exception {
    Cli r = pod.drift(devices());
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    Map<String, String> ok = new TreeMap<>();
    devices().forEach(d -> ok.put(d, "ok"));
    assertEquals(ok, r.devices());
    assertEquals(0, r.exit(), r.err());
    Map<String, List<String>> reported = new TreeMap<>();
    for (Map<String, Object> f : r.notAudited()) {
      assertNotNull(f.get("message"), f.toString());
      reported
          .computeIfAbsent(String.valueOf(f.get("device")), k -> new ArrayList<>())
          .add(String.valueOf(f.get("expected")));
    }
    reported.values().forEach(Collections::sort);
    Map<String, List<String>> expected = new TreeMap<>();
    if (!notAudited().isEmpty()) {
      devices().forEach(d -> expected.put(d, notAudited()));
    }
    assertEquals(expected, reported, r.out());
  }

  @Test
  void backupStoresTheVendorShapedReply() throws Exception {
    Path git = pod.root().resolve("backup");
    Cli r = pod.backup(git, devices());
    assertEquals(0, r.exit(), r.out() + r.err());
    String stored = Files.readString(git.resolve(first() + ".xml"));
    for (String expected : backupHolds()) {
      assertTrue(stored.contains(expected), "backup lacks " + expected + ":\n" + stored);
    }
  }
}
