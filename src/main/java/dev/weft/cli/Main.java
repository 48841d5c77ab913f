package dev.weft.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Entry point: runs the picocli command tree and maps every outcome to a documented exit code. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8)));
    }

    /** Runs one command with the given streams; used by tests to assert on output and exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new WeftCommand());
        Class<?> only = args.length == 0 ? null : WeftCommand.SUBCOMMANDS.get(args[0]);
        if (only != null) {
            cli.addSubcommand(only);
        } else {
            // help, --version, or a usage error: picocli lists (or suggests) every subcommand
            WeftCommand.SUBCOMMANDS.values().forEach(cli::addSubcommand);
        }
        // the common options a command does not take leave its model (and so its help) before anything parses
        cli.getSubcommands().values().forEach(sub -> new CommonOptions.Prune().transform(sub.getCommandSpec()));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(t -> ExitCode.INTERNAL);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println(UsageMessages.of(ex));
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
