package dev.weft.cli;

import dev.weft.report.RunInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * When and how a command was started, for the run facts reports carry ({@link RunInfo}). Honours
 * {@code SOURCE_DATE_EPOCH} (the reproducible-builds convention): when it is set, the start time is
 * that instant and the duration zero, so two runs on the same input give byte-identical reports.
 */
final class Invocation {

  private final Instant started;
  private final long startNanos;
  private final boolean reproducible;
  private final String commandLine;

  private Invocation(Instant started, long startNanos, boolean reproducible, String commandLine) {
    this.started = started;
    this.startNanos = startNanos;
    this.reproducible = reproducible;
    this.commandLine = commandLine;
  }

  /** Started now (or at {@code SOURCE_DATE_EPOCH}), with the arguments picocli was given. */
  static Invocation start(CommandSpec spec) {
    return start(spec, System.getenv());
  }

  static Invocation start(CommandSpec spec, Map<String, String> env) {
    String epoch = env.get("SOURCE_DATE_EPOCH");
    Instant at = null;
    if (epoch != null && !epoch.isBlank()) {
      try {
        at = Instant.ofEpochSecond(Long.parseLong(epoch.strip()));
      } catch (NumberFormatException e) {
        throw new UsageException(
            "SOURCE_DATE_EPOCH must be whole seconds since 1970, found '" + epoch + "'");
      }
    }
    List<String> args =
        spec.commandLine().getParseResult() == null
            ? List.of()
            : spec.commandLine().getParseResult().originalArgs();
    String line =
        "weft"
            + (args.isEmpty()
                ? ""
                : " " + String.join(" ", args.stream().map(Invocation::quoted).toList()));
    return new Invocation(at != null ? at : Instant.now(), System.nanoTime(), at != null, line);
  }

  /** The run facts now, with the inventory's commit (null when unknown). */
  RunInfo finish(String inventoryCommit) {
    Duration took = reproducible ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - startNanos);
    return new RunInfo(started, took, commandLine, inventoryCommit);
  }

  /** An argument as a shell would need it: quoted when it holds a space, a quote or nothing. */
  private static String quoted(String arg) {
    if (!arg.isEmpty()
        && arg.chars().noneMatch(c -> Character.isWhitespace(c) || c == '\'' || c == '"')) {
      return arg;
    }
    return "'" + arg.replace("'", "'\\''") + "'";
  }
}
