package dev.weft.cli;

import dev.weft.finding.DidYouMean;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One line for a command-line mistake, with a did-you-mean from the one policy every typed name
 * gets ({@link DidYouMean}): an unknown option is named alone (picocli would also list the
 * arguments it could no longer place, such as the inventory after a mistyped {@code --fromat
 * json}), with the closest real option.
 */
final class UsageMessages {

  private UsageMessages() {}

  static String of(CommandLine.ParameterException ex) {
    CommandSpec spec = ex.getCommandLine().getCommandSpec();
    if (!(ex instanceof CommandLine.UnmatchedArgumentException unmatched)) {
      return spec.qualifiedName() + ": " + ex.getMessage();
    }
    List<String> args = unmatched.getUnmatched();
    List<String> options = args.stream().filter(a -> a.startsWith("-") && a.length() > 1).toList();
    if (!options.isEmpty()) {
      List<String> parts = new ArrayList<>();
      for (String o : options) {
        String name = o.contains("=") ? o.substring(0, o.indexOf('=')) : o;
        String hint = DidYouMean.suggest(name, optionNames(spec));
        parts.add("'" + name + "'" + (hint == null ? "" : " (did you mean " + hint + "?)"));
      }
      return spec.qualifiedName()
          + ": unknown option"
          + (parts.size() == 1 ? " " : "s ")
          + String.join(", ", parts);
    }
    if (!spec.subcommands().isEmpty() || spec.parent() == null && spec.name().equals("weft")) {
      String word = args.get(0);
      String hint = DidYouMean.suggest(word, new TreeSet<>(WeftCommand.SUBCOMMANDS.keySet()));
      return "weft: unknown command '"
          + word
          + "'"
          + (hint == null ? "; 'weft --help' lists them" : "; did you mean " + hint + "?");
    }
    return spec.qualifiedName()
        + ": unexpected argument"
        + (args.size() == 1 ? " '" : "s '")
        + String.join("', '", args)
        + "'";
  }

  private static List<String> optionNames(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      for (String n : o.names()) {
        if (n.startsWith("--")) {
          names.add(n);
        }
      }
    }
    return names;
  }
}
