package dev.weft.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code weft} command. Its subcommands are listed in {@link #SUBCOMMANDS}, once, and
 * registered by {@link Main}: all of them for help and usage errors, only the one asked for
 * otherwise.
 */
@Command(
    name = "weft",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description =
        "Configuration-as-code for RoCE and InfiniBand GPU fabrics: validate, render, audit drift.")
final class WeftCommand implements java.util.concurrent.Callable<Integer> {

  /**
   * Every subcommand by its name, in the order {@code weft --help} lists them. Picocli builds a
   * command's model by reflection over its annotations (about a quarter of a second for all nine on
   * a cold JVM, before any work starts); a run of one command only needs that command's model.
   * {@code WeftCommandTest} keeps each key equal to its class's {@code @Command(name)}.
   */
  static final Map<String, Class<?>> SUBCOMMANDS =
      orderedMap(
          "validate", ValidateCommand.class,
          "render", RenderCommand.class,
          "rules", RulesCommand.class,
          "explain", ExplainCommand.class,
          "explain-headroom", ExplainHeadroomCommand.class,
          "explain-deadlock", ExplainDeadlockCommand.class,
          "generate", GenerateCommand.class,
          "diff", DiffCommand.class,
          "backup", BackupCommand.class,
          "import", ImportCommand.class,
          "hwsku", HwskuCommand.class,
          "drift", DriftCommand.class,
          "audit", AuditCommand.class,
          "cabling", CablingCommand.class,
          "report", ReportCommand.class,
          "test-policies", TestPoliciesCommand.class,
          "remediate", RemediateCommand.class,
          "schema", SchemaCommand.class,
          "completion", CompletionCommand.class,
          "help", CommandLine.HelpCommand.class);

  /**
   * Subcommands that work on the whole tree (the help of another command, the completion script).
   */
  static final Set<String> WHOLE_TREE = Set.of("help", "completion");

  /**
   * The command with every subcommand registered: what help, completion and the man pages describe.
   */
  static CommandLine tree() {
    CommandLine cli = new CommandLine(new WeftCommand());
    SUBCOMMANDS.values().forEach(cli::addSubcommand);
    CommonOptions.Prune.all(cli);
    PlatformHelp.install(cli);
    return cli;
  }

  private static Map<String, Class<?>> orderedMap(Object... nameThenClass) {
    Map<String, Class<?>> out = new LinkedHashMap<>();
    for (int i = 0; i < nameThenClass.length; i += 2) {
      out.put((String) nameThenClass[i], (Class<?>) nameThenClass[i + 1]);
    }
    return Collections.unmodifiableMap(out);
  }

  @Spec CommandSpec spec;

  /**
   * {@code weft} alone is a usage error: the usage goes to stderr and the exit code is 2 (a
   * pipeline step that forgot its command must not pass).
   */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    spec.commandLine().getErr().flush();
    return ExitCode.USAGE;
  }
}
