package dev.weft;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plan of the house (architecture.md), enforced: the pipeline's stages import only earlier
 * ones, each third-party library is imported by the one package that wraps it, and packages form no
 * cycle. The README's architecture section and each package's {@code package-info.java} say the
 * same in prose.
 *
 * <p>A test of the test ({@link #eachRuleCatchesADeliberateViolation}) runs every rule on classes
 * written to break it, so a rule that silently matches nothing fails here.
 */
class ArchitectureTest {

  /**
   * The packages in pipeline order: a package may import the shared values and any package before
   * it, never one after it. The model's records are the vocabulary the intent stage builds, so
   * {@code model} comes before {@code intent}; {@code generate} writes YAML text and stands apart;
   * {@code cli} wires everything.
   */
  static final List<String> STAGES =
      List.of(
          "source",
          "yaml",
          "schema",
          "model",
          "intent",
          "compile",
          "platform",
          "render",
          "rules",
          "policy",
          "netconf",
          "ssh",
          "live",
          "health",
          "drift",
          "translation",
          "cabling",
          "remediate",
          "adopt",
          "git",
          "diff",
          "audit",
          "report",
          "generate",
          "config",
          "cli");

  /**
   * Shared values every stage may use: findings and locations, exact units, the JSON reader/writer,
   * logging.
   */
  static final List<String> SHARED = List.of("finding", "units", "json", "log", "accel", "xml");

  /** Third-party library (package prefix) → the only Weft packages that may import it. */
  static final Map<String, List<String>> LIBRARY_OWNERS = libraryOwners();

  private static Map<String, List<String>> libraryOwners() {
    Map<String, List<String>> m = new TreeMap<>();
    m.put("org.snakeyaml", List.of("yaml"));
    m.put("com.networknt", List.of("schema"));
    m.put(
        "tools.jackson",
        List.of("json", "schema")); // schema: networknt's API speaks Jackson's JsonNode
    m.put("com.fasterxml.jackson", List.of("schema"));
    m.put("org.eclipse.jgit", List.of("source", "git"));
    m.put("com.hubspot.jinjava", List.of("render"));
    m.put("org.apache.sshd", List.of("netconf", "ssh"));
    m.put("picocli", List.of("cli"));
    m.put("dev.cel", List.of("policy"));
    m.put("com.google.protobuf", List.of("policy"));
    m.put("org.slf4j", List.of("log"));
    return m;
  }

  static final String ROOT = "dev.weft";

  /**
   * Test classes laid out like the project but written to break each rule
   * (src/test/.../archviolation).
   */
  static final String VIOLATIONS = "dev.weft.archviolation";

  private static JavaClasses main;

  @BeforeAll
  static void importMain() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.weft");
  }

  /** One rule per stage below {@code root}: it imports no later stage. */
  static List<ArchRule> layeringRules(String root) {
    List<ArchRule> rules = new ArrayList<>();
    for (int i = 0; i < STAGES.size(); i++) {
      List<String> later =
          STAGES.subList(i + 1, STAGES.size()).stream().map(p -> root + "." + p + "..").toList();
      if (later.isEmpty()) {
        continue;
      }
      rules.add(
          noClasses()
              .that()
              .resideInAPackage(root + "." + STAGES.get(i) + "..")
              .should()
              .dependOnClassesThat()
              .resideInAnyPackage(later.toArray(String[]::new))
              .because(
                  "stage '"
                      + STAGES.get(i)
                      + "' comes before "
                      + STAGES.subList(i + 1, STAGES.size())
                      + " in the pipeline (architecture.md)")
              .allowEmptyShould(true));
    }
    for (String shared : SHARED) {
      rules.add(
          noClasses()
              .that()
              .resideInAPackage(root + "." + shared + "..")
              .should()
              .dependOnClassesThat()
              .resideInAnyPackage(
                  STAGES.stream().map(p -> root + "." + p + "..").toArray(String[]::new))
              .because("'" + shared + "' holds shared values and imports no stage")
              .allowEmptyShould(true));
    }
    return rules;
  }

  static List<ArchRule> libraryRules(String root) {
    List<ArchRule> rules = new ArrayList<>();
    LIBRARY_OWNERS.forEach(
        (library, owners) ->
            rules.add(
                noClasses()
                    .that()
                    .resideOutsideOfPackages(
                        owners.stream().map(p -> root + "." + p + "..").toArray(String[]::new))
                    .and()
                    .resideInAPackage(root + "..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage(library + "..")
                    .because(library + " is wrapped by " + owners + " only")
                    .allowEmptyShould(true)));
    return rules;
  }

  static ArchRule noCycles(String root) {
    return slices().matching(root + ".(*)..").should().beFreeOfCycles();
  }

  @Test
  void stagesImportOnlyEarlierStagesAndSharedValues() {
    layeringRules(ROOT).forEach(r -> r.check(main));
  }

  @Test
  void eachThirdPartyLibraryIsImportedByItsOwnerOnly() {
    libraryRules(ROOT).forEach(r -> r.check(main));
  }

  @Test
  void packagesFormNoCycle() {
    noCycles(ROOT).check(main);
  }

  /** Below the top level too: a rule package and the catalogue, a pack and the platform API. */
  @Test
  void subPackagesFormNoCycle() {
    slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void everyMainPackageIsAStageOrSharedAndHasItsPackageInfo() {
    for (String pkg : main.stream().map(c -> c.getPackageName()).distinct().toList()) {
      String top =
          pkg.equals("dev.weft") ? "" : pkg.substring("dev.weft.".length()).split("\\.")[0];
      assertTrue(
          STAGES.contains(top) || SHARED.contains(top),
          "package " + pkg + " is in no stage of the plan");
    }
    for (String top :
        main.stream()
            .map(c -> c.getPackageName().substring("dev.weft.".length()).split("\\.")[0])
            .distinct()
            .toList()) {
      assertTrue(
          main.stream().anyMatch(c -> c.getName().equals("dev.weft." + top + ".package-info")),
          "dev.weft." + top + " has no package-info.java saying what it owns");
    }
  }

  /**
   * Two classes of one name in two packages (two {@code Json}, two {@code Fingerprint}) make every
   * reader ask which.
   */
  @Test
  void topLevelClassNamesAreUniqueAcrossPackages() {
    java.util.Map<String, List<String>> byName = new java.util.TreeMap<>();
    main.stream()
        .filter(c -> c.isTopLevelClass() && !c.getSimpleName().equals("package-info"))
        .forEach(
            c ->
                byName
                    .computeIfAbsent(c.getSimpleName(), k -> new java.util.ArrayList<>())
                    .add(c.getPackageName()));
    byName.values().removeIf(packages -> packages.size() < 2);
    assertTrue(byName.isEmpty(), "class names used in more than one package: " + byName);
  }

  /** Each rule fails on classes that break it: the rules are not vacuous. */
  @Test
  void eachRuleCatchesADeliberateViolation() {
    JavaClasses bad = new ClassFileImporter().importPackages(VIOLATIONS);
    assertFalse(bad.isEmpty(), "the violation fixtures were not compiled");
    assertTrue(
        failsOn(bad, layeringRules(VIOLATIONS)), "a stage importing a later one went unnoticed");
    assertTrue(
        failsOn(bad, libraryRules(VIOLATIONS)),
        "a library imported outside its owner went unnoticed");
    assertTrue(failsOn(bad, List.of(noCycles(VIOLATIONS))), "a package cycle went unnoticed");
    // and the same rules pass on the real code, so they are not simply failing on everything
    assertFalse(failsOn(main, layeringRules(ROOT)));
  }

  private static boolean failsOn(JavaClasses classes, List<ArchRule> rules) {
    for (ArchRule rule : rules) {
      EvaluationResult result = rule.evaluate(classes);
      if (result.hasViolation()) {
        return true;
      }
    }
    return false;
  }
}
