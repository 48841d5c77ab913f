package dev.weft.cli;

import dev.weft.finding.DidYouMean;
import dev.weft.report.Reporters;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where one run writes its report, in which formats. Each {@code --output} is {@code FORMAT=FILE}
 * (a format of {@link Reporters#FORMATS}; {@code -} as the file is standard output) or a plain
 * {@code FILE}, which takes {@code --format}; without any, the report in {@code --format} goes to
 * standard output. So {@code --output sarif=weft.sarif --output markdown=comment.md --output
 * json=-} writes three formats from one run, and the older {@code --format json --output weft.json}
 * keeps working. A value whose part before '=' is not a word is a file name ({@code ./a=b} forces
 * that).
 */
record OutputTargets(List<Target> targets) {

  /** One report: its format and its file, or null for standard output. */
  record Target(String format, Path file) {
    boolean stdout() {
      return file == null;
    }

    String describe() {
      return format + "=" + (file == null ? "-" : file.toString());
    }
  }

  OutputTargets {
    targets = List.copyOf(targets);
  }

  /**
   * Parses {@code outputs} (the {@code --output} values, or the project file's) with {@code format}
   * for the plain ones; a bad format, two reports on standard output or two on one file is a usage
   * error.
   */
  static OutputTargets parse(String format, List<String> outputs) {
    String plainFormat = checkedFormat(format, "--format");
    List<Target> out = new ArrayList<>();
    for (String value : outputs) {
      int eq = value.indexOf('=');
      String prefix = eq > 0 ? value.substring(0, eq) : "";
      if (prefix.matches("[A-Za-z]+")) {
        String file = value.substring(eq + 1);
        if (file.isEmpty()) {
          throw new UsageException(
              "--output " + value + ": name a file after '=' ('-' for standard output)");
        }
        out.add(
            new Target(
                checkedFormat(prefix, "--output " + value + ": the format"),
                "-".equals(file) ? null : Path.of(file)));
      } else {
        out.add(new Target(plainFormat, "-".equals(value) ? null : Path.of(value)));
      }
    }
    if (out.isEmpty()) {
      out.add(new Target(plainFormat, null));
    }
    Set<Path> files = new HashSet<>();
    long toStdout = 0;
    for (Target t : out) {
      if (t.stdout()) {
        toStdout++;
      } else if (!files.add(t.file().toAbsolutePath().normalize())) {
        throw new UsageException("--output: two reports would be written to " + t.file());
      }
    }
    if (toStdout > 1) {
      throw new UsageException(
          "--output: only one report can go to standard output, found "
              + String.join(
                  " and ", out.stream().filter(Target::stdout).map(Target::describe).toList()));
    }
    return new OutputTargets(out);
  }

  private static String checkedFormat(String name, String where) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (Reporters.FORMATS.contains(lower) || Reporters.AUDIT_FORMATS.contains(lower)) {
      return lower; // an audit format elsewhere is refused by the command
      // (ReportOutput.checkOptions)
    }
    String hint = DidYouMean.suggest(lower, Reporters.FORMATS);
    throw new UsageException(
        where
            + " must be one of "
            + String.join(", ", Reporters.FORMATS)
            + ", found '"
            + name
            + "'"
            + (hint == null ? "" : "; did you mean '" + hint + "'?"));
  }

  /** Writes one format of the report to a writer the caller does not close. */
  @FunctionalInterface
  interface Render {
    void write(String format, Writer out) throws IOException;
  }

  /**
   * Writes every target: files (their folders made as needed) in the order given, then standard
   * output.
   */
  void write(PrintWriter stdout, Render render) {
    for (Target t : targets) {
      if (t.stdout()) {
        continue;
      }
      try {
        Path parent = t.file().toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        try (Writer w =
            new OutputStreamWriter(Files.newOutputStream(t.file()), StandardCharsets.UTF_8)) {
          render.write(t.format(), w);
        }
      } catch (IOException e) {
        // a full disk (/dev/full), a folder, no permission: the user's to fix, not a bug
        throw new UsageException("cannot write the report to " + t.file() + ": " + e.getMessage());
      }
    }
    for (Target t : targets) {
      if (t.stdout()) {
        try {
          render.write(t.format(), stdout);
        } catch (IOException e) {
          throw new UsageException("cannot write the report to standard output: " + e.getMessage());
        }
        stdout.flush();
        if (stdout.checkError()) {
          throw new UsageException(
              "cannot write the report to standard output (closed, or the disk is full)");
        }
      }
    }
  }
}
