package dev.weft.cli;

import dev.weft.diff.Baseline;
import dev.weft.diff.ClassifiedFinding;
import dev.weft.diff.FindingDiff;
import dev.weft.finding.Finding;
import dev.weft.intent.StageTimer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft validate}: load, schema-check and run every rule on the intent and its compiled
 * config.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Load the inventory, check it against the schema, run every policy rule on the intent and on the"
            + " compiled per-device config, and check that every device renders: one pass reports every problem.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft validate inventories/roce-pod-a",
      "  weft validate inventories/roce-pod-a --format sarif --output weft.sarif"
    })
final class ValidateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Option(
      names = "--write-baseline",
      paramLabel = "FILE",
      description =
          "Write every current finding to FILE as the known ones, for --baseline (adopting Weft on an"
              + " existing fabric); exits 0 once written, since recording findings is the point.")
  Path writeBaseline;

  @Option(
      names = "--baseline",
      paramLabel = "FILE",
      description =
          "Findings listed in FILE (from --write-baseline) are reported as existing (waived, not failing); only new ones fail.")
  Path baseline;

  @Override
  public Integer call() {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    Baseline known = baseline == null ? null : readBaseline(baseline);
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    StageTimer timer = StageTimings.fromEnvironment(System.getenv());
    Pipeline pipeline = Pipeline.from(options, timer);
    Pipeline.Run run = pipeline.validate(source);
    List<Finding> findings = run.findings();
    if (writeBaseline != null) {
      // what was just recorded is known from now on: reported as existing, so the run passes (exit
      // 0) and
      // every format says so
      String text = Baseline.write(findings, source.inventoryPath());
      writeBaseline(writeBaseline, text);
      known = Baseline.parse(text, writeBaseline.toString());
      findings =
          applyBaseline(
              known, findings, source.inventoryPath(), writeBaseline.getFileName().toString());
    } else if (known != null) {
      findings =
          applyBaseline(known, findings, source.inventoryPath(), baseline.getFileName().toString());
    }
    long reportStart = System.nanoTime();
    int code =
        ReportOutput.write(
            options,
            spec.commandLine().getOut(),
            "validate",
            source,
            findings,
            List.of(),
            run.rules(),
            invocation,
            run.note());
    timer.record("report", System.nanoTime() - reportStart);
    if (timer instanceof StageTimings timings) {
      spec.commandLine().getErr().println(timings.line());
      spec.commandLine().getErr().println(pipeline.accelerators().summary());
      spec.commandLine().getErr().flush();
    }
    return code;
  }

  /**
   * Findings the baseline knows become waived with a reason naming the baseline, so every format
   * shows them as existing and none fails on them; the rest are untouched.
   */
  static List<Finding> applyBaseline(
      Baseline known, List<Finding> findings, String inventory, String fileName) {
    FindingDiff diff = FindingDiff.againstBaseline(known, findings, inventory);
    List<Finding> existing = diff.existing().stream().map(ClassifiedFinding::finding).toList();
    List<Finding> out = new ArrayList<>();
    java.util.Map<Finding, Integer> toWaive = new java.util.HashMap<>();
    existing.forEach(f -> toWaive.merge(f, 1, Integer::sum));
    for (Finding f : findings) {
      Integer n = toWaive.get(f);
      if (n != null && n > 0) {
        toWaive.put(f, n - 1);
        out.add(f.waivedBecause("existing: listed in baseline " + fileName));
      } else {
        out.add(f);
      }
    }
    return out;
  }

  private static Baseline readBaseline(Path file) {
    try {
      return Baseline.parse(OptionFiles.readText("--baseline", file), file.toString());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static void writeBaseline(Path file, String text) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("cannot write --write-baseline " + file + ": " + e.getMessage());
    }
  }
}
