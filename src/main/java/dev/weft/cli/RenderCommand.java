package dev.weft.cli;

import dev.weft.compile.CompiledFabric;
import dev.weft.finding.Finding;
import dev.weft.intent.StageTimer;
import dev.weft.report.FailOn;
import dev.weft.report.Outcome;
import dev.weft.render.DirectorySink;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.RenderCache;
import dev.weft.render.RenderOptions;
import dev.weft.render.RenderResult;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import dev.weft.rules.RuleMeta;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft render}: writes every device's files to {@code DIR/<device>/<file>}. Problems (a template
 * error, a missing ASIC profile) are reported as findings; the other devices still render. The summary
 * line goes to stderr so {@code --format json} output stays pure JSON. Without {@code --validate} it runs no
 * policy rule (load, schema and compile only); with it, it checks the intent exactly as {@code weft validate}
 * and renders nothing from intent that fails, so a pipeline that wants the report and the files loads the
 * inventory once.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Render device configs (SONiC, Cumulus NVUE, Arista EOS, OpenConfig, ConnectX, OpenSM) into DIR/<device>/<file>.")
final class RenderCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INVENTORY", description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
    Path out;

    @Option(names = "--device", paramLabel = "NAME", description = "Render only this device (repeatable).")
    List<String> devices = new ArrayList<>();

    @Option(names = {"--force", "--no-cache"}, description = "Render every device, even those whose inputs and files "
            + "are unchanged since the last render into DIR (DIR/" + RenderCache.FILE + ").")
    boolean force;

    @Option(names = "--validate", description = "First check the intent as weft validate does (every policy rule, "
            + "same findings); when that fails (see --fail-on) render nothing. One run instead of validate then render.")
    boolean validate;

    @Option(names = "--template-timeout", paramLabel = "DURATION", defaultValue = "10s",
            description = "Longest one template may render for one device; a slower one is that device's render-error"
                    + " (default: ${DEFAULT-VALUE}; docs/limits.md).")
    String templateTimeout;

    @Override
    public Integer call() {
        ReportOutput.checkOptions(options);
        java.time.Duration templateTime = NetconfOptions.duration("--template-timeout", templateTimeout);
        var source = new InventoryLocator(Paths.get(""), options.sourceLimits()).locate(inventory, options.ref, options.repo);
        StageTimer timer = StageTimings.fromEnvironment(System.getenv());
        Pipeline pipeline = Pipeline.from(options, timer);
        Pipeline.Run run = validate ? pipeline.validate(source) : pipeline.compile(source);
        Map<String, RuleMeta> rules = null;
        List<Finding> findings = new ArrayList<>(run.findings());
        if (validate && Outcome.fails(findings, FailOn.parse(options.failOn))) {
            // Configs are never written from intent that fails the policy: report what validate reports.
            spec.commandLine().getErr().println("weft render: not rendered: the intent fails validation");
            return ReportOutput.write(options, spec.commandLine().getOut(), "render", source.inventoryPath(),
                    findings, List.of(), run.rules());
        }
        TemplateFolders folders = options.templates == null ? TemplateFolders.builtIn()
                : TemplateFolders.withOverrides(options.templates);
        if (run.model() != null && run.model().subnet() != null) {
            // InfiniBand: the SM configures switches and HCAs, so what is rendered is each SM host's OpenSM
            // files plus the ibsim topology (DIR/<sm-host>/...), not per-switch configs
            TemplateEngine engine = new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, pipeline.accelerators());
            List<Finding> ib = OpenSmRenderer.renderTo(run.model(), new OpenSmRenderer(folders, engine),
                    new LinkedHashSet<>(devices), new DirectorySink(out));
            findings.addAll(ib);
            findings.addAll(pipeline.fastPathFindings());
            spec.commandLine().getErr().println("weft render: OpenSM files for "
                    + run.model().subnet().subnetManagers().size() + " subnet manager(s) into " + out);
        } else if (run.compiled() != null) {
            CompiledFabric compiled = run.compiled();
            rules = run.rules();
            if (!validate) {
                // What a platform cannot express is left out of its files: say so here too, never silently
                // (with --validate the findings already hold them).
                findings.addAll(pipeline.renderGaps(compiled));
            }
            // Rendering needs only the compiled devices: let the parsed YAML trees and the model go
            // (about 60 % of the live heap at 32,768 GPUs), so the collector copies less while
            // thousands of files are rendered.
            run = null;
            RenderOptions renderOptions = devices.isEmpty() ? RenderOptions.all()
                    : RenderOptions.all().only(new LinkedHashSet<>(devices));
            long renderStart = System.nanoTime();
            TemplateEngine engine = new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, pipeline.accelerators(),
                    templateTime);
            RenderResult result = new Renderer(folders, engine).render(compiled, renderOptions, new DirectorySink(out),
                    RenderCache.load(out, !force));
            timer.record("render", System.nanoTime() - renderStart);
            findings.addAll(result.findings());
            findings.addAll(pipeline.fastPathFindings());
            spec.commandLine().getErr().println("weft render: " + result.summary() + " into " + out);
        }
        findings.sort(Finding.ORDER);
        int code = ReportOutput.write(options, spec.commandLine().getOut(), "render", source.inventoryPath(),
                findings, List.of(), rules != null ? rules : run.rules());
        if (timer instanceof StageTimings timings) {
            spec.commandLine().getErr().println(timings.line());
            spec.commandLine().getErr().println(pipeline.accelerators().summary());
            spec.commandLine().getErr().flush();
        }
        return code;
    }
}
