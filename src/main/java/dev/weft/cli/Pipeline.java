package dev.weft.cli;

import dev.weft.accel.Accelerators;
import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.intent.Consequences;
import dev.weft.intent.IntentReader;
import dev.weft.intent.IntentResult;
import dev.weft.intent.StageTimer;
import dev.weft.log.Log;
import dev.weft.model.FabricModel;
import dev.weft.platform.PlatformData;
import dev.weft.platform.Platforms;
import dev.weft.platform.RenderGaps;
import dev.weft.policy.UserRules;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleEngine;
import dev.weft.rules.RuleInput;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.translation.TranslationCheck;
import dev.weft.translation.TranslationSample;
import dev.weft.yaml.LoadLimits;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The one data path every command shares (architecture.md): source → intent → model → compile →
 * rules. Commands cut it at different places; none re-implements a stage.
 *
 * <p>{@link #validate} is one pass: the rules run on the sound part of the intent even when some
 * files have errors, findings that follow from broken input are left out ({@link Consequences}),
 * and whatever would stop a device from rendering is a {@code render-error} finding of validate
 * itself, the same one {@code weft render} gives, so a validate that passes means every device
 * renders.
 */
final class Pipeline {

  /** Everything a command may need from one run over one inventory. */
  record Run(
      InventorySource source,
      IntentResult intent,
      CompiledFabric compiled,
      List<Finding> findings,
      Map<String, RuleMeta> rules) {

    /**
     * The model of clean intent, or null when the input has errors (nothing is rendered or audited
     * from it).
     */
    FabricModel model() {
      return intent.model();
    }

    /** What reports say about files that were not mapped, or null. */
    String note() {
      return intent.consequences().note();
    }
  }

  /**
   * The rules of a run: the built-in catalogue plus the user rules of the policy folders, and the
   * metadata of all of them (built-in, user rules', overrides).
   */
  record Rules(RuleCatalog catalog, RuleMetaLoader.Result meta, UserRules user) {}

  private static final Log LOG = Log.of(Pipeline.class);

  private final Platforms platforms;
  private final List<Path> policyOverrides;
  private Rules rules;
  private final AsicProfiles asicProfiles;
  private final LocalDate today;
  private final StageTimer timer;
  private final Path templateDir;
  private final LoadLimits loadLimits;
  private final Accelerators accelerators;

  /**
   * One reader for every read of this pipeline: it keeps each file's parse and schema check (see
   * IntentLoader).
   */
  private final IntentReader reader;

  Pipeline(List<Path> policyOverrides, Path asicProfileDir, LocalDate today) {
    this(
        policyOverrides,
        asicProfileDir,
        null,
        today,
        StageTimer.NONE,
        Accelerators.on(),
        LoadLimits.defaults());
  }

  Pipeline(
      List<Path> policyOverrides,
      Path asicProfileDir,
      LocalDate today,
      StageTimer timer,
      Accelerators accelerators) {
    this(policyOverrides, asicProfileDir, null, today, timer, accelerators, LoadLimits.defaults());
  }

  /**
   * @param templateDir a {@code --templates} folder, or null: the templates whose requirements
   *     validate checks (with a site folder, validate renders every device in memory, since a site
   *     template can fail where the built-in ones cannot)
   */
  Pipeline(
      List<Path> policyOverrides,
      Path asicProfileDir,
      Path templateDir,
      LocalDate today,
      StageTimer timer,
      Accelerators accelerators,
      LoadLimits loadLimits) {
    this(
        policyOverrides,
        asicProfileDir,
        templateDir,
        today,
        timer,
        accelerators,
        loadLimits,
        PlatformData.NONE);
  }

  /**
   * @param platformData the project's own platform files ({@code hwsku-profiles}), handed to every
   *     pack this run asks
   */
  Pipeline(
      List<Path> policyOverrides,
      Path asicProfileDir,
      Path templateDir,
      LocalDate today,
      StageTimer timer,
      Accelerators accelerators,
      LoadLimits loadLimits,
      PlatformData platformData) {
    this.platforms = Platforms.builtIn(platformData);
    this.loadLimits = loadLimits;
    this.policyOverrides = List.copyOf(policyOverrides);
    this.asicProfiles =
        asicProfileDir == null
            ? AsicProfiles.builtIn()
            : AsicProfiles.withDirectory(asicProfileDir);
    this.templateDir = templateDir;
    this.today = today;
    this.timer = timer;
    this.accelerators = accelerators;
    this.reader = new IntentReader(loadLimits, platforms.switches(), accelerators);
  }

  static Pipeline from(CommonOptions options) {
    return from(options, StageTimer.NONE);
  }

  /** With a timer told each stage's wall time ({@code WEFT_TIMINGS}). */
  static Pipeline from(CommonOptions options, StageTimer timer) {
    return new Pipeline(
        options.policies(),
        options.asicProfiles,
        options.templates,
        LocalDate.now(),
        timer,
        accelerators(System.getenv()),
        LoadLimits.defaults().withMaxFileBytes(options.sourceLimits().maxFileBytes()),
        PlatformData.withHwskuProfiles(options.hwskuProfiles));
  }

  /**
   * The template folders renders use: the built-in ones, with the {@code --templates} folder over
   * them.
   */
  TemplateFolders templates() {
    return templateDir == null
        ? TemplateFolders.builtIn()
        : TemplateFolders.withOverrides(templateDir);
  }

  /**
   * The fast-path switch {@code WEFT_FAST} (or {@code -Dweft.fast}) names; a value it does not know
   * is a usage error.
   */
  static Accelerators accelerators(Map<String, String> environment) {
    try {
      return Accelerators.fromEnvironment(environment);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** This run's fast-path switch and counts (the renderer follows it too). */
  Accelerators accelerators() {
    return accelerators;
  }

  /**
   * What {@code WEFT_FAST=verify} found since the last call, as {@code internal-error} findings
   * naming the file: a fast path and its library disagreeing is a defect of Weft, never of the
   * inventory.
   */
  List<Finding> fastPathFindings() {
    return accelerators.takeDivergences().stream()
        .map(
            d ->
                Finding.of(
                        RuleEngine.INTERNAL_ERROR,
                        Severity.ERROR,
                        "WEFT_FAST=verify: the "
                            + d.path()
                            + " fast path and its library disagree: "
                            + d.detail()
                            + " (set WEFT_FAST=off to use the libraries alone, and please report it with the file)")
                    .at(Location.ofFile(d.file())))
        .toList();
  }

  /** The rule metadata (built-in plus {@code --policies} overrides) and any problem reading it. */
  RuleMetaLoader.Result ruleMeta() {
    return rules().meta();
  }

  /**
   * Built-in rules plus the user rules of the {@code --policies} folders, loaded once (CEL only
   * when there are some).
   */
  synchronized Rules rules() {
    if (rules == null) {
      RuleCatalog builtIn = dev.weft.rules.builtin.BuiltInRules.catalog();
      UserRules user =
          policyOverrides.isEmpty()
              ? UserRules.none()
              : UserRules.load(policyOverrides, builtIn.ids());
      RuleCatalog catalog = builtIn.plus(user.rules());
      RuleMetaLoader.Result meta =
          new RuleMetaLoader().load(catalog, policyOverrides, user.meta(), user.claimedIds());
      List<Finding> problems = new ArrayList<>(user.problems());
      problems.addAll(meta.problems());
      rules = new Rules(catalog, new RuleMetaLoader.Result(meta.meta(), problems), user);
    }
    return rules;
  }

  /** The task's result; what it threw is thrown here, as if it had run on this thread. */
  private static <T> T joined(FutureTask<T> task) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading rule metadata", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /**
   * What each switch's platform cannot express of the plan its intent asks for ({@code
   * render-gap}).
   */
  List<Finding> renderGaps(CompiledFabric compiled) {
    return RenderGaps.of(compiled.switches(), platforms::pack);
  }

  /** The platform packs every stage of this run uses. */
  Platforms platforms() {
    return platforms;
  }

  AsicProfiles asicProfiles() {
    return asicProfiles;
  }

  /** Load, schema-check and map; a source that cannot be read at all is a usage error. */
  IntentResult read(InventorySource source) {
    try {
      long start = System.nanoTime();
      IntentResult intent = reader.read(source, timer);
      LOG.info(
          "read %s: %d files, %d findings in %d ms",
          source.inventoryPath(),
          intent.loaded().files().size(),
          intent.findings().size(),
          (System.nanoTime() - start) / 1_000_000);
      return intent;
    } catch (SourceException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Load and compile without running rules: what rendering needs. Broken intent stops before the
   * model.
   */
  Run compile(InventorySource source) {
    IntentResult intent = read(source);
    List<Finding> findings = new ArrayList<>(intent.findings());
    CompiledFabric compiled = null;
    if (intent.model() != null) {
      long start = System.nanoTime();
      CompileResult compile = Compiler.compile(intent.model(), asicProfiles);
      compiled = compile.fabric();
      findings.addAll(compile.findings());
      timer.record("compile", System.nanoTime() - start);
    }
    findings.addAll(fastPathFindings());
    findings.sort(Finding.ORDER);
    return new Run(source, intent, compiled, List.copyOf(findings), Map.of());
  }

  /**
   * Load, schema-check, map, compile, run every rule and check that every device renders, in one
   * pass over the sound part of the intent (see the class comment). {@link Run#compiled()} is null
   * unless the intent is clean, so nothing downstream renders or compares configs of broken intent.
   */
  Run validate(InventorySource source) {
    // The rule metadata (some forty small YAML files) is read beside the inventory rather than
    // after it.
    FutureTask<RuleMetaLoader.Result> metaTask = new FutureTask<>(this::ruleMeta);
    Thread metaReader = new Thread(metaTask, "weft-rule-metadata");
    metaReader.setDaemon(true);
    metaReader.start();
    IntentResult intent = read(source);
    RuleMetaLoader.Result meta = joined(metaTask);
    List<Finding> findings = new ArrayList<>(intent.findings());
    findings.addAll(meta.problems());
    Consequences consequences = intent.consequences();
    FabricModel model = intent.partialModel();
    CompiledFabric compiled = null;
    if (model != null) {
      long start = System.nanoTime();
      CompileResult compile = Compiler.compile(model, asicProfiles);
      compiled = compile.fabric();
      List<Finding> checked = new ArrayList<>(compile.findings());
      long compiledAt = System.nanoTime();
      timer.record("compile", compiledAt - start);
      RuleEngine engine = new RuleEngine(rules().catalog(), meta.meta());
      // render-gap findings go through the waivers with the rules' own
      checked.addAll(
          engine.run(
              new RuleInput(model, compiled, today),
              renderGaps(compiled),
              java.util.Set.of(RenderGaps.RULE)));
      long rulesAt = System.nanoTime();
      timer.record("rules", rulesAt - compiledAt);
      LOG.info(
          "compiled %d devices in %d ms; rules ran in %d ms",
          compiled.devices().size(),
          (compiledAt - start) / 1_000_000,
          (rulesAt - compiledAt) / 1_000_000);
      checked =
          dev.weft.render.RenderCheck.fold(
              checked, renderBlockers(model, compiled, consequences, checked));
      findings.addAll(consequences.without(checked));
      long checkedAt = System.nanoTime();
      timer.record("render-check", checkedAt - rulesAt);
      // a plan that fails validation never renders: reading it back would only restate its errors
      boolean renders =
          checked.stream().noneMatch(f -> f.severity() == Severity.ERROR && !f.waived());
      if (intent.ok() && renders && model.subnet() == null) {
        findings.addAll(readBack(compiled));
        timer.record("read-back", System.nanoTime() - checkedAt);
      }
    }
    findings.addAll(fastPathFindings());
    findings.sort(Finding.ORDER);
    return new Run(
        source, intent, intent.ok() ? compiled : null, List.copyOf(findings), meta.meta());
  }

  /**
   * Translation validation at validate time: one switch of each shape ({@link TranslationSample};
   * with a {@code --templates} folder every switch, since a site template may branch on anything)
   * is rendered in memory and read back through its platform's reader; only for a plan with no
   * error, since nothing else renders.
   */
  private List<Finding> readBack(CompiledFabric compiled) {
    List<CompiledSwitch> sample =
        templateDir == null ? TranslationSample.of(compiled) : compiled.switches();
    TemplateFolders folders = templates();
    Renderer renderer =
        new Renderer(
            folders,
            new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, accelerators),
            platforms);
    TranslationCheck check = new TranslationCheck(platforms);
    List<Finding> out = new ArrayList<>();
    for (CompiledSwitch sw : sample) {
      Renderer.DeviceOutput rendered = renderer.renderDevice(sw, compiled.fabric());
      if (rendered.findings().isEmpty()) {
        out.addAll(check.check(sw, rendered.files()));
      }
    }
    return out;
  }

  /** What would stop a device from rendering, as {@code weft render} would report it. */
  private List<Renderer.Blocker> renderBlockers(
      FabricModel model,
      CompiledFabric compiled,
      Consequences consequences,
      List<Finding> checked) {
    TemplateFolders folders = templates();
    if (model.subnet() != null) {
      // InfiniBand: a handful of OpenSM files per SM host; rendering them in memory is the check.
      // With the
      // built-in templates a rendered file OpenSM would reject (opensm-file) follows from an intent
      // error a
      // rule reports at its cause; only without one is it news (a --templates override, or a Weft
      // bug).
      List<Finding> rendered = new OpenSmRenderer(folders).render(model).findings();
      boolean causeKnown =
          checked.stream().anyMatch(f -> f.severity() == dev.weft.finding.Severity.ERROR);
      return dev.weft.render.RenderCheck.asBlockers(
          rendered.stream()
              .filter(f -> !(causeKnown && f.rule().equals(dev.weft.render.OpenSmFileCheck.RULE)))
              .toList());
    }
    Renderer renderer = new Renderer(folders, new TemplateEngine(folders), platforms);
    List<Renderer.Blocker> blockers = new ArrayList<>();
    for (Renderer.Blocker b : renderer.preflight(compiled)) {
      // a port without a link may have one in a file that was not mapped
      if (b.cause() != Renderer.Blocker.Cause.NO_LINK || consequences.linksComplete()) {
        blockers.add(b);
      }
    }
    if (templateDir != null) {
      // a site template can fail where the built-in ones cannot: render every device in memory
      java.util.Set<String> blocked = new java.util.HashSet<>();
      blockers.forEach(b -> blocked.add(b.finding().device()));
      for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
        if (!blocked.contains(d.name())) {
          blockers.addAll(
              dev.weft.render.RenderCheck.asBlockers(
                  renderer.renderDevice(d, compiled.fabric()).findings()));
        }
      }
    }
    return blockers;
  }
}
