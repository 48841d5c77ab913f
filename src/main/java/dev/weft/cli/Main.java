package dev.weft.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import dev.weft.log.Verbosity;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Entry point: runs the picocli command tree and maps every outcome to a documented exit code. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8)));
    }

    /** Runs one command with the given streams; used by tests to assert on output and exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, Paths.get(""), System.getenv());
    }

    /**
     * As {@link #run(String[], PrintWriter, PrintWriter)}, with the project file (.weft.yaml) looked for from
     * {@code cwd} with {@code environment} ({@code WEFT_CONFIG}); tests pass their own.
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Path cwd, Map<String, String> environment) {
        Verbosity.fromArgs(List.of(args)).apply();
        Class<?> only = args.length == 0 || WeftCommand.WHOLE_TREE.contains(args[0]) ? null : WeftCommand.SUBCOMMANDS.get(args[0]);
        CommandLine cli;
        if (only != null) {
            cli = new CommandLine(new WeftCommand());
            cli.addSubcommand(only);
        } else {
            // help, completion, --version, or a usage error: picocli lists (or suggests) every subcommand
            cli = WeftCommand.tree();
        }
        addLogging(cli);
        cli.setDefaultValueProvider(ConfigDefaults.locate(cwd, environment, WeftCommand.SUBCOMMANDS.keySet()));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(t -> ExitCode.INTERNAL);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println("weft: " + ex.getMessage());
            if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
                err.println("Did you mean: " + String.join(" or ", unmatched.getSuggestions()) + "?");
            }
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            err.flush();
            return ExitCode.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, err));
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Gives every registered subcommand the logging options (also for the man pages and completion). */
    static CommandLine addLogging(CommandLine cli) {
        for (CommandLine sub : cli.getSubcommands().values()) {
            sub.getCommandSpec().addMixin("logging", CommandSpec.forAnnotatedObject(new LoggingOptions()));
        }
        return cli;
    }

    private static int handle(Exception ex, PrintWriter err) {
        if (ex instanceof UsageException) {
            err.println("weft: " + ex.getMessage());
            err.flush();
            return ExitCode.USAGE;
        }
        // A bug: one line for the user, the full trace in a file for the bug report.
        String where = writeTrace(ex);
        err.println("weft: internal error: " + ex + " (full trace: " + where + ")");
        err.flush();
        return ExitCode.INTERNAL;
    }

    private static String writeTrace(Exception ex) {
        try {
            Path file = Files.createTempFile("weft-crash-", ".txt");
            StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            Files.writeString(file, trace.toString(), StandardCharsets.UTF_8);
            return file.toString();
        } catch (IOException io) {
            return "unavailable: " + io.getMessage();
        }
    }
}
