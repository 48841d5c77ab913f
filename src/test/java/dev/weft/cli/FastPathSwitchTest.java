package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.accel.Accelerators;
import dev.weft.accel.FastMode;
import dev.weft.intent.StageTimer;
import dev.weft.render.DirectorySink;
import dev.weft.render.RenderCache;
import dev.weft.render.RenderOptions;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one switch over the fast paths ({@code WEFT_FAST}, here its system property): on every
 * example inventory and every rule fixture, {@code off} (libraries only) reports and renders byte
 * for byte what {@code on} does, and {@code verify} (both, compared) finds no divergence and
 * changes nothing either.
 */
class FastPathSwitchTest {

  /** Examples and the rule fixtures that pass: what is rendered as well as validated. */
  static Stream<Path> renderable() throws IOException {
    return inventories().filter(p -> !p.getFileName().toString().equals("fail"));
  }

  static Stream<Path> failing() throws IOException {
    return inventories().filter(p -> p.getFileName().toString().equals("fail"));
  }

  static Stream<Path> inventories() throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> examples = Files.list(Path.of("inventories"))) {
      examples.filter(Files::isDirectory).forEach(out::add);
    }
    try (Stream<Path> rules = Files.list(Path.of("policies"))) {
      rules
          .filter(Files::isDirectory)
          .forEach(
              rule -> {
                for (String side : List.of("pass", "fail")) {
                  if (Files.isDirectory(rule.resolve(side))) {
                    out.add(rule.resolve(side));
                  }
                }
              });
    }
    return out.stream().sorted();
  }

  /**
   * {@code verify} answers what {@code on} answers when nothing diverges (it returns the fast
   * path's result after comparing), so comparing {@code off} with {@code verify} covers all three
   * modes in two runs.
   */
  @ParameterizedTest
  @MethodSource("renderable")
  void offReportsAndRendersWhatVerifyDoesAndVerifyFindsNoDivergence(
      Path inventory, @TempDir Path tmp) throws IOException {
    Map<FastMode, CliRun> validated = new TreeMap<>();
    Map<FastMode, CliRun> rendered = new TreeMap<>();
    Map<FastMode, String> files = new TreeMap<>();
    for (FastMode mode : List.of(FastMode.OFF, FastMode.VERIFY)) {
      Path out = tmp.resolve(mode.name());
      validated.put(mode, withMode(mode, "validate", inventory.toString(), "--format", "json"));
      rendered.put(
          mode,
          withMode(
              mode, "render", inventory.toString(), "--out", out.toString(), "--format", "json"));
      files.put(mode, Files.isDirectory(out) ? FileTrees.text(out) : "");
    }
    assertSame(validated, rendered, files);
  }

  @ParameterizedTest
  @MethodSource("failing")
  void offReportsWhatVerifyDoesOnEveryFailingFixture(Path inventory) {
    Map<FastMode, CliRun> validated = new TreeMap<>();
    for (FastMode mode : List.of(FastMode.OFF, FastMode.VERIFY)) {
      validated.put(mode, withMode(mode, "validate", inventory.toString(), "--format", "json"));
    }
    assertSame(validated, Map.of(), Map.of());
  }

  @Test
  void verifyReallyTakesEachFastPathOnTheExamples(@TempDir Path tmp) {
    Path root = ProjectDir.get();
    Accelerators acc = new Accelerators(FastMode.VERIFY);
    Pipeline pipeline =
        new Pipeline(List.of(), null, LocalDate.of(2026, 1, 1), StageTimer.NONE, acc);
    Pipeline.Run run =
        pipeline.validate(new WorkingTreeSource(root, root.resolve("inventories/roce-pod-a")));
    TemplateFolders folders = TemplateFolders.builtIn();
    new Renderer(folders, new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, acc))
        .render(
            run.compiled(),
            RenderOptions.all(),
            new DirectorySink(tmp),
            RenderCache.load(tmp, false));
    String summary = acc.summary();
    // every file and template of the example takes its fast path, so verify compared them all
    assertTrue(
        summary.matches(
            "weft fast paths \\(verify\\): json [1-9]\\d* fast / 0 declined, schema [1-9]\\d* fast / 0 declined, "
                + "template [1-9]\\d* fast / 0 declined, units [1-9]\\d* fast / \\d+ declined, yaml [1-9]\\d* fast / 0 declined"),
        summary);
    assertEquals(List.of(), pipeline.fastPathFindings());
  }

  private static void assertSame(
      Map<FastMode, CliRun> validated,
      Map<FastMode, CliRun> rendered,
      Map<FastMode, String> files) {
    CliRun off = validated.get(FastMode.OFF);
    CliRun verify = validated.get(FastMode.VERIFY);
    assertFalse(off.out().isEmpty(), "validate printed a report");
    assertFalse(verify.out().contains("WEFT_FAST=verify"), verify.out());
    assertEquals(off.exitCode(), verify.exitCode(), "validate exit code");
    assertEquals(
        dev.weft.testing.RunFacts.normalised(off.out()),
        dev.weft.testing.RunFacts.normalised(verify.out()),
        "validate report"); // run facts differ by design
    if (!rendered.isEmpty()) {
      assertFalse(
          rendered.get(FastMode.VERIFY).out().contains("WEFT_FAST=verify"),
          rendered.get(FastMode.VERIFY).out());
      assertEquals(
          rendered.get(FastMode.OFF).exitCode(),
          rendered.get(FastMode.VERIFY).exitCode(),
          "render exit code");
      assertEquals(
          dev.weft.testing.RunFacts.normalised(rendered.get(FastMode.OFF).out()),
          dev.weft.testing.RunFacts.normalised(rendered.get(FastMode.VERIFY).out()),
          "render report");
      assertEquals(files.get(FastMode.OFF), files.get(FastMode.VERIFY), "rendered files");
    }
  }

  @Test
  void anUnknownModeIsAUsageErrorNamingTheValues() {
    CliRun run = withMode("fastest", "validate", "inventories/roce-pod-a");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("must be on, off or verify, found 'fastest'"), run.err());
  }

  private static CliRun withMode(FastMode mode, String... args) {
    return withMode(mode.name().toLowerCase(java.util.Locale.ROOT), args);
  }

  private static CliRun withMode(String mode, String... args) {
    return dev.weft.testing.WithFastMode.run(mode, () -> CliRun.of(args));
  }
}
