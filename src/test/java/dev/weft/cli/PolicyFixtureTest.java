package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.finding.Finding;
import dev.weft.rules.FixtureMarkers;
import dev.weft.rules.RuleCatalogTest;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.WorkingTreeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code policies/<id>/pass} and {@code fail} inventory through the very pipeline {@code weft
 * validate} runs (source, schema, model, compile, rules with the built-in metadata and waivers, the
 * render check, what follows from broken input left out), so rules on intent and on compiled config
 * are tested the same way. A fail fixture must produce exactly the {@code # expect:} markers as
 * (rule, severity, file, line), a marker without a severity meaning the rule's default from {@code
 * rule.yaml}, so a finding's severity is asserted as well as its place; a pass fixture must produce
 * no unwaived finding at all, and its waived findings must match its {@code # expect-waived:}
 * markers. A rule test therefore costs no Java. Folders of Weft's own finding ids (scope {@code
 * tool}: schema, drift, render, device findings) have no fixtures, since no inventory makes a rule
 * emit them; {@code RuleCatalogTest} checks they have none.
 */
class PolicyFixtureTest {

  /** Waiver fixtures are written against this date. */
  static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

  @TestFactory
  Stream<DynamicContainer> fixtures() throws IOException {
    RuleMetaLoader.Result meta =
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of());
    assertEquals(List.of(), meta.problems());
    Pipeline pipeline = new Pipeline(List.of(), null, TODAY);
    List<DynamicContainer> rules = new ArrayList<>();
    for (Path folder : fixtureFolders(meta.meta())) {
      List<DynamicTest> tests = new ArrayList<>();
      for (String kind : List.of("pass", "fail")) {
        Path dir = folder.resolve(kind);
        if (Files.isDirectory(dir)) {
          tests.add(
              DynamicTest.dynamicTest(
                  kind, dir.toUri(), () -> check(pipeline, meta.meta(), folder, dir, kind)));
        }
      }
      rules.add(DynamicContainer.dynamicContainer(folder.getFileName().toString(), tests));
    }
    return rules.stream();
  }

  /** The rule folders that have fixtures: every one but Weft's own finding ids (scope tool). */
  static List<Path> fixtureFolders(Map<String, RuleMeta> meta) throws IOException {
    try (Stream<Path> folders = Files.list(RuleCatalogTest.policies())) {
      return folders
          .filter(Files::isDirectory)
          .filter(f -> !f.getFileName().toString().equals(RuleCatalogTest.EXAMPLES))
          .sorted()
          .filter(
              f -> {
                RuleMeta m = meta.get(f.getFileName().toString());
                return m == null || !m.tool();
              })
          .toList();
    }
  }

  private static void check(
      Pipeline pipeline, Map<String, RuleMeta> meta, Path folder, Path dir, String kind)
      throws Exception {
    Path root = RuleCatalogTest.projectDir();
    Set<FixtureMarkers.Expected> expected = new TreeSet<>();
    for (Path f : RuleCatalogTest.yamlFiles(dir)) {
      for (FixtureMarkers.Expected e :
          FixtureMarkers.read(f, root.relativize(f).toString().replace('\\', '/'))) {
        expected.add(e.resolved(meta));
      }
    }
    if (kind.equals("pass")) {
      assertTrue(
          expected.stream().allMatch(FixtureMarkers.Expected::waived),
          "a pass fixture may only carry # expect-waived: markers: " + expected);
    } else {
      String id = folder.getFileName().toString();
      assertTrue(
          expected.stream().anyMatch(e -> e.rule().equals(id) && !e.waived()),
          "fail fixture has no '# expect: " + id + "' marker");
    }

    List<Finding> all = pipeline.validate(new WorkingTreeSource(root, dir)).findings();
    Map<FixtureMarkers.Expected, Finding> actual = new TreeMap<>();
    // what a platform pack cannot express (render-gap, main's packs) is a note of the platform, not
    // of the rule
    // under test: a fixture checks it only where a marker asks for it
    boolean gaps =
        expected.stream()
            .anyMatch(e -> e.rule().equals("render-gap") || e.rule().equals("render-error"));
    for (Finding f : all) {
      boolean platformNote =
          f.rule().equals("render-gap")
              || (f.rule().equals("render-error")
                  && f.severity() == dev.weft.finding.Severity.WARNING);
      if (!gaps && platformNote) {
        continue;
      }
      if (f.location() == null) {
        fail("finding without a location: " + f);
      }
      actual.putIfAbsent(
          new FixtureMarkers.Expected(
              f.rule(), f.severity(), f.location().file(), f.location().line(), f.waived()),
          f);
    }
    if (!expected.equals(actual.keySet())) {
      StringBuilder diff =
          new StringBuilder("findings differ from the # expect markers of " + dir + "\n");
      for (FixtureMarkers.Expected e : expected) {
        if (!actual.containsKey(e)) {
          diff.append("  missing:    ").append(e).append('\n');
        }
      }
      actual.forEach(
          (e, f) -> {
            if (!expected.contains(e)) {
              diff.append("  unexpected: ")
                  .append(e)
                  .append(" — ")
                  .append(f.message())
                  .append('\n');
            }
          });
      fail(diff.toString());
    }
  }
}
