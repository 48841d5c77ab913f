package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * roce-pod-c (two lossless priorities, 3 and 4) on the text platforms: what each must say, checked
 * line by line beside the byte-for-byte goldens.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PodCPlatformTest {
  private Map<String, byte[]> files;

  @BeforeAll
  void render() {
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    MemorySink sink = new MemorySink();
    RenderResult result =
        new Renderer(TemplateFolders.builtIn()).render(fabric, RenderOptions.all(), sink);
    assertTrue(result.findings().isEmpty(), result.findings().toString());
    files = sink.files();
  }

  private String text(String key) {
    byte[] content = files.get(key);
    assertTrue(content != null, "not rendered: " + key + " in " + files.keySet());
    return new String(content, StandardCharsets.UTF_8);
  }

  private static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void eosLeafMakesBothPrioritiesNoDropWithEcnAndWatchdog() {
    String eos = text("leaf-c1/weft-qos.eos.cfg");
    assertTrue(eos.contains("\nqos map dscp 26 to traffic-class 3\n"), eos);
    assertTrue(eos.contains("\nqos map dscp 34 to traffic-class 4\n"), eos);
    assertTrue(eos.contains("\nqos map dscp 48 to traffic-class 6\n"), eos);
    assertEquals(1, count(eos, "^   priority-flow-control priority 3 no-drop$"));
    assertEquals(1, count(eos, "^   priority-flow-control priority 4 no-drop$"));
    assertEquals(
        2,
        count(
            eos,
            "^      random-detect ecn minimum-threshold \\d+ bytes maximum-threshold \\d+ bytes"));
    assertTrue(
        eos.contains(
            "random-detect ecn minimum-threshold 100000 bytes maximum-threshold 1000000 bytes max-mark-probability 50"),
        eos);
    // EOS takes watchdog times in seconds; the plan says 400 ms / 800 ms / 100 ms.
    assertTrue(eos.contains("priority-flow-control pause watchdog default timeout 0.4\n"), eos);
    assertTrue(
        eos.contains("priority-flow-control pause watchdog default recovery-time 0.8\n"), eos);
    assertTrue(
        eos.contains("priority-flow-control pause watchdog default polling-interval 0.1\n"), eos);
    assertEquals(4, count(eos, "^   service-profile ROCE$"));
    assertEquals(4, count(eos, "^   mtu 9214$"));
  }

  @Test
  void cumulusSpineSetsPfcOnBothPrioritiesPerCableLength() {
    String nvue = text("spine-c1/startup.yaml");
    assertTrue(
        nvue.contains(
            "        lossless-50m:\n          cable-length: 50\n          rx: enable\n          tx: enable\n"
                + "          switch-priority:\n            '3': {}\n            '4': {}\n"),
        nvue);
    assertEquals(4, count(nvue, "^            profile: lossless-50m$"));
    assertEquals(4, count(nvue, "^          pfc-watchdog:\\n            state: enable$"));
    assertEquals(2, count(nvue, "^              ecn: enable$"));
    assertTrue(
        nvue.contains(
            "      pfc-watchdog:\n        polling-interval: 100\n        robustness: 4\n"),
        nvue);
  }

  @Test
  void hostScriptsAreStrictAndParse(@TempDir Path dir) throws IOException, InterruptedException {
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      if (!file.getKey().endsWith("/roce-qos.sh")) {
        continue;
      }
      String script = new String(file.getValue(), StandardCharsets.UTF_8);
      assertTrue(script.startsWith("#!/usr/bin/env bash\n"), file.getKey());
      // -u and pipefail, not -e: one setting that cannot be applied is named, the others still run
      assertTrue(script.contains("\nset -uo pipefail\n"), file.getKey());
      assertTrue(script.contains("\ndcb_qos dscp 0,0,0,1,1,0,0,0 \""), script);
      assertTrue(script.contains("\nroce_cm 106\n"), script);
      Path copy = dir.resolve(file.getKey().replace('/', '_'));
      Files.write(copy, file.getValue());
      Process bash =
          new ProcessBuilder("bash", "-n", copy.toString()).redirectErrorStream(true).start();
      String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(bash.waitFor(30, TimeUnit.SECONDS), "bash -n hung");
      assertEquals(0, bash.exitValue(), file.getKey() + ": " + out);
    }
    String env = text("gpu-c01/nccl.env");
    assertTrue(env.contains("\nNCCL_IB_TC=106\n"), env);
    assertTrue(env.contains("\nNCCL_IB_ROCE_VERSION_NUM=2\n"), env);
    assertFalse(
        env.contains("NCCL_IB_GID_INDEX"), "no pinned GID index without hosts[].gid-index: " + env);
    assertTrue(env.contains("\nNCCL_IB_HCA=mlx5_0\n"), env);
    String pinned = text("stor-c04/nccl.env");
    assertTrue(pinned.contains("\nNCCL_IB_GID_INDEX=3\n"), "stor-c04 pins gid-index 3: " + pinned);
    assertFalse(pinned.contains("NCCL_IB_ROCE_VERSION_NUM"), pinned);
  }
}
