package dev.weft.cli;

import dev.weft.finding.Excerpt;
import dev.weft.finding.WhileProcessing;
import dev.weft.log.Verbosity;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Entry point: runs the picocli command tree and maps every outcome to a documented exit code. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(
        run(
            args,
            new PrintWriter(System.out, true, StandardCharsets.UTF_8),
            new PrintWriter(System.err, true, StandardCharsets.UTF_8)));
  }

  /** Runs one command with the given streams; used by tests to assert on output and exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, Paths.get(""), System.getenv());
  }

  /**
   * As {@link #run(String[], PrintWriter, PrintWriter)}, with the project file (.weft.yaml) looked
   * for from {@code cwd} with {@code environment} ({@code WEFT_CONFIG}); tests pass their own.
   */
  public static int run(
      String[] args, PrintWriter out, PrintWriter err, Path cwd, Map<String, String> environment) {
    Verbosity.fromArgs(List.of(args)).apply();
    Class<?> only =
        args.length == 0 || WeftCommand.WHOLE_TREE.contains(args[0])
            ? null
            : WeftCommand.SUBCOMMANDS.get(args[0]);
    CommandLine cli;
    if (only != null) {
      cli = new CommandLine(new WeftCommand());
      cli.addSubcommand(only);
    } else {
      // help, completion, --version, or a usage error: picocli lists (or suggests) every subcommand
      cli = WeftCommand.tree();
    }
    CommonOptions.Prune.all(cli);
    PlatformHelp.install(cli);
    addLogging(cli);
    cli.setDefaultValueProvider(
        ConfigDefaults.locate(cwd, environment, WeftCommand.SUBCOMMANDS.keySet()));
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(t -> ExitCode.INTERNAL);
    cli.setParameterExceptionHandler(
        (ex, a) -> {
          err.println(UsageMessages.of(ex));
          err.println(
              "Try '"
                  + ex.getCommandLine().getCommandSpec().qualifiedName()
                  + " --help' for usage.");
          err.flush();
          return ExitCode.USAGE;
        });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, args, err));
    int code;
    try {
      code = cli.execute(args);
    } catch (OutOfMemoryError oom) {
      // Only when the JVM runs without ExitOnOutOfMemoryError (the launcher sets it): never on
      // stdout,
      // which may be carrying a JSON or SARIF report.
      err.println(
          "weft: out of memory; raise the heap (WEFT_MAX_HEAP, default 1400m) or lower the input"
              + " limits (docs/limits.md)");
      code = ExitCode.INTERNAL;
    } catch (StackOverflowError | LinkageError | AssertionError bug) {
      // picocli hands only Exceptions to the handler; these are bugs too and get the same report
      code = handle(new WhileProcessing("the command", bug), args, err);
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * Gives every registered subcommand the logging options (also for the man pages and completion).
   */
  static CommandLine addLogging(CommandLine cli) {
    for (CommandLine sub : cli.getSubcommands().values()) {
      sub.getCommandSpec()
          .addMixin("logging", CommandSpec.forAnnotatedObject(new LoggingOptions()));
    }
    return cli;
  }

  /**
   * An exception the command threw: a usage error (exit 2) or a bug (exit 3, one line, a trace
   * file).
   */
  static int handle(Exception ex, String[] args, PrintWriter err) {
    if (ex instanceof UsageException) {
      err.println("weft: " + Excerpt.escapeControls(ex.getMessage(), false));
      err.flush();
      return ExitCode.USAGE;
    }
    // A bug: one line for the user, the full trace in a file for the bug report.
    String where = CrashReport.write(ex, List.of(args), List.of());
    List<String> subjects = CrashReport.subjects(ex);
    Throwable root = ex;
    while (root instanceof WhileProcessing && root.getCause() != null) {
      root = root.getCause();
    }
    String context =
        subjects.isEmpty() ? "" : " while processing " + subjects.get(subjects.size() - 1);
    err.println(
        "weft: internal error"
            + context
            + ": "
            + CrashReport.mask(
                Excerpt.escapeControls(Excerpt.cut(String.valueOf(root), 300), false))
            + " (full trace: "
            + where
            + ")");
    err.flush();
    return ExitCode.INTERNAL;
  }
}
