package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The catalogue is complete and consistent: every registered rule has a folder with metadata, a
 * README and fixtures, and every folder belongs to a registered rule. (PMD's
 * AbstractRuleSetFactoryTest, Checkstyle's AllChecksTest.)
 */
public class RuleCatalogTest {

  public static Path projectDir() {
    String dir = System.getProperty("weft.project.dir");
    return Path.of(dir == null ? "" : dir).toAbsolutePath();
  }

  public static Path policies() {
    return projectDir().resolve("policies");
  }

  /**
   * Holds user-rule examples (CEL, loaded with --policies policies/examples), not built-in rules.
   */
  public static final String EXAMPLES = "examples";

  private static Set<String> folders() throws IOException {
    try (Stream<Path> s = Files.list(policies())) {
      return s.filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.equals(EXAMPLES))
          .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void everyRegisteredRuleHasAFolderAndEveryFolderARegisteredRule() throws IOException {
    assertEquals(dev.weft.rules.builtin.BuiltInRules.catalog().ids(), folders());
  }

  /**
   * The naming convention of the rules package doc: a rule class is its id in UpperCamelCase with
   * no suffix; {@code Rule} ends only the interface and the abstract bases rules extend.
   */
  @Test
  void ruleClassesAreNamedAfterTheirIdAndOnlyBasesEndInRule() {
    for (Rule rule : dev.weft.rules.builtin.BuiltInRules.catalog().rules()) {
      String expected = upperCamel(rule.id());
      String actual = rule.getClass().getSimpleName();
      // the one exception: a class named PlanException would shadow the model record it reads
      if (rule.id().equals("plan-exception")) {
        expected = "PlanExceptions";
      }
      // likewise a class named Oversubscription would shadow the model record of the target it
      // reads
      if (rule.id().equals("oversubscription")) {
        expected = "OversubscriptionTarget";
      }
      assertEquals(
          expected,
          actual,
          "rule " + rule.id() + " is implemented by " + rule.getClass().getName());
      assertFalse(java.lang.reflect.Modifier.isAbstract(rule.getClass().getModifiers()), actual);
    }
  }

  private static String upperCamel(String id) {
    StringBuilder b = new StringBuilder();
    for (String part : id.split("-")) {
      b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return b.toString();
  }

  @Test
  void idsAreKebabCase() {
    for (String id : dev.weft.rules.builtin.BuiltInRules.catalog().ids()) {
      assertTrue(id.matches("[a-z0-9]+(-[a-z0-9]+)*"), id);
    }
  }

  @Test
  void builtInMetadataLoadsFromTheClasspathWithoutProblems() {
    RuleMetaLoader.Result result =
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of());
    assertEquals(List.of(), result.problems());
    assertEquals(
        dev.weft.rules.builtin.BuiltInRules.catalog().ids(), new TreeSet<>(result.meta().keySet()));
  }

  @TestFactory
  Stream<DynamicTest> eachRuleFolderIsComplete() {
    RuleMetaLoader.Result result =
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of());
    return dev.weft.rules.builtin.BuiltInRules.catalog().ids().stream()
        .map(
            id ->
                DynamicTest.dynamicTest(
                    id,
                    () -> {
                      Path folder = policies().resolve(id);
                      RuleMeta m = result.meta().get(id);
                      assertTrue(m != null, "no metadata for " + id + ": " + result.problems());
                      assertEquals(id, m.id());
                      for (String field :
                          List.of(
                              m.title(), m.category(), m.rationale(), m.remediation(), m.since())) {
                        assertTrue(field != null && !field.isBlank(), id + ": empty field in " + m);
                      }
                      assertFalse(m.sources().isEmpty(), id + ": no sources");
                      assertTrue(
                          m.remediation().endsWith("."),
                          id + ": remediation must end with '.': " + m.remediation());
                      assertTrue(
                          m.since().matches("[0-9]+\\.[0-9]+\\.[0-9]+"),
                          id + ": since " + m.since());

                      Path readme = folder.resolve("README.md");
                      assertTrue(Files.isRegularFile(readme), id + ": README.md missing");
                      assertTrue(
                          Files.readString(readme).startsWith("# " + id + "\n"),
                          id + ": README must start with '# " + id + "'");

                      boolean tool = RuleCatalog.BUILT_IN_FINDINGS.contains(id);
                      assertEquals(
                          tool,
                          m.tool(),
                          id
                              + ": scope tool is for exactly the ids in RuleCatalog.BUILT_IN_FINDINGS");
                      if (tool) {
                        // no inventory makes a rule emit these: a fixture would test nothing, so
                        // there must be none
                        assertFalse(
                            Files.exists(folder.resolve("pass"))
                                || Files.exists(folder.resolve("fail")),
                            id + ": a built-in finding has no pass/ or fail/ fixtures");
                        return;
                      }
                      assertFalse(m.runsOn(RuleMeta.Scope.TOOL), id);
                      assertTrue(m.severities().contains(m.severity()), id);
                      assertFalse(
                          yamlFiles(folder.resolve("pass")).isEmpty(), id + ": no pass/ fixture");
                      List<Path> fail = yamlFiles(folder.resolve("fail"));
                      assertFalse(fail.isEmpty(), id + ": no fail/ fixture");
                      boolean marked = false;
                      for (Path f : fail) {
                        marked |=
                            FixtureMarkers.read(f, "x").stream().anyMatch(e -> e.rule().equals(id));
                      }
                      assertTrue(marked, id + ": fail/ has no '# expect: " + id + "' marker");
                    }));
  }

  public static List<Path> yamlFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    }
  }
}
