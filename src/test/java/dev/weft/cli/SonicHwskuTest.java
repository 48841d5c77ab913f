package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sonic pack's render checks against the HWSKU profiles, through {@code weft validate} as a
 * user runs it: each fixture of {@code src/test/resources/sonic-hwsku/} gets exactly the findings
 * its {@code # expect:} ({@code error}) and {@code # expect-warning:} markers name, on their lines.
 * The acceptance case: a lossless class on a HWSKU whose buffer defaults have no lossless pool is
 * an error that {@code validate} reports and that stops {@code render}.
 */
class SonicHwskuTest {
  private static final Pattern MARKER = Pattern.compile("#\\s*expect(-warning)?:\\s*([a-z0-9-]+)");
  private static final Path FIXTURES = ProjectDir.get().resolve("src/test/resources/sonic-hwsku");

  @TestFactory
  Stream<DynamicTest> validateReportsWhatStopsASonicRender() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(FIXTURES)) {
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
      }
    }
    assertTrue(tests.size() >= 6, tests.toString());
    return tests.stream();
  }

  private static void check(Path dir) throws Exception {
    TreeSet<String> expected = new TreeSet<>();
    Path file = dir.resolve("fabric.yaml");
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = MARKER.matcher(lines.get(i));
      if (m.find()) {
        expected.add(
            (m.group(1) == null ? "error" : "warning") + " " + m.group(2) + " line " + (i + 1));
      }
    }
    CliRun r =
        CliRun.of(
            "validate", dir.toString(), "--repo", ProjectDir.get().toString(), "--format", "json");
    TreeSet<String> actual = new TreeSet<>();
    for (Map<String, Object> f : findings(r.out())) {
      actual.add(f.get("severity") + " " + f.get("rule") + " line " + f.get("line"));
    }
    assertEquals(expected, actual, r.out());
    boolean errors = expected.stream().anyMatch(e -> e.startsWith("error"));
    assertEquals(errors ? 1 : 0, r.exitCode(), r.out() + r.err());
  }

  @Test
  void aLosslessClassOnAHwskuWithoutALosslessPoolStopsTheRender(@TempDir Path out)
      throws Exception {
    Path dir = FIXTURES.resolve("lossless-pool-missing");
    CliRun v =
        CliRun.of(
            "validate", dir.toString(), "--repo", ProjectDir.get().toString(), "--format", "json");
    assertEquals(1, v.exitCode(), v.out());
    Map<String, Object> f =
        findings(v.out()).stream()
            .filter(x -> String.valueOf(x.get("message")).contains("BUFFER_POOL"))
            .findFirst()
            .orElseThrow();
    assertEquals("error", f.get("severity"));
    String message = (String) f.get("message");
    assertTrue(
        message.contains("BUFFER_POOL ingress_lossless_pool")
            && message.contains("Arista-7060X6-64PE-C256S2")
            && message.contains("egress_lossy_pool, ingress_lossy_pool"),
        message);

    CliRun render =
        CliRun.of(
            "render",
            dir.toString(),
            "--repo",
            ProjectDir.get().toString(),
            "--out",
            out.toString(),
            "--format",
            "json");
    assertEquals(1, render.exitCode(), render.out() + render.err());
    assertTrue(render.out().contains("ingress_lossless_pool"), render.out());
    assertFalse(
        Files.exists(out.resolve("leaf-01/config_db.json")), "nothing is rendered for leaf-01");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(String json) throws Exception {
    return (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings");
  }
}
