package dev.weft.cli;

import dev.weft.diff.ChangeImpact;
import dev.weft.diff.ClassifiedFinding;
import dev.weft.diff.FindingDiff;
import dev.weft.finding.Finding;
import dev.weft.git.Blame;
import dev.weft.git.GitRepo;
import dev.weft.git.UnifiedDiff;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.report.DiffReport;
import dev.weft.report.DiffReporters;
import dev.weft.report.FailOn;
import dev.weft.source.GitRefSource;
import dev.weft.source.InventorySource;
import dev.weft.source.Repositories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft diff --base REF [--head REF] [INVENTORY]}: the pre-merge check. Validates both sides
 * (read straight from Git, no checkout), reports findings new in head (these fail), fixed by head,
 * and existing; re-renders only the devices whose compiled config differs and shows their unified
 * diffs; names the commit that introduced each new finding's line.
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Pre-merge check: findings new in head against base (these fail), fixed and existing ones, and which devices' rendered configs change, with unified diffs.",
    modelTransformer = CommonOptions.Prune.class,
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft diff --base origin/main inventories/roce-pod-a",
      "  weft diff --base origin/main --head HEAD --format markdown --output pr.md"
    })
@CommonOptions.Without({"--ref"}) // the two sides are --base and --head
final class DiffCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder in head (default: the only one under inventories/).")
  Path inventory;

  @Option(
      names = "--base",
      required = true,
      paramLabel = "REF",
      description = "The ref the change is compared against (e.g. origin/main); must be fetched.")
  String base;

  @Option(
      names = "--head",
      paramLabel = "REF",
      description = "The changed side (default: the working tree, uncommitted edits included).")
  String head;

  @Option(
      names = "--show-existing",
      description = "List findings that exist in base too (always counted, never failing).")
  boolean showExisting;

  @Option(
      names = "--link-prefix",
      paramLabel = "URL",
      description =
          "Markdown only: URL the file paths are appended to for links, e.g. $GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/")
  String linkPrefix;

  @Override
  public Integer call() {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    Path cwd = Paths.get("").toAbsolutePath();
    InventorySource headSource =
        new InventoryLocator(cwd, options.sourceLimits()).locate(inventory, head, options.repo);
    Path root =
        options.repo != null
            ? cwd.resolve(options.repo).normalize()
            : Repositories.findRoot(inventory == null ? cwd : cwd.resolve(inventory))
                .orElseThrow(
                    () ->
                        new UsageException(
                            "weft diff needs a Git repository, and '"
                                + cwd
                                + "' is not inside one; pass --repo DIR"));
    String headInventory = headSource.inventoryPath();
    List<String> notes = new ArrayList<>();
    try (GitRepo git = new GitRepo(root)) {
      String baseId =
          git.resolve(base).orElseThrow(() -> new UsageException(notFetched(base, root)));
      String headLabel =
          head == null
              ? "working tree"
              : head
                  + " ("
                  + git.resolve(head)
                      .orElseThrow(() -> new UsageException(notFetched(head, root)))
                      .substring(0, 7)
                  + ")";
      String baseInventory = baseInventory(git, headInventory, notes);

      Pipeline.Run[] runs =
          validateBoth(
              headSource,
              baseInventory == null
                  ? null
                  : new GitRefSource(root, base, baseInventory, options.sourceLimits()));
      Pipeline.Run headRun = runs[0];
      Pipeline.Run baseRun = runs[1];

      List<Finding> baseFindings =
          new ArrayList<>(baseRun == null ? List.of() : baseRun.findings());
      List<Finding> headFindings = new ArrayList<>(headRun.findings());
      ChangeImpact.Result impact = null;
      if (headRun.compiled() != null && baseRun != null && baseRun.compiled() != null) {
        impact = impact(baseRun, headRun, git, root, notes);
        addNew(baseFindings, impact.baseProblems());
        addNew(headFindings, impact.headProblems());
      } else if (headRun.compiled() == null) {
        notes.add(
            "head does not load (see the findings), so configs were not compared and fixed findings are unknown");
      } else if (baseRun != null) {
        notes.add(
            "base does not load, so every head finding counts as new and configs were not compared");
      }
      FindingDiff diff =
          FindingDiff.compare(baseFindings, baseInventory, headFindings, headInventory);
      if (headRun.compiled() == null) {
        // A head that does not parse says nothing about what it fixed.
        diff = new FindingDiff(diff.added(), List.of(), diff.existing());
      }
      List<DiffReport.Entry> entries = entries(diff, root);
      List<DiffReport.DeviceChange> changes =
          impact == null
              ? List.of()
              : impact.devices().stream()
                  .map(
                      d ->
                          new DiffReport.DeviceChange(
                              d.device(),
                              d.kind().label(),
                              d.files().stream()
                                  .map(f -> new DiffReport.FileChange(f.file(), f.unifiedDiff()))
                                  .toList(),
                              d.note()))
                  .toList();
      int compared = impact == null ? 0 : impact.devicesCompared();
      int rendered = impact == null ? 0 : impact.devicesRendered();
      List<Finding> all = new ArrayList<>(headFindings);
      all.addAll(baseFindings);
      DiffReport report =
          new DiffReport(
              Version.VERSION,
              headInventory,
              baseInventory,
              base + " (" + baseId.substring(0, 7) + ")",
              headLabel,
              entries,
              changes,
              compared,
              rendered,
              notes,
              showExisting,
              ReportOutput.ruleInfoMap(all, headRun.rules()));
      report =
          report.withRun(
              FailOn.parse(options.failOn),
              ReportOutput.carriesRun(options.outputTargets())
                  ? invocation.finish(headSource.revision())
                  : null);
      write(report, spec.commandLine().getOut());
      return DiffReporters.exitCode(report);
    } catch (IOException e) {
      throw new UsageException("cannot read the Git repository " + root + ": " + e.getMessage());
    }
  }

  /**
   * Validates head here and base (when there is one) on a second thread at the same time; on a CI
   * runner with two cores this halves the wait. Both sides go through one pipeline, whose reader
   * parses and schema-checks a file that is the same on both sides (same path, same blob) once and
   * loads the rule catalogue once. {@code WEFT_FAST=off} gives each side a pipeline of its own
   * (nothing shared: the plain path the shared one is tested against). A usage error on either side
   * is rethrown as is.
   */
  private Pipeline.Run[] validateBoth(InventorySource headSource, InventorySource baseSource) {
    Pipeline headPipeline = Pipeline.from(options);
    Pipeline basePipeline =
        headPipeline.accelerators().tryFast() ? headPipeline : Pipeline.from(options);
    java.util.concurrent.CompletableFuture<Pipeline.Run> baseRun =
        baseSource == null
            ? java.util.concurrent.CompletableFuture.completedFuture(null)
            : java.util.concurrent.CompletableFuture.supplyAsync(
                () -> basePipeline.validate(baseSource));
    Pipeline.Run headRun = headPipeline.validate(headSource);
    try {
      return new Pipeline.Run[] {headRun, baseRun.join()};
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }

  /**
   * Where the inventory is in base: the same folder, the folder it was renamed from, or nowhere (a
   * new inventory).
   */
  private String baseInventory(GitRepo git, String headInventory, List<String> notes)
      throws IOException {
    if (git.exists(base, headInventory)) {
      return headInventory;
    }
    Optional<String> renamed = git.renamedFrom(base, head, headInventory);
    if (renamed.isPresent()) {
      notes.add(
          "the inventory folder was renamed: "
              + renamed.get()
              + " in base is "
              + headInventory
              + " in head");
      return renamed.get();
    }
    notes.add(
        "the inventory "
            + headInventory
            + " does not exist in base "
            + base
            + "; every finding counts as new");
    return null;
  }

  private ChangeImpact.Result impact(
      Pipeline.Run baseRun, Pipeline.Run headRun, GitRepo git, Path root, List<String> notes)
      throws IOException {
    TemplateSides sides = templateSides(git, root, notes);
    try {
      if (isInfiniband(baseRun) || isInfiniband(headRun)) {
        // The subnet manager's files depend on the whole subnet, not on one compiled device:
        // render them whole on both sides (switches and HCAs are configured by the SM).
        return ChangeImpact.compareRendered(
            subnetFiles(baseRun, sides.base()),
            subnetFiles(headRun, sides.head()),
            UnifiedDiff::of);
      }
      // the user's HWSKU profiles are read from the working tree for both sides
      // (docs/hwsku-profiles.md)
      dev.weft.platform.Platforms packs =
          dev.weft.platform.Platforms.builtIn(
              dev.weft.platform.PlatformData.withHwskuProfiles(options.hwskuProfiles));
      Renderer baseRenderer =
          new Renderer(sides.base(), new dev.weft.render.TemplateEngine(sides.base()), packs);
      Renderer headRenderer =
          new Renderer(sides.head(), new dev.weft.render.TemplateEngine(sides.head()), packs);
      ChangeImpact.Render baseRender =
          (device, fabric) -> rendered(baseRenderer.renderDevice(device, fabric));
      ChangeImpact.Render headRender =
          (device, fabric) -> rendered(headRenderer.renderDevice(device, fabric));
      return ChangeImpact.compute(
          baseRun.compiled(),
          headRun.compiled(),
          sides::changedFor,
          baseRender,
          headRender,
          UnifiedDiff::of);
    } finally {
      TemplateDiff.delete(sides.scratch());
    }
  }

  private static boolean isInfiniband(Pipeline.Run run) {
    return run.model() != null && run.model().subnet() != null;
  }

  /**
   * Each SM host's rendered OpenSM files (and the ibsim topology beside them), or nothing for a
   * RoCE side.
   */
  private static Map<String, ChangeImpact.Rendered> subnetFiles(
      Pipeline.Run run, TemplateFolders folders) {
    if (!isInfiniband(run)) {
      return Map.of();
    }
    OpenSmRenderer.Output out = new OpenSmRenderer(folders).render(run.model());
    Map<String, ChangeImpact.Rendered> rendered = new TreeMap<>();
    out.devices()
        .forEach(
            (host, files) -> {
              Map<String, byte[]> bytes = new TreeMap<>();
              files.forEach((file, text) -> bytes.put(file, text.getBytes(StandardCharsets.UTF_8)));
              if (out.topology() != null) {
                bytes.put(
                    OpenSmRenderer.TOPOLOGY_FILE, out.topology().getBytes(StandardCharsets.UTF_8));
              }
              rendered.put(host, new ChangeImpact.Rendered(bytes, List.of()));
            });
    return rendered;
  }

  private static ChangeImpact.Rendered rendered(Renderer.DeviceOutput out) {
    return new ChangeImpact.Rendered(out.files(), out.findings());
  }

  /**
   * The template folders of each side. Built-in templates are the same on both sides. A {@code
   * --templates} folder inside the repository is read from each side's tree, and the platforms
   * whose templates differ are re-rendered on every device of that platform.
   */
  private TemplateSides templateSides(GitRepo git, Path root, List<String> notes)
      throws IOException {
    if (options.templates == null) {
      return new TemplateSides(
          TemplateFolders.builtIn(), TemplateFolders.builtIn(), java.util.Set.of(), null);
    }
    Path user;
    try {
      user = options.templates.toAbsolutePath().toRealPath();
    } catch (IOException e) {
      throw new UsageException("--templates " + options.templates + " does not exist");
    }
    Path realRoot = root.toRealPath();
    if (!user.startsWith(realRoot)) {
      TemplateFolders same = TemplateFolders.withOverrides(user);
      return new TemplateSides(same, same, java.util.Set.of(), null);
    }
    String relative = realRoot.relativize(user).toString().replace('\\', '/');
    Path scratch = Files.createTempDirectory("weft-diff-templates-");
    Path baseDir = scratch.resolve("base");
    Files.createDirectories(baseDir);
    git.extract(base, relative, baseDir);
    Path headDir = user;
    if (head != null) {
      headDir = scratch.resolve("head");
      Files.createDirectories(headDir);
      git.extract(head, relative, headDir);
    }
    java.util.Set<String> changed = TemplateDiff.changedTopFolders(baseDir, headDir);
    if (!changed.isEmpty()) {
      notes.add(
          "templates changed in "
              + relative
              + " ("
              + String.join(", ", changed)
              + "): every device of those platforms is re-rendered");
    }
    return new TemplateSides(
        TemplateFolders.withOverrides(baseDir),
        TemplateFolders.withOverrides(headDir),
        changed,
        scratch);
  }

  /**
   * Both sides' template folders, the top-level template folders that differ ({@code *} = all), and
   * a scratch folder to delete.
   */
  private record TemplateSides(
      TemplateFolders base, TemplateFolders head, java.util.Set<String> changed, Path scratch) {
    boolean changedFor(dev.weft.compile.CompiledDevice device) {
      if (changed.isEmpty()) {
        return false;
      }
      String platform =
          device instanceof dev.weft.compile.CompiledSwitch sw ? sw.platform() : "connectx";
      return changed.contains("*") || changed.contains(platform);
    }
  }

  /**
   * Status entries; each new finding with a line gets the commit that last touched that line in
   * head.
   */
  private List<DiffReport.Entry> entries(FindingDiff diff, Path root) throws IOException {
    List<DiffReport.Entry> out = new ArrayList<>();
    try (Blame blame = new Blame(root, head)) {
      for (ClassifiedFinding c : diff.added()) {
        DiffReport.Introduced by =
            c.finding()
                .where()
                .flatMap(l -> blame.line(l.file(), l.line()))
                .map(l -> new DiffReport.Introduced(l.commit(), l.author(), l.summary()))
                .orElse(null);
        out.add(new DiffReport.Entry(c.finding(), DiffReport.NEW, by));
      }
    }
    diff.fixed().forEach(c -> out.add(new DiffReport.Entry(c.finding(), DiffReport.FIXED, null)));
    diff.existing()
        .forEach(c -> out.add(new DiffReport.Entry(c.finding(), DiffReport.EXISTING, null)));
    return out;
  }

  private void write(DiffReport report, PrintWriter stdout) {
    options
        .outputTargets()
        .write(
            stdout,
            (format, out) -> DiffReporters.forFormat(format, linkPrefix).write(report, out));
  }

  /**
   * Adds the findings {@code to} does not hold yet: validation renders every device too, so a
   * device that does not render has its render-error from both, and the report counted it twice
   * (issue 32).
   */
  private static void addNew(List<Finding> to, List<Finding> more) {
    java.util.Set<Finding> seen = new java.util.HashSet<>(to);
    more.stream().filter(seen::add).forEach(to::add);
  }

  /**
   * One line: the ref is not there, and how to get it (a CI clone is shallow and single-branch by
   * default).
   */
  static String notFetched(String ref, Path root) {
    String name = ref.startsWith("origin/") ? ref.substring("origin/".length()) : ref;
    if (ref.contains("~") || ref.contains("^")) {
      return "ref '"
          + ref
          + "' not found in "
          + root
          + "; the history may not go back that far (in a shallow clone: git fetch --deepen=50 or --unshallow)";
    }
    return "ref '"
        + ref
        + "' not found in "
        + root
        + "; it is not fetched in this clone: git fetch origin "
        + name
        + ":refs/remotes/origin/"
        + name
        + " (on GitHub Actions, or checkout with fetch-depth: 0)";
  }
}
