package dev.weft.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading .weft.yaml: where it is found, how values resolve, and every kind of mistake as a
 * finding.
 */
class ProjectConfigTest {

  static final List<String> COMMANDS = List.of("validate", "diff", "drift");

  @TempDir Path dir;

  private ProjectConfig load(String text) throws Exception {
    Path file = dir.resolve(".weft.yaml");
    Files.writeString(file, text);
    return ProjectConfig.load(file, ".weft.yaml", COMMANDS);
  }

  @Test
  void theNearestFileUpwardIsFoundAndTheSearchStopsAtTheRepositoryRoot() throws Exception {
    Path nested = Files.createDirectories(dir.resolve("repo/a/b"));
    Files.createDirectories(dir.resolve("repo/.git"));
    Files.writeString(dir.resolve(".weft.yaml"), "fail-on: never\n");
    assertEquals(
        Optional.empty(),
        ProjectConfig.find(nested),
        "the file above the repository is not the project's");
    Files.writeString(dir.resolve("repo/a/.weft.yaml"), "fail-on: never\n");
    assertEquals(Optional.of(dir.resolve("repo/a/.weft.yaml")), ProjectConfig.find(nested));
  }

  @Test
  void pathsAreRelativeToTheFilesFolderAndListsStayLists() throws Exception {
    ProjectConfig config =
        load(
            "policies: [local, /abs/rules]\ntemplates: ./tpl\ndrift:\n  known-hosts: lab/known_hosts\n  parallel: 8\n"
                + "output: sarif=out/weft.sarif\n");
    assertEquals(List.of(), config.problems());
    assertEquals(
        List.of(dir.resolve("local").toString(), "/abs/rules"),
        config.get("validate", "policies").orElseThrow().values());
    assertEquals(
        dir.resolve("tpl").toString(), config.get("diff", "templates").orElseThrow().value());
    assertEquals(
        dir.resolve("lab/known_hosts").toString(),
        config.get("drift", "known-hosts").orElseThrow().value());
    assertEquals(
        Optional.empty(),
        config.get("validate", "known-hosts"),
        "a section applies to its command only");
    assertEquals("8", config.get("drift", "parallel").orElseThrow().value());
    assertEquals(
        List.of("sarif=" + dir.resolve("out/weft.sarif")),
        config.get("diff", "output").orElseThrow().values());
    assertEquals(5, config.get("drift", "parallel").orElseThrow().where().line());
  }

  @Test
  void wrongKindsAreFindingsAtTheirValue() throws Exception {
    ProjectConfig config =
        load("inventory: [a, b]\nparallel: 2.5\ndiff: warning\noutput: [weft.sarif]\n");
    List<String> messages =
        config.problems().stream().map(f -> f.where().orElseThrow() + " " + f.message()).toList();
    assertEquals(
        List.of(
            ".weft.yaml:1:12 'inventory' must be a path (relative to this file's folder), found a list",
            ".weft.yaml:2:11 'parallel' must be a whole number, found '2.5'",
            ".weft.yaml:3:7 'diff' is the section of the diff command: a mapping of its settings, e.g. diff: { fail-on: warning }",
            ".weft.yaml:4:10 'output' must be FORMAT=FILE (e.g. sarif=weft.sarif, json=- for standard output), found 'weft.sarif'"),
        messages);
    assertTrue(config.problems().stream().allMatch(f -> f.rule().equals("config")));
  }

  @Test
  void theHardenedReaderRefusesAliasesAndOversizedFiles() throws Exception {
    ProjectConfig alias = load("base: &b { fail-on: never }\nvalidate: *b\n");
    assertTrue(
        alias.problems().stream().anyMatch(f -> f.rule().equals("yaml-syntax")),
        alias.problems().toString());
    ProjectConfig big = load("# " + "x".repeat(300 * 1024) + "\n");
    assertTrue(
        big.problems().get(0).message().contains("a project file is limited to"),
        big.problems().toString());
  }

  @Test
  void theDocumentedExampleHasNoProblem() throws Exception {
    Path example =
        Path.of(System.getProperty("weft.project.dir", ""))
            .toAbsolutePath()
            .resolve("docs/examples/weft.yaml");
    ProjectConfig config = ProjectConfig.load(example, "docs/examples/weft.yaml", COMMANDS);
    assertEquals(List.of(), config.problems());
    assertEquals(
        List.of(
            "markdown=" + example.getParent().resolve("weft-comment.md"),
            "sarif=" + example.getParent().resolve("weft.sarif")),
        config.get("diff", "output").orElseThrow().values());
  }
}
