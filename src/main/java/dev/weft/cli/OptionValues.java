package dev.weft.cli;

import dev.weft.report.FailOn;
import dev.weft.report.Reporters;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The fixed values of options and parameters, from the code that accepts them: picocli offers them
 * to shell completion ({@code --format <TAB>}, {@code --fail-on <TAB>}, {@code weft explain <TAB>})
 * and writes them into the help and the man pages ({@code ${COMPLETION-CANDIDATES}}), so neither
 * can disagree with what a command takes (issue 32).
 */
final class OptionValues {

  private OptionValues() {}

  /** The report formats {@code --format} takes. */
  static final class Formats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Reporters.FORMATS.iterator();
    }
  }

  /** The thresholds {@code --fail-on} takes. */
  static final class FailOnLevels implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(FailOn.values()).map(f -> f.name().toLowerCase(Locale.ROOT)).iterator();
    }
  }

  /** The formats of {@code weft rules}. */
  static final class RuleListFormats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("text", "markdown", "cel-types").iterator();
    }
  }

  /**
   * Every id {@code weft explain} knows without {@code --policies}: the built-in rules and Weft's
   * own finding ids. Read when iterated (completion, help), not when the command tree is built.
   */
  static final class RuleIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      Pipeline.Rules loaded = RulesCommand.load(List.of());
      return AuditRules.with(loaded.meta().meta()).keySet().stream().sorted().iterator();
    }
  }
}
