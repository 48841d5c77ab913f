package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import dev.weft.testing.Inventories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft render --out DIR}: the summary line counts rendered and unchanged devices; --force
 * renders all.
 */
class RenderCommandTest {
  static final Path EXAMPLE = ProjectDir.get().resolve("inventories/roce-pod-a");
  private static final Pattern SUMMARY =
      Pattern.compile(
          "weft render: rendered (\\d+) devices?, (\\d+) files?, \\d+ bytes?; (\\d+) devices? unchanged into ");

  @Test
  void secondRenderLeavesEveryDeviceAndForceRendersThemAgain(@TempDir Path tmp) throws IOException {
    String out = tmp.resolve("out").toString();
    CliRun cold = CliRun.of("render", EXAMPLE.toString(), "--out", out);
    assertEquals(0, cold.exitCode(), cold.err());
    Matcher first = summary(cold);
    int devices = Integer.parseInt(first.group(1));
    assertTrue(devices > 0);
    assertEquals("0", first.group(3));
    assertTrue(Files.isRegularFile(tmp.resolve("out/.weft-render.json")));

    CliRun warm = CliRun.of("render", EXAMPLE.toString(), "--out", out);
    assertEquals(0, warm.exitCode(), warm.err());
    Matcher second = summary(warm);
    assertEquals("0", second.group(1));
    assertEquals(String.valueOf(devices), second.group(3));

    CliRun forced = CliRun.of("render", EXAMPLE.toString(), "--out", out, "--force");
    assertEquals(0, forced.exitCode(), forced.err());
    Matcher third = summary(forced);
    assertEquals(String.valueOf(devices), third.group(1));
    assertEquals("0", third.group(3));
  }

  @Test
  void validateFirstRendersWhatRenderDoesAndReportsWhatValidateReports(@TempDir Path tmp)
      throws IOException {
    CliRun plain =
        CliRun.of(
            "render",
            EXAMPLE.toString(),
            "--out",
            tmp.resolve("plain").toString(),
            "--no-validate");
    CliRun checked =
        CliRun.of(
            "render",
            EXAMPLE.toString(),
            "--out",
            tmp.resolve("checked").toString(),
            "--format",
            "json");
    CliRun validate = CliRun.of("validate", EXAMPLE.toString(), "--format", "json");
    assertEquals(validate.exitCode(), checked.exitCode(), checked.err());
    assertEquals(findingsOf(validate.out()), findingsOf(checked.out()));
    assertEquals(FileTrees.text(tmp.resolve("plain")), FileTrees.text(tmp.resolve("checked")));
  }

  @Test
  void renderValidatesByDefaultAndWritesNothingFromIntentThatFailsAPolicyRule(@TempDir Path tmp)
      throws IOException {
    Path failing = ProjectDir.get().resolve("policies/mtu-link-mismatch/fail");
    Path out = tmp.resolve("checked");
    CliRun checked =
        CliRun.of("render", failing.toString(), "--out", out.toString(), "--format", "json");
    assertEquals(1, checked.exitCode(), checked.err());
    assertTrue(checked.out().contains("\"rule\": \"mtu-link-mismatch\""), checked.out());
    assertTrue(
        checked.err().contains("nothing written to " + out + ": the intent fails validation"),
        checked.err());
    assertTrue(!Files.exists(out), "nothing written");

    CliRun alias = CliRun.of("render", failing.toString(), "--out", out.toString(), "--validate");
    assertEquals(1, alias.exitCode(), "--validate is accepted and changes nothing: " + alias.err());
    assertTrue(!Files.exists(out), "nothing written");

    CliRun expert =
        CliRun.of(
            "render",
            failing.toString(),
            "--out",
            tmp.resolve("plain").toString(),
            "--no-validate");
    assertEquals(0, expert.exitCode(), "--no-validate runs no policy rule: " + expert.err());
    assertTrue(Files.isDirectory(tmp.resolve("plain/leaf-01")));

    CliRun waivedByThreshold =
        CliRun.of("render", failing.toString(), "--out", out.toString(), "--fail-on", "never");
    assertEquals(0, waivedByThreshold.exitCode(), waivedByThreshold.err());
    assertTrue(Files.isDirectory(out.resolve("leaf-01")), "--fail-on never lets it render");
  }

  @Test
  void brokenIntentIsNeverRenderedEvenWithoutValidation(@TempDir Path tmp) {
    Path broken = Inventories.copy(EXAMPLE, tmp.resolve("pod"));
    Inventories.edit(broken.resolve("profiles.yaml"), "speed: 400G", "sped: 400G");
    Path out = tmp.resolve("out");
    CliRun expert =
        CliRun.of(
            "render",
            broken.toString(),
            "--out",
            out.toString(),
            "--no-validate",
            "--fail-on",
            "never");
    assertTrue(expert.out().contains("[schema] unknown key `sped`"), expert.out());
    assertTrue(expert.err().contains("nothing written"), expert.err());
    assertTrue(!Files.exists(out), "a schema error stops the render whatever the flags");
  }

  @Test
  void renderAloneNamesWhatAPlatformLeavesOutAsValidateDoes(@TempDir Path tmp) {
    // roce-pod-d's SR Linux spines ask for a watchdog action and cable lengths their model has no
    // leaf for
    Path pod = ProjectDir.get().resolve("inventories/roce-pod-d");
    CliRun render =
        CliRun.of(
            "render", pod.toString(), "--out", tmp.resolve("out").toString(), "--format", "json");
    CliRun validate = CliRun.of("validate", pod.toString(), "--format", "json");
    assertEquals(0, render.exitCode(), render.err());
    assertEquals(gapLines(validate.out()), gapLines(render.out()));
    assertTrue(gapLines(render.out()).contains("srl-spine-1"), render.out());
    assertTrue(
        Files.isRegularFile(tmp.resolve("out/srl-spine-1/config.xml")),
        "the rest is still rendered");
  }

  /** The render-gap findings of a JSON report: each finding's message lines that name the rule. */
  private static String gapLines(String report) {
    return report
        .lines()
        .filter(l -> l.contains("platform srlinux cannot express"))
        .map(String::strip)
        .sorted()
        .reduce("", (a, b) -> a + b + "\n");
  }

  /** The "findings" array of a JSON report, as text. */
  private static String findingsOf(String report) {
    int start = report.indexOf("\"findings\"");
    int end = report.indexOf("\"devices\"");
    assertTrue(start >= 0 && end > start, report);
    return report.substring(start, end);
  }

  private static Matcher summary(CliRun run) {
    Matcher m = SUMMARY.matcher(run.err());
    assertTrue(m.find(), run.err());
    return m;
  }
}
