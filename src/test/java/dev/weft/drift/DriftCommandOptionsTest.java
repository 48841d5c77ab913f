package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.cli.Main;
import dev.weft.json.Json;
import dev.weft.testing.NetconfLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft drift} / {@code weft backup} mistakes that never reach a device: usage errors and
 * per-device errors.
 */
class DriftCommandOptionsTest {

  /** Credential files of these tests (one holds a canary password) go away with the test. */
  @TempDir Path tmp;

  private static final String INVENTORY =
      NetconfLab.projectDir().resolve("inventories/roce-pod-c").toString();

  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void unknownDeviceIsAUsageError() {
    String[] r = run("drift", INVENTORY, "--device", "no-such-switch");
    assertEquals("2", r[0], r[2]);
    assertTrue(r[2].contains("--device no-such-switch: no such switch"), r[2]);
    assertTrue(r[2].contains("oc-leaf-1"), "the message lists the switches: " + r[2]);
  }

  @Test
  void badTimeoutAndParallelAreUsageErrors() {
    assertEquals("2", run("drift", INVENTORY, "--timeout", "soon")[0]);
    assertEquals("2", run("drift", INVENTORY, "--parallel", "0")[0]);
  }

  @Test
  void unreadableCredentialsFileIsAUsageErrorAndAPasswordInItIsRefused() throws Exception {
    Path creds = tmp.resolve("creds.yaml");
    Files.writeString(creds, "lab:\n  user: admin\n  password: hunter2-canary\n");
    String[] r =
        run("drift", INVENTORY, "--device", "oc-leaf-1", "--credentials", creds.toString());
    assertEquals("2", r[0], r[2]);
    assertTrue(r[2].contains("password-env"), r[2]);
    assertTrue(
        !r[1].contains("hunter2-canary") && !r[2].contains("hunter2-canary"),
        "the password is echoed");
  }

  @Test
  void withoutCredentialsFileItIsAUsageErrorAsForBackup() {
    String[] r =
        run(
            "drift",
            INVENTORY,
            "--device",
            "oc-leaf-1",
            "--device",
            "oc-leaf-2",
            "--format",
            "json");
    assertEquals("2", r[0], r[2]);
    assertTrue(r[2].contains("--credentials FILE is required"), r[2]);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aCredentialTheFileDoesNotHaveIsAnErrorForThatDeviceNotASilentSkip() throws Exception {
    Path creds = tmp.resolve("creds.yaml");
    Files.writeString(creds, "other:\n  user: admin\n  agent: true\n");
    String[] r =
        run(
            "drift",
            INVENTORY,
            "--device",
            "oc-leaf-1",
            "--device",
            "oc-leaf-2",
            "--format",
            "json",
            "--credentials",
            creds.toString());
    assertEquals("1", r[0], r[2]);
    Map<String, Object> report = (Map<String, Object>) Json.parse(r[1]);
    List<Map<String, Object>> devices = (List<Map<String, Object>>) report.get("devices");
    assertEquals(2, devices.size());
    for (Map<String, Object> d : devices) {
      assertEquals("error", d.get("status"), d.toString());
      assertEquals("not-configured", d.get("reason"), d.toString());
    }
    List<Map<String, Object>> findings = (List<Map<String, Object>>) report.get("findings");
    assertTrue(
        String.valueOf(findings.get(0).get("message")).contains("credential 'lab' is not in"),
        findings.toString());
  }

  @Test
  @SuppressWarnings("unchecked")
  void anInfinibandFabricWithoutAReachableSubnetIsOneUnreachableDevice() throws Exception {
    String ib = NetconfLab.projectDir().resolve("inventories/ib-pod-b").toString();
    String[] r = run("drift", ib, "--format", "json", "--timeout", "5s");
    assertEquals("1", r[0], r[1] + r[2]);
    Map<String, Object> report = (Map<String, Object>) Json.parse(r[1]);
    List<Map<String, Object>> devices = (List<Map<String, Object>>) report.get("devices");
    assertEquals(1, devices.size(), devices.toString());
    assertEquals("unreachable", devices.get(0).get("status"), devices.toString());
  }

  @Test
  void backupNeedsTo() {
    String[] r = run("backup", INVENTORY);
    assertEquals("2", r[0], r[2]);
    assertTrue(r[2].contains("--to"), r[2]);
  }
}
