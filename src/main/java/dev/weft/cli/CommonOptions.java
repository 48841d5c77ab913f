package dev.weft.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Options the pipeline commands share (cli.md "Common options"). A command that has no use for one
 * of them says so with {@link Without} and {@code modelTransformer = CommonOptions.Prune.class}:
 * the option is then not in its help and not accepted, so {@code --help} lists only what has an
 * effect ({@code CliOptionsTest}).
 */
final class CommonOptions {

  /** The common options a command does not take, by long name. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE)
  @interface Without {
    String[] value();
  }

  /**
   * Drops the options a command's {@link Without} names from its picocli model. Named as the
   * command's {@code modelTransformer} (for a command line built on the command alone) and applied
   * by {@link Main} to every subcommand it registers, since picocli does not transform a subcommand
   * added by class. Idempotent.
   */
  static final class Prune implements picocli.CommandLine.IModelTransformer {

    /**
     * Prunes every subcommand of {@code cli}: the common options a command does not take leave its
     * model (and so its help, man page and completion) before anything parses.
     */
    static void all(picocli.CommandLine cli) {
      cli.getSubcommands().values().forEach(sub -> new Prune().transform(sub.getCommandSpec()));
    }

    @Override
    public picocli.CommandLine.Model.CommandSpec transform(
        picocli.CommandLine.Model.CommandSpec spec) {
      Without without =
          spec.userObject() == null
              ? null
              : spec.userObject().getClass().getAnnotation(Without.class);
      if (without != null) {
        for (String name : without.value()) {
          picocli.CommandLine.Model.OptionSpec option = spec.findOption(name);
          if (option != null) {
            spec.remove(option);
          }
        }
      }
      return spec;
    }
  }

  @Option(
      names = "--ref",
      paramLabel = "REF",
      description =
          "Read the inventory from this Git ref (branch, tag, commit, HEAD~1) instead of the working tree; no checkout.")
  String ref;

  @Option(
      names = "--repo",
      paramLabel = "DIR",
      description =
          "The Git repository (work tree or bare). Default: the one containing the inventory.")
  Path repo;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      completionCandidates = OptionValues.Formats.class,
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--output",
      paramLabel = "[FORMAT=]FILE",
      description =
          "Write the report to FILE instead of stdout; FORMAT=FILE writes that format there. Repeatable:"
              + " --output sarif=weft.sarif --output markdown=comment.md --output json=- (- is stdout).")
  List<String> outputs = new ArrayList<>();

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      defaultValue = "error",
      completionCandidates = OptionValues.FailOnLevels.class,
      description =
          "Exit 1 when a finding is at or above: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  String failOn;

  @Option(
      names = "--policies",
      paramLabel = "DIR",
      description =
          "Rule folders: user rules in CEL (docs/policies.md), and overrides of built-in rules by id. Repeatable.")
  List<Path> policies = new ArrayList<>();

  @Option(
      names = "--templates",
      paramLabel = "DIR",
      description = "Template folder overriding built-in templates by relative path.")
  Path templates;

  @Option(
      names = "--asic-profiles",
      paramLabel = "DIR",
      description =
          "Extra ASIC profile folder (one <asic>.properties per ASIC) overriding built-in profiles.")
  Path asicProfiles;

  @Option(
      names = "--hwsku-profiles",
      paramLabel = "DIR",
      description =
          "Folder of user SONiC HWSKU profiles (<HWSKU>.properties, docs/hwsku-profiles.md), read beside the"
              + " built-in ones; a name in both is an error.")
  Path hwskuProfiles;

  @Option(
      names = "--max-file-bytes",
      paramLabel = "BYTES",
      defaultValue = "16777216",
      description =
          "Largest inventory file read; a larger one is a finding (default: ${DEFAULT-VALUE}; docs/limits.md).")
  long maxFileBytes;

  @Option(
      names = "--max-inventory-bytes",
      paramLabel = "BYTES",
      description =
          "Largest inventory (all files together) read; a larger one is a usage error. Raise the heap"
              + " with it (WEFT_MAX_HEAP) (default: 32 MiB, or 1/64 of the maximum heap when that is more;"
              + " docs/limits.md).")
  Long maxInventoryBytes;

  /**
   * The default inventory limit follows the heap: an inventory costs about 30 times its size in
   * live heap (docs/performance.md), so 1/64 of the maximum heap leaves room for the run's garbage,
   * and the launcher, which sizes the heap from the inventory on disk, lets a 131,072-GPU inventory
   * (52 MiB) through.
   */
  static long defaultMaxInventoryBytes(long maxHeapBytes) {
    return Math.max(dev.weft.source.SourceLimits.DEFAULT_MAX_INVENTORY_BYTES, maxHeapBytes / 64);
  }

  /** The source limits of {@code --max-file-bytes} and {@code --max-inventory-bytes}. */
  dev.weft.source.SourceLimits sourceLimits() {
    long inventoryBytes =
        maxInventoryBytes != null
            ? maxInventoryBytes
            : defaultMaxInventoryBytes(Runtime.getRuntime().maxMemory());
    if (maxFileBytes < 1024 || inventoryBytes < 1024) {
      throw new UsageException(
          "--max-file-bytes and --max-inventory-bytes must be at least 1024, got "
              + maxFileBytes
              + " and "
              + inventoryBytes);
    }
    return new dev.weft.source.SourceLimits(
        Math.min(maxFileBytes, Integer.MAX_VALUE - 8), inventoryBytes);
  }

  /** The command these options belong to, for the project file's defaults (.weft.yaml). */
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /**
   * Where the report goes: the --output values, else the project file's, else --format on stdout.
   */
  OutputTargets outputTargets() {
    List<String> given =
        !outputs.isEmpty()
            ? outputs
            : config().map(c -> c.values(command.name(), "output")).orElse(List.of());
    return OutputTargets.parse(format, given);
  }

  /** The --policies folders, else the project file's. */
  List<Path> policies() {
    if (!policies.isEmpty()) {
      return policies;
    }
    return config()
        .map(c -> c.values(command.name(), "policies").stream().map(Path::of).toList())
        .orElse(List.of());
  }

  /** The project file, when the command line was built with it (Main does). */
  java.util.Optional<ConfigDefaults> config() {
    return command != null && command.defaultValueProvider() instanceof ConfigDefaults c
        ? java.util.Optional.of(c)
        : java.util.Optional.empty();
  }

  /**
   * " (set in .weft.yaml:L:C)" when the option's value came from the project file, for messages.
   */
  String origin(String option) {
    return config().map(c -> c.origin(command, option)).orElse("");
  }
}
