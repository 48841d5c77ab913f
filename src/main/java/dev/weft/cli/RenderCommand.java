package dev.weft.cli;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.intent.StageTimer;
import dev.weft.model.FabricModel;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.RenderCache;
import dev.weft.render.RenderOptions;
import dev.weft.render.RenderResult;
import dev.weft.render.Renderer;
import dev.weft.render.StagingArea;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import dev.weft.report.FailOn;
import dev.weft.report.Outcome;
import dev.weft.rules.RuleMeta;
import dev.weft.translation.NotReadBack;
import dev.weft.translation.TranslationCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft render}: writes every device's files to {@code DIR/<device>/<file>}. It validates
 * first, as {@code weft validate} does (same findings, same {@code --fail-on}), and writes nothing
 * when that fails; {@code --no-validate} skips the policy rules (load, schema and compile still
 * run, and broken intent is never rendered). Each device renders all or nothing: devices are
 * rendered into a staging folder and each one that rendered whole is moved into DIR; one that fails
 * is reported and keeps its previous files (one device's failure is that device's status, the
 * others still complete). The summary line goes to stderr so {@code --format json} output stays
 * pure JSON.
 */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = {
      "Validate the inventory as weft validate does, then render each device's configs into"
          + " DIR/<device>/<file>; nothing is written unless validation passes.",
      "Platforms: "
          + PlatformHelp.RENDERED
          + ". A device that fails to render keeps its previous files."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft render inventories/roce-pod-a --out build/configs",
      "  weft render --out build/configs --device leaf-01 --device leaf-02"
    })
final class RenderCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
  Path out;

  @Option(
      names = "--device",
      paramLabel = "NAME",
      description = "Render only this device (repeatable).")
  List<String> devices = new ArrayList<>();

  @Option(
      names = {"--force", "--no-cache"},
      description =
          "Render every device, even those whose inputs and files "
              + "are unchanged since the last render into DIR (DIR/"
              + RenderCache.FILE
              + ").")
  boolean force;

  @Option(
      names = "--no-validate",
      description =
          "For experts: skip the policy rules and render intent that loads"
              + " and compiles (schema errors still stop it). By default render validates as weft validate does.")
  boolean noValidate;

  @Option(
      names = "--validate",
      description = "Accepted for compatibility and has no effect: render validates by default.")
  boolean validateAlias;

  @Option(
      names = "--template-timeout",
      paramLabel = "DURATION",
      defaultValue = "10s",
      description =
          "Longest one template may render for one device; a slower one is that device's render-error"
              + " (default: ${DEFAULT-VALUE}; docs/limits.md).")
  String templateTimeout;

  @Override
  public Integer call() {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    java.time.Duration templateTime =
        NetconfOptions.duration("--template-timeout", templateTimeout);
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    StageTimer timer = StageTimings.fromEnvironment(System.getenv());
    Pipeline pipeline = Pipeline.from(options, timer);
    Pipeline.Run run = noValidate ? pipeline.compile(source) : pipeline.validate(source);
    List<Finding> findings = new ArrayList<>(run.findings());
    Map<String, RuleMeta> rules = run.rules();
    if (Outcome.fails(findings, FailOn.parse(options.failOn)) || run.model() == null) {
      // Configs are never written from intent that fails validation: report what validate reports.
      spec.commandLine()
          .getErr()
          .println("weft render: nothing written to " + out + ": the intent fails validation");
      return ReportOutput.write(
          options,
          spec.commandLine().getOut(),
          "render",
          source,
          findings,
          List.of(),
          rules,
          invocation,
          run.note());
    }
    FabricModel model = run.model();
    checkDevices(model);
    TemplateFolders folders = pipeline.templates();
    if (model.subnet() != null) {
      TemplateEngine engine =
          new TemplateEngine(
              folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, pipeline.accelerators());
      findings.addAll(renderSubnet(model, new OpenSmRenderer(folders, engine)));
      findings.addAll(pipeline.fastPathFindings());
    } else if (run.compiled() != null) {
      CompiledFabric compiled = run.compiled();
      if (noValidate) {
        // What a platform cannot express is left out of its files: say so here too, never silently
        // (validating, the findings already hold them).
        findings.addAll(pipeline.renderGaps(compiled));
      }
      // Rendering needs only the compiled devices: let the parsed YAML trees and the model go
      // (about 60 % of the live heap at 32,768 GPUs), so the collector copies less while
      // thousands of files are rendered.
      run = null;
      model = null;
      RenderOptions renderOptions =
          devices.isEmpty()
              ? RenderOptions.all()
              : RenderOptions.all().only(new LinkedHashSet<>(devices));
      long renderStart = System.nanoTime();
      TemplateEngine engine =
          new TemplateEngine(
              folders,
              TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES,
              pipeline.accelerators(),
              templateTime);
      TranslationCheck readBack = new TranslationCheck(pipeline.platforms());
      Renderer renderer = new Renderer(folders, engine, pipeline.platforms(), readBack);
      RenderResult result = renderer.renderInto(compiled, renderOptions, out, !force);
      timer.record("render", System.nanoTime() - renderStart);
      timer.record("read-back", readBack.nanos());
      findings.addAll(result.findings());
      findings.addAll(pipeline.fastPathFindings());
      List<Finding> errors =
          result.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
      java.util.Set<String> failedDevices = new java.util.TreeSet<>();
      errors.stream().filter(f -> f.device() != null).forEach(f -> failedDevices.add(f.device()));
      boolean folderFailed = errors.stream().anyMatch(f -> f.device() == null);
      spec.commandLine()
          .getErr()
          .println(
              "weft render: "
                  + (folderFailed
                      ? "nothing written to " + out + " (the folder is as it was)"
                      : result.summary()
                          + " into "
                          + out
                          + (failedDevices.isEmpty()
                              ? ""
                              : "; not rendered, previous files kept: "
                                  + String.join(", ", failedDevices))));
      notReadBack(pipeline, renderer, compiled, renderOptions);
    }
    findings.sort(Finding.ORDER);
    int code =
        ReportOutput.write(
            options,
            spec.commandLine().getOut(),
            "render",
            source,
            findings,
            List.of(),
            rules,
            invocation,
            null);
    if (timer instanceof StageTimings timings) {
      spec.commandLine().getErr().println(timings.line());
      spec.commandLine().getErr().println(pipeline.accelerators().summary());
      spec.commandLine().getErr().flush();
    }
    return code;
  }

  /**
   * Names on stderr the rendered files of this run that translation validation did not read back (a
   * host's script, EOS's CLI fragment), one line per platform, so none passes silently.
   */
  private void notReadBack(
      Pipeline pipeline, Renderer renderer, CompiledFabric compiled, RenderOptions renderOptions) {
    Map<String, Integer> devicesOf = new TreeMap<>();
    for (CompiledDevice d : compiled.devices()) {
      if (renderOptions.wants(d.name())) {
        devicesOf.merge(Renderer.platformOf(d), 1, Integer::sum);
      }
    }
    for (NotReadBack n : NotReadBack.of(pipeline.platforms(), renderer::outputs)) {
      Integer count = devicesOf.get(n.platform());
      if (count != null) {
        spec.commandLine()
            .getErr()
            .println(
                "weft render: not read back: "
                    + String.join(", ", n.files())
                    + " of "
                    + count
                    + " "
                    + n.platform()
                    + " device(s): "
                    + n.reason());
      }
    }
  }

  /** A --device that names no device is a usage error, with the closest name. */
  private void checkDevices(FabricModel model) {
    Set<String> known = new TreeSet<>();
    if (model.subnet() != null) {
      model.subnet().subnetManagers().forEach(sm -> known.add(sm.host()));
    } else {
      model.switches().forEach(s -> known.add(s.name()));
      model.hosts().forEach(h -> known.add(h.name()));
    }
    for (String d : devices) {
      if (!known.contains(d)) {
        String hint = DidYouMean.suggest(d, known);
        throw new UsageException(
            "--device "
                + d
                + ": no "
                + (model.subnet() != null ? "subnet manager host" : "device")
                + " of that name in the inventory"
                + (hint == null ? "" : "; did you mean " + hint + "?"));
      }
    }
  }

  /**
   * InfiniBand: the SM configures switches and HCAs, so what is rendered is each SM host's OpenSM
   * files plus the ibsim topology (DIR/<sm-host>/...), all or nothing through the staging folder.
   */
  private List<Finding> renderSubnet(FabricModel model, OpenSmRenderer renderer) {
    List<Finding> findings = new ArrayList<>();
    try {
      StagingArea stage = StagingArea.in(out);
      findings.addAll(
          OpenSmRenderer.renderTo(model, renderer, new LinkedHashSet<>(devices), stage));
      if (findings.stream().anyMatch(f -> f.severity() == Severity.ERROR)) {
        stage.discard();
        spec.commandLine()
            .getErr()
            .println(
                "weft render: nothing written to "
                    + out
                    + ": the subnet manager files did not render (the folder is as it was)");
        return findings;
      }
      stage.commit();
    } catch (IOException e) {
      findings.add(
          Finding.of(
              Renderer.RULE, Severity.ERROR, "cannot write into " + out + ": " + e.getMessage()));
      return findings;
    }
    spec.commandLine()
        .getErr()
        .println(
            "weft render: OpenSM files for "
                + model.subnet().subnetManagers().size()
                + " subnet manager(s) into "
                + out);
    return findings;
  }
}
