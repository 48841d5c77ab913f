package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleMetaLoaderTest {

  @TempDir Path dir;

  private void write(String id, String yaml) throws IOException {
    Files.createDirectories(dir.resolve(id));
    Files.writeString(dir.resolve(id).resolve("rule.yaml"), yaml);
  }

  private RuleMetaLoader.Result load() {
    return new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of(dir));
  }

  @Test
  void anOverrideChangesOnlyTheFieldsItStates() throws IOException {
    write("cable-length-missing", "id: cable-length-missing\nseverity: error\n");
    RuleMetaLoader.Result r = load();
    assertEquals(List.of(), r.problems());
    RuleMeta m = r.meta().get("cable-length-missing");
    assertEquals(Severity.ERROR, m.effectiveSeverity());
    assertEquals(
        Severity.WARNING,
        m.severity(),
        "the built-in default stays known: it is what the rule emits");
    assertEquals("A lossless link has no cable length", m.title());
    assertEquals(
        Severity.ERROR,
        new RuleMetaLoader()
            .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of())
            .meta()
            .get("link-endpoint-unknown")
            .severity());
  }

  @Test
  void laterRootsWin(@TempDir Path second) throws IOException {
    write("cable-length-missing", "id: cable-length-missing\nseverity: error\n");
    Files.createDirectories(second.resolve("cable-length-missing"));
    Files.writeString(
        second.resolve("cable-length-missing/rule.yaml"),
        "id: cable-length-missing\nseverity: info\n");
    RuleMetaLoader.Result r =
        new RuleMetaLoader()
            .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of(dir, second));
    assertEquals(Severity.INFO, r.meta().get("cable-length-missing").effectiveSeverity());
  }

  @Test
  void problemsAreLocatedFindings() throws IOException {
    write("cable-length-missing", "id: cable-length-missing\nseverity: fatal\ntitel: x\n");
    write("mtu-nic-roce", "id: mtu-nic-roc\n");
    write("no-such-rule", "id: no-such-rule\n");
    List<Finding> problems = load().problems();
    String base = dir.toString().replace('\\', '/');
    assertEquals(
        List.of(
            new Location(base + "/cable-length-missing/rule.yaml", 2, 11),
            new Location(base + "/cable-length-missing/rule.yaml", 3, 1),
            new Location(base + "/mtu-nic-roce/rule.yaml", 1, 5),
            Location.ofFile(base + "/no-such-rule/rule.yaml")),
        problems.stream().map(Finding::location).sorted().toList(),
        problems.toString());
    assertTrue(problems.stream().allMatch(f -> f.rule().equals("rule-metadata")));
    assertTrue(
        problems.stream()
            .anyMatch(f -> f.message().contains("severity must be error, warning or info")),
        problems.toString());
    assertTrue(
        problems.stream().anyMatch(f -> f.message().contains("unknown key 'titel'")),
        problems.toString());
  }

  @Test
  void aMissingDirectoryIsAProblemNotACrash() {
    RuleMetaLoader.Result r =
        new RuleMetaLoader()
            .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of(dir.resolve("nope")));
    assertEquals(1, r.problems().size(), r.problems().toString());
    assertTrue(r.problems().get(0).message().contains("does not exist"));
  }

  @Test
  void symlinkedRuleFoldersAreNotFollowed(@TempDir Path outside) throws IOException {
    Files.createDirectories(outside.resolve("target"));
    Files.writeString(
        outside.resolve("target/rule.yaml"), "id: cable-length-missing\nseverity: info\n");
    try {
      Files.createSymbolicLink(dir.resolve("cable-length-missing"), outside.resolve("target"));
    } catch (UnsupportedOperationException | IOException noLinks) {
      return; // the file system cannot make links: nothing to prove here
    }
    RuleMetaLoader.Result r = load();
    assertEquals(Severity.WARNING, r.meta().get("cable-length-missing").effectiveSeverity());
  }

  @Test
  void scopeAndSeveritiesAreDeclaredAndChecked() throws IOException {
    RuleMeta pfc =
        new RuleMetaLoader()
            .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of())
            .meta()
            .get("pfc-queue-mismatch");
    assertEquals(java.util.Set.of(RuleMeta.Scope.COMPILED, RuleMeta.Scope.LIVE), pfc.scope());
    assertEquals(java.util.Set.of(Severity.ERROR), pfc.severities());

    write("cable-length-missing", "id: cable-length-missing\nscope: [intent, everywhere]\n");
    write("mtu-nic-roce", "id: mtu-nic-roce\nseverities: [warning]\n");
    List<Finding> problems = load().problems();
    assertTrue(
        problems.stream()
            .anyMatch(
                f ->
                    f.message().contains("scope must be intent, compiled, live or tool")
                        && f.location().line() == 2),
        problems.toString());
    assertTrue(
        problems.stream()
            .anyMatch(
                f -> f.message().contains("severity error is not among its severities [warning]")),
        problems.toString());
  }

  @Test
  void restatingTheBuiltInSeverityUndoesAnEarlierSiteOverride(@TempDir Path second)
      throws IOException {
    write("cable-length-missing", "id: cable-length-missing\nseverity: error\n");
    Files.createDirectories(second.resolve("cable-length-missing"));
    Files.writeString(
        second.resolve("cable-length-missing/rule.yaml"),
        "id: cable-length-missing\nseverity: warning\n");
    RuleMeta m =
        new RuleMetaLoader()
            .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of(dir, second))
            .meta()
            .get("cable-length-missing");
    assertEquals(null, m.siteSeverity());
    assertEquals(Severity.WARNING, m.effectiveSeverity());
  }
}
