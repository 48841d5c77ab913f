package dev.weft.cli;

import dev.weft.config.ProjectConfig;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The project file as picocli's default values: an option the command line leaves out takes its
 * value from {@code .weft.yaml} (the command's section, else the top level), else the built-in
 * default. The key is the option's long name without dashes; the INVENTORY argument is {@code
 * inventory}. Options that repeat ({@code --output}, {@code --policies}) are read by {@link
 * #values} instead, so a list from the file is replaced, not extended, by the command line's.
 *
 * <p>Where it is looked for: {@code WEFT_CONFIG} names a file (empty: none); else the nearest
 * {@code .weft.yaml} from the working folder up to its repository's root.
 */
final class ConfigDefaults implements CommandLine.IDefaultValueProvider {

  /**
   * Keys picocli fills in one value at a time; the repeatable ones are read with {@link #values}.
   */
  private static final java.util.Set<String> SINGLE =
      java.util.Set.of(
          "inventory",
          "fail-on",
          "format",
          "templates",
          "asic-profiles",
          "hwsku-profiles",
          "credentials",
          "known-hosts",
          "parallel",
          "timeout",
          "shard-count");

  private final ProjectConfig config;

  ConfigDefaults(ProjectConfig config) {
    this.config = config;
  }

  /** The project file for a run started in {@code cwd} with {@code environment}. */
  static ConfigDefaults locate(
      Path cwd, Map<String, String> environment, java.util.Collection<String> commands) {
    String named = environment.get("WEFT_CONFIG");
    Optional<Path> file;
    if (named != null) {
      file = named.isEmpty() ? Optional.empty() : Optional.of(cwd.resolve(named));
    } else {
      file = ProjectConfig.find(cwd);
    }
    return new ConfigDefaults(
        file.map(f -> ProjectConfig.load(f, display(cwd, f), commands))
            .orElse(ProjectConfig.none()));
  }

  private static String display(Path cwd, Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path base = cwd.toAbsolutePath().normalize();
    return (abs.startsWith(base) ? base.relativize(abs) : abs).toString().replace('\\', '/');
  }

  ProjectConfig config() {
    return config;
  }

  @Override
  public String defaultValue(ArgSpec arg) {
    String key = key(arg);
    if (key == null || !SINGLE.contains(key)) {
      return null;
    }
    return config.get(arg.command().name(), key).map(ProjectConfig.Setting::value).orElse(null);
  }

  /**
   * The values of a repeatable option from the file, for {@code command}; empty when it sets none.
   */
  List<String> values(String command, String key) {
    return config.get(command, key).map(ProjectConfig.Setting::values).orElse(List.of());
  }

  /**
   * " (set in FILE:LINE:COL)" when {@code option} of {@code spec} took its value from the file (it
   * was not on the command line), for messages about a bad value; else "".
   */
  String origin(CommandSpec spec, String option) {
    CommandLine.ParseResult parsed =
        spec.commandLine() == null ? null : spec.commandLine().getParseResult();
    if (parsed != null && parsed.hasMatchedOption(option)) {
      return "";
    }
    return config
        .get(spec.name(), option.replaceFirst("^--", ""))
        .map(s -> " (set in " + s.where() + ")")
        .orElse("");
  }

  /**
   * The file's problems as one message: each finding on its own line, as the text report prints
   * them.
   */
  Optional<String> problems() {
    if (config.problems().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "the project file "
            + config.file().map(Path::toString).orElse("")
            + " has problems:\n"
            + config.problems().stream()
                .map(ConfigDefaults::line)
                .collect(Collectors.joining("\n")));
  }

  private static String line(Finding f) {
    return "  "
        + f.where().map(Location::toString).orElse("")
        + ": "
        + f.severity().label()
        + " ["
        + f.rule()
        + "] "
        + f.message();
  }

  private static String key(ArgSpec arg) {
    if (arg instanceof OptionSpec option) {
      return option.longestName().replaceFirst("^--", "");
    }
    if (arg instanceof PositionalParamSpec p && "INVENTORY".equals(p.paramLabel())) {
      return "inventory";
    }
    return null;
  }
}
