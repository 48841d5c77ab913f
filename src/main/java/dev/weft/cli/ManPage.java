package dev.weft.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Man pages in roff ({@code man(7)} macros) written from picocli's model of the command tree, so
 * they say exactly what {@code --help} says: {@code weft.1} for the command and its subcommands,
 * and one {@code weft-CMD.1} per subcommand with its options and arguments. picocli-codegen's
 * generator writes AsciiDoc, which needs Asciidoctor to become a man page; this writes the roff
 * itself.
 */
final class ManPage {

  private final String date;
  private final String version;

  /**
   * {@code date} as YYYY-MM-DD (the build's fixed timestamp, so pages are byte-identical per
   * version).
   */
  ManPage(String date, String version) {
    if (!date.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
      throw new IllegalArgumentException(
          "the date of a man page is YYYY-MM-DD, found '" + date + "'");
    }
    this.date = date;
    this.version = version;
  }

  /** File name to page, for the root and every subcommand, in the tree's order. */
  Map<String, String> pages(CommandLine root) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put(pageName(root.getCommandSpec()) + ".1", page(root.getCommandSpec()));
    root.getSubcommands()
        .values()
        .forEach(sub -> out.put(pageName(sub.getCommandSpec()) + ".1", page(sub.getCommandSpec())));
    return out;
  }

  private static String pageName(CommandSpec spec) {
    return spec.qualifiedName("-");
  }

  String page(CommandSpec spec) {
    StringBuilder roff = new StringBuilder();
    String name = pageName(spec);
    roff.append(".TH \"")
        .append(escape(name.toUpperCase(java.util.Locale.ROOT)))
        .append("\" \"1\" \"")
        .append(date)
        .append("\" \"")
        .append(escape("weft " + version))
        .append("\" \"Weft Manual\"\n");
    String[] description = PlatformHelp.fill(spec.usageMessage().description());
    roff.append(".SH NAME\n")
        .append(escape(name))
        .append(" \\- ")
        .append(escape(firstSentence(description.length == 0 ? name : description[0])))
        .append('\n');

    roff.append(".SH SYNOPSIS\n.nf\n");
    Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
    for (String line : help.synopsis(0).strip().split("\n")) {
      roff.append(line(line.stripTrailing())).append('\n');
    }
    roff.append(".fi\n");

    if (description.length > 0) {
      roff.append(".SH DESCRIPTION\n");
      for (int i = 0; i < description.length; i++) {
        roff.append(i == 0 ? "" : ".PP\n").append(line(description[i])).append('\n');
      }
    }
    List<PositionalParamSpec> arguments =
        spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
    if (!arguments.isEmpty()) {
      roff.append(".SH ARGUMENTS\n");
      for (PositionalParamSpec p : arguments) {
        roff.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n").append(text(p));
      }
    }
    List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
    if (!options.isEmpty()) {
      roff.append(".SH OPTIONS\n");
      for (OptionSpec o : options) {
        roff.append(".TP\n").append(optionTerm(o)).append('\n').append(text(o));
      }
    }
    if (!spec.subcommands().isEmpty()) {
      roff.append(".SH COMMANDS\n");
      spec.subcommands()
          .forEach(
              (sub, line) -> {
                String[] d = PlatformHelp.fill(line.getCommandSpec().usageMessage().description());
                roff.append(".TP\n\\fB")
                    .append(escape(sub))
                    .append("\\fR\n")
                    .append(line(d.length == 0 ? "" : d[0]))
                    .append("\nSee \\fB")
                    .append(escape(pageName(line.getCommandSpec())))
                    .append("\\fR(1).\n");
              });
    }
    exitStatus(roff);
    if (spec.parent() == null) {
      rootSections(roff);
    }
    roff.append(".SH SEE ALSO\n");
    List<String> seeAlso = new ArrayList<>();
    if (spec.parent() != null) {
      seeAlso.add("\\fBweft\\fR(1)");
    }
    spec.subcommands()
        .values()
        .forEach(l -> seeAlso.add("\\fB" + escape(pageName(l.getCommandSpec())) + "\\fR(1)"));
    seeAlso.add("the documentation in the release archive's \\fIdocs/\\fR folder");
    roff.append(String.join(",\n", seeAlso)).append('\n');
    return roff.toString();
  }

  private static void exitStatus(StringBuilder roff) {
    roff.append(".SH EXIT STATUS\n")
        .append(".TP\n0\nRan; no finding at or above \\fB\\-\\-fail\\-on\\fR.\n")
        .append(
            ".TP\n1\nRan; at least one finding at or above \\fB\\-\\-fail\\-on\\fR"
                + " (bad intent, policy violation, drift, unreachable device).\n")
        .append(
            ".TP\n2\nUsage error: unknown option, missing inventory, unknown Git ref, unreadable credentials,"
                + " a problem in \\fI.weft.yaml\\fR, no Java 17.\n")
        .append(
            ".TP\n3\nInternal error (a bug): one line on standard error naming the file that holds the full trace.\n");
  }

  /** What only the top page says: the project file, the environment, completion. */
  private static void rootSections(StringBuilder roff) {
    roff.append(".SH FILES\n.TP\n\\fI.weft.yaml\\fR\n")
        .append(
            line(
                "Project defaults (inventory, fail-on, outputs, credentials, known-hosts, parallel, policies,"
                    + " templates), found in the working folder or the nearest folder above it up to the repository"
                    + " root; command-line options override it. See docs/install.md."))
        .append('\n')
        .append(".TP\n\\fI${XDG_CACHE_HOME:\\-~/.cache}/weft/\\fR\n")
        .append(
            line("The class-data archive of each installed build (faster start); safe to delete."))
        .append('\n');
    roff.append(".SH ENVIRONMENT\n");
    String[][] variables = {
      {"JAVA_HOME", "The Java 17 or newer to run; without it, the java on PATH."},
      {
        "WEFT_MAX_HEAP",
        "Fixes the Java heap, e.g. 4g (default: starts at 1400m, grows to a quarter of memory)."
      },
      {"WEFT_JAVA_OPTS", "Replaces every JVM option of the launcher."},
      {"WEFT_CONFIG", "Reads this file instead of looking for .weft.yaml; empty: no project file."},
      {"WEFT_TIMINGS", "Set to 1: validate and render print per-stage times on standard error."},
    };
    for (String[] v : variables) {
      roff.append(".TP\n\\fB")
          .append(escape(v[0]))
          .append("\\fR\n")
          .append(line(v[1]))
          .append('\n');
    }
    roff.append(".SH SHELL COMPLETION\n")
        .append(
            line(
                "bash: source <(weft completion bash); zsh: source <(weft completion zsh) after compinit."))
        .append('\n');
  }

  private static String optionTerm(OptionSpec o) {
    StringBuilder term = new StringBuilder();
    String[] names = o.names();
    for (int i = 0; i < names.length; i++) {
      term.append(i == 0 ? "" : ", ").append("\\fB").append(escape(names[i])).append("\\fR");
    }
    if (o.typeInfo().isBoolean() && o.arity().max() == 0) {
      return term.toString();
    }
    return term.append("=\\fI").append(escape(o.paramLabel())).append("\\fR").toString();
  }

  private static String text(ArgSpec arg) {
    StringBuilder out = new StringBuilder();
    for (String d : arg.renderedDescription()) {
      out.append(line(d)).append('\n');
    }
    return out.toString();
  }

  /** One text line: escaped, and guarded so a leading '.' or '\'' is not read as a request. */
  private static String line(String text) {
    String escaped = escape(text.replace('\n', ' '));
    return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
  }

  /**
   * Backslashes and hyphens escaped (a plain '-' may be typeset as a hyphen, and options must
   * copy-paste).
   */
  static String escape(String text) {
    return text.replace("\\", "\\e").replace("-", "\\-");
  }

  private static String firstSentence(String text) {
    int end = text.indexOf(". ");
    String first = end < 0 ? text : text.substring(0, end);
    return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
  }
}
