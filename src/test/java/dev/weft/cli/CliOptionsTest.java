package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Help that matches behaviour, walked from picocli's model of the command tree that {@code weft}
 * runs (with the logging options {@link Main} adds): every command's help has one or two examples,
 * and each example parses; every option a command's help lists is accepted by the parser with a
 * value of its type; the common options a command declares it does not take ({@link
 * CommonOptions.Without}) are neither listed nor accepted. Not checked here: that an accepted
 * option changes the outcome (the commands' own tests do that, option by option).
 */
class CliOptionsTest {

  /** Every subcommand but picocli's {@code help}. */
  static Stream<String> commands() {
    return WeftCommand.SUBCOMMANDS.keySet().stream().filter(n -> !n.equals("help"));
  }

  private static CommandLine tree() {
    return Main.addLogging(WeftCommand.tree());
  }

  private static CommandLine command(String name) {
    return tree().getSubcommands().get(name);
  }

  /**
   * The example lines of a command's help, each split into its words as a shell would (quotes
   * honoured, up to a redirection).
   */
  private static List<List<String>> examples(CommandLine cli) {
    CommandLine.Model.UsageMessageSpec usage = cli.getCommandSpec().usageMessage();
    assertTrue(
        usage.footerHeading().contains("Examples:"),
        cli.getCommandName() + " help has an Examples: section");
    List<List<String>> out = new ArrayList<>();
    for (String line : usage.footer()) {
      if (line.trim().startsWith("weft ")) {
        out.add(words(line.trim()));
      }
    }
    return out;
  }

  private static final Pattern WORD = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)");

  private static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(line);
    while (m.find()) {
      String w = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
      if (m.group(3) != null
          && (w.equals(">") || w.equals("|") || w.equals(">>") || w.equals("&&"))) {
        break;
      }
      out.add(w);
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("commands")
  void helpHasOneOrTwoExamplesAndEachParses(String name) {
    List<List<String>> examples = examples(command(name));
    assertTrue(
        examples.size() == 1 || examples.size() == 2,
        name + " help has one or two examples: " + examples);
    for (List<String> example : examples) {
      assertEquals("weft", example.get(0));
      assertEquals(
          name, example.get(1), "an example of " + name + " runs " + name + ": " + example);
      List<String> args = example.subList(1, example.size());
      try {
        tree().parseArgs(args.toArray(String[]::new));
      } catch (CommandLine.ParameterException e) {
        fail("the example 'weft " + String.join(" ", args) + "' does not parse: " + e.getMessage());
      }
    }
  }

  /** A value the option's type accepts: its default, a completion candidate, or one by type. */
  private static List<String> sample(OptionSpec o) {
    if (o.arity().max() == 0) {
      return List.of();
    }
    String value;
    if (o.defaultValue() != null && !o.defaultValue().isEmpty()) {
      value = o.defaultValue();
    } else if (o.completionCandidates() != null && o.completionCandidates().iterator().hasNext()) {
      value = o.completionCandidates().iterator().next();
    } else {
      Class<?> type =
          o.auxiliaryTypes().length > 0 && o.isMultiValue() ? o.auxiliaryTypes()[0] : o.type();
      if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
        value = "256";
      } else if (type == java.time.Duration.class) {
        value = "5s";
      } else {
        value = "x";
      }
    }
    return List.of(value);
  }

  @ParameterizedTest
  @MethodSource("commands")
  void everyOptionTheHelpListsIsAccepted(String name) {
    CommandLine cli = command(name);
    String help = cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
    CommandSpec spec = cli.getCommandSpec();
    List<String> required = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (o.required()) {
        required.add(o.longestName());
        required.addAll(sample(o));
      }
    }
    // a required positional (a rule id, a shell, a switch and port) gets a value that parses
    List<String> positionals = new ArrayList<>();
    for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
      if (p.arity().min() > 0) {
        for (int i = 0; i < p.arity().min(); i++) {
          positionals.add(
              p.completionCandidates() != null && p.completionCandidates().iterator().hasNext()
                  ? p.completionCandidates().iterator().next()
                  : "x");
        }
      }
    }
    int checked = 0;
    for (OptionSpec o : spec.options()) {
      if (o.hidden() || o.usageHelp() || o.versionHelp()) {
        continue;
      }
      assertTrue(
          help.contains(o.longestName()), name + " help lists " + o.longestName() + ":\n" + help);
      List<String> args = new ArrayList<>(List.of(name));
      args.addAll(positionals);
      args.addAll(required);
      if (!o.required()) {
        args.add(o.longestName());
        args.addAll(sample(o));
      }
      try {
        tree().parseArgs(args.toArray(String[]::new));
      } catch (CommandLine.ParameterException e) {
        fail(
            "'weft "
                + String.join(" ", args)
                + "' is refused although "
                + name
                + " --help lists "
                + o.longestName()
                + ": "
                + e.getMessage());
      }
      checked++;
    }
    assertTrue(checked > 0, name + " lists options");
  }

  @Test
  void theCommonOptionsACommandDoesNotTakeAreNeitherListedNorAccepted() {
    int pruned = 0;
    for (var entry : WeftCommand.SUBCOMMANDS.entrySet()) {
      CommonOptions.Without without = entry.getValue().getAnnotation(CommonOptions.Without.class);
      if (without == null) {
        continue;
      }
      String help = CliRun.of(entry.getKey(), "--help").out();
      for (String option : without.value()) {
        assertFalse(
            Pattern.compile(Pattern.quote(option) + "\\b").matcher(help).find(),
            entry.getKey() + " --help does not list " + option + ":\n" + help);
        List<String> args = new ArrayList<>(List.of(entry.getKey(), option, "x"));
        for (OptionSpec o : command(entry.getKey()).getCommandSpec().options()) {
          if (o.required()) { // so the refusal is of the option, not of a missing one
            args.add(o.longestName());
            args.addAll(sample(o));
          }
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(
            ExitCode.USAGE, run.exitCode(), entry.getKey() + " " + option + ": " + run.err());
        assertTrue(run.err().contains(option), run.err());
        pruned++;
      }
    }
    assertTrue(pruned >= 5, "diff, backup and drift prune common options: " + pruned);
  }

  @Test
  void bareWeftPrintsTheUsageAndExits2() {
    CliRun run = CliRun.of();
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("Usage: weft"), run.err());
    for (String name : commands().toList()) {
      assertTrue(run.err().contains("\n  " + name + " "), name + " in the usage:\n" + run.err());
    }
  }

  @Test
  void aMistypedOptionGetsDidYouMeanAndTheInventoryIsNotAnUnknownOption() {
    CliRun run = CliRun.of("validate", "--fromat", "json", "inventories/roce-pod-a");
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertTrue(run.err().contains("unknown option '--fromat' (did you mean --format?)"), run.err());
    assertFalse(
        run.err().contains("'inventories/roce-pod-a'"),
        "the inventory is not lumped in: " + run.err());
    assertTrue(
        Arrays.stream(run.err().split("\n")).noneMatch(l -> l.contains("Unmatched")), run.err());
  }
}
