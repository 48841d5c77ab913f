package dev.weft.rules;

import dev.weft.source.SourceFile;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * How Weft's rules cover the failure-mode catalogue they were planned from ({@code
 * policies/coverage.yaml}): for each catalogue entry the rules that check it, or why Weft does not
 * check it. Data, not code, so the "not checked" part of {@code docs/rules.md} is generated like
 * the rest of the page.
 */
public final class RuleCoverage {

  static final String RESOURCE = "policies/coverage.yaml";

  /**
   * One catalogue entry.
   *
   * @param id the catalogue id ({@code INT-006}, {@code SW-008}, ...)
   * @param check what the entry asks for, in one line
   * @param rules the rule ids that check it (empty when not checked)
   * @param fixtures repository-relative fail fixtures that reproduce the entry's mistake (empty
   *     when not checked)
   * @param notChecked why Weft does not check it, or null when rules do
   * @param note what part of a checked entry is left out and why, or null
   */
  public record Entry(
      String id,
      String check,
      List<String> rules,
      List<String> fixtures,
      String notChecked,
      String note) {
    public Entry {
      rules = List.copyOf(rules);
      fixtures = List.copyOf(fixtures);
    }
  }

  private RuleCoverage() {}

  /** The built-in coverage table, in file order. */
  public static List<Entry> builtIn() {
    return builtIn("catalogue");
  }

  /**
   * What the plan is proven against before it renders, class by class (plan conflicts, paths,
   * values against the hardware and the platform, switch to NIC to NCCL), in file order: the same
   * entry shape as the catalogue, ids {@code P<group>.<n>}.
   */
  public static List<Entry> planChecks() {
    return builtIn("plan-checks");
  }

  private static List<Entry> builtIn(String list) {
    try (InputStream in = RuleCoverage.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            RESOURCE + " is missing from the classpath (a packaging bug)");
      }
      return parse(new SourceFile(RESOURCE, in.readAllBytes(), null), list);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }

  /** Parses a coverage file; a malformed one is a bug in Weft's own data, so it throws. */
  static List<Entry> parse(SourceFile file) {
    return parse(file, "catalogue");
  }

  /** The entries of the list {@code list} of a coverage file. */
  static List<Entry> parse(SourceFile file, String list) {
    ParseResult parsed = new YamlParser(LoadLimits.defaults()).parse(file);
    if (!parsed.ok()) {
      throw new IllegalStateException(file.path() + ": " + parsed.findings().get(0).message());
    }
    List<Entry> out = new ArrayList<>();
    Node entries = parsed.root().get(list).orElse(null);
    if (!(entries instanceof ListNode items)) {
      throw new IllegalStateException(file.path() + ": no " + list + " list");
    }
    for (Node item : items.items()) {
      if (!(item instanceof MapNode m)) {
        throw new IllegalStateException(item.location() + ": a catalogue entry must be a mapping");
      }
      List<String> rules = new ArrayList<>();
      if (m.get("rules").orElse(null) instanceof ListNode ids) {
        for (Node id : ids.items()) {
          rules.add(((ScalarNode) id).text());
        }
      }
      List<String> fixtures = new ArrayList<>();
      if (m.get("fixtures").orElse(null) instanceof ListNode paths) {
        for (Node path : paths.items()) {
          fixtures.add(((ScalarNode) path).text());
        }
      }
      Entry e =
          new Entry(
              text(m, "id"),
              text(m, "check"),
              rules,
              fixtures,
              text(m, "not-checked"),
              text(m, "note"));
      if (e.id() == null || e.check() == null || (rules.isEmpty() == (e.notChecked() == null))) {
        throw new IllegalStateException(
            m.location() + ": an entry needs id, check and either rules or not-checked");
      }
      out.add(e);
    }
    return List.copyOf(out);
  }

  private static String text(MapNode m, String key) {
    return m.get(key).orElse(null) instanceof ScalarNode s && s.value() != null
        ? s.text().strip()
        : null;
  }
}
