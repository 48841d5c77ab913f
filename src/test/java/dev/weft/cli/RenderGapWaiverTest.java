package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.testing.Inventories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 item 5: a {@code render-gap} is accepted by a waiver like any rule's finding (before, a
 * waiver naming it was {@code waiver-invalid}, and an EOS switch's gap failed {@code --fail-on
 * warning} until a baseline was written), and a waiver of it that matches nothing is {@code
 * waiver-unused}, as for a rule.
 */
class RenderGapWaiverTest {

  private static final Path POD = ProjectDir.get().resolve("inventories/roce-pod-c");

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(CliRun run) throws Exception {
    return (List<Map<String, Object>>)
        ((Map<String, Object>) Json.parse(run.out())).get("findings");
  }

  private static List<Map<String, Object>> of(List<Map<String, Object>> all, String rule) {
    return all.stream().filter(f -> rule.equals(f.get("rule"))).toList();
  }

  private static Path withWaiver(Path tmp, String waiver) throws IOException {
    Path pod = Inventories.copy(POD, tmp.resolve("pod"));
    Files.writeString(pod.resolve("waivers.yaml"), "version: 1\nwaivers:\n" + waiver);
    return pod;
  }

  @Test
  void aWaiverAcceptsRenderGapsWithItsReason(@TempDir Path tmp) throws Exception {
    Path pod =
        withWaiver(
            tmp,
            "  - rule: render-gap\n"
                + "    reason: \"EOS and NVUE size headroom themselves; their defaults are reviewed\"\n"
                + "    expires: 2099-12-31\n");
    CliRun run = CliRun.of("validate", pod.toString(), "--format", "json");
    List<Map<String, Object>> all = findings(run);
    List<Map<String, Object>> gaps = of(all, "render-gap");
    assertTrue(!gaps.isEmpty(), run.out());
    for (Map<String, Object> gap : gaps) {
      assertEquals(Boolean.TRUE, gap.get("waived"), gap.toString());
    }
    assertEquals(List.of(), of(all, "waiver-invalid"), run.out());
    assertEquals(List.of(), of(all, "waiver-unused"), run.out());
  }

  @Test
  void aRenderGapWaiverThatMatchesNothingIsUnused(@TempDir Path tmp) throws Exception {
    // spine-c1's gaps are platform limits of Cumulus, stated once for both spines, not on spine-c1
    Path pod =
        withWaiver(
            tmp,
            "  - rule: render-gap\n"
                + "    ports: [\"spine-c1:swp1\"]\n"
                + "    reason: \"a port-scoped gap that does not exist\"\n"
                + "    expires: 2099-12-31\n");
    CliRun run = CliRun.of("validate", pod.toString(), "--format", "json");
    List<Map<String, Object>> all = findings(run);
    assertEquals(1, of(all, "waiver-unused").size(), run.out());
    assertEquals(List.of(), of(all, "waiver-invalid"), run.out());
    assertTrue(
        of(all, "render-gap").stream().noneMatch(f -> Boolean.TRUE.equals(f.get("waived"))),
        run.out());
  }

  @Test
  void theExampleWithEosLeavesPassesFailOnWarningWithoutAWaiver() throws Exception {
    CliRun run = CliRun.of("validate", POD.toString(), "--format", "json", "--fail-on", "warning");
    List<Map<String, Object>> gaps = of(findings(run), "render-gap");
    assertTrue(!gaps.isEmpty(), run.out());
    for (Map<String, Object> gap : gaps) {
      assertEquals("info", gap.get("severity"), gap.toString());
    }
    assertEquals(0, run.exitCode(), run.out());
  }
}
