package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * .weft.yaml end to end: found upward from the working folder, its paths relative to its own
 * folder, the command's section over the top level, the command line over both, and its mistakes
 * reported at their line before any work.
 */
class ProjectFileTest {

  @TempDir Path repo;

  Path work;

  @BeforeEach
  void fabricRepository() throws Exception {
    Files.createDirectories(repo.resolve(".git"));
    Path pod = ValidateCommandTest.copyExample(repo.resolve("inventories/roce-pod-a"));
    Path leaves = pod.resolve("switches/leaves.yaml");
    Files.writeString(
        leaves,
        Files.readString(leaves)
            .replaceFirst(
                "- \\{ name: Ethernet0, profile: host-400g }",
                "- { name: Ethernet0, profile: host-400g, mtu: 1500 }"));
    work = Files.createDirectories(repo.resolve("some/sub/folder"));
  }

  private CliRun run(Path cwd, Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err), cwd, env);
    return new CliRun(code, out.toString(), err.toString());
  }

  private CliRun run(String... args) {
    return run(work, Map.of(), args);
  }

  @Test
  void theFileAboveTheWorkingFolderGivesTheInventoryAndTheThreshold() throws Exception {
    Files.writeString(
        repo.resolve(".weft.yaml"), "inventory: inventories/roce-pod-a\nfail-on: never\n");
    CliRun run = run("validate");
    assertEquals(0, run.exitCode(), "fail-on: never from the file: " + run.err());
    assertTrue(run.out().contains("weft validate inventories/roce-pod-a: 1 error"), run.out());

    CliRun overridden = run("validate", "--fail-on", "error");
    assertEquals(1, overridden.exitCode(), "the command line wins: " + overridden.err());
  }

  @Test
  void aCommandsSectionWinsOverTheTopLevelAndOutputsAreRelativeToTheFile() throws Exception {
    Files.writeString(
        repo.resolve(".weft.yaml"),
        """
                inventory: inventories/roce-pod-a
                fail-on: never
                output: [json=reports/all.json]
                validate:
                  fail-on: warning
                  output:
                    sarif: reports/weft.sarif
                    markdown: reports/comment.md
                """);
    CliRun run = run("validate");
    assertEquals(1, run.exitCode(), run.err());
    assertEquals("", run.out(), "every report went to a file");
    assertTrue(
        Files.readString(repo.resolve("reports/weft.sarif"))
            .contains("\"ruleId\": \"mtu-switch-nic\""));
    assertTrue(Files.readString(repo.resolve("reports/comment.md")).contains("mtu-switch-nic"));
    assertTrue(
        Files.notExists(repo.resolve("reports/all.json")),
        "validate's own output list replaced the top level's");

    CliRun cli = run("validate", "--output", "json=-");
    assertTrue(
        cli.out().contains("\"rule\": \"mtu-switch-nic\""),
        "--output replaces the file's outputs: " + cli.out());
  }

  @Test
  void anUnknownKeyIsAFindingAtItsLineWithTheKeyItResembles() throws Exception {
    Files.writeString(
        repo.resolve(".weft.yaml"),
        "inventory: inventories/roce-pod-a\nfial-on: warning\ndrift:\n  parralel: 4\n");
    CliRun run = run(repo, Map.of(), "validate");
    assertEquals(ExitCode.USAGE, run.exitCode(), run.out());
    assertTrue(
        run.err()
            .contains(
                ".weft.yaml:2:1: error [config] unknown key 'fial-on'; did you mean 'fail-on'?"),
        run.err());
    assertTrue(
        run.err()
            .contains(
                ".weft.yaml:4:3: error [config] unknown key 'drift.parralel'; did you mean 'drift.parallel'?"),
        run.err());
    assertEquals("", run.out(), "nothing ran");
  }

  @Test
  void aBadValueFromTheFileNamesWhereItWasSet() throws Exception {
    Files.writeString(
        repo.resolve(".weft.yaml"), "inventory: inventories/roce-pod-a\nfail-on: sometimes\n");
    CliRun run = run("validate");
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertTrue(
        run.err().contains("sometimes")
            && run.err().contains("(set in " + repo.resolve(".weft.yaml") + ":2:10)"),
        run.err());

    Files.writeString(repo.resolve(".weft.yaml"), "parallel: lots\n");
    CliRun kind = run("validate");
    assertEquals(ExitCode.USAGE, kind.exitCode());
    assertTrue(
        kind.err()
            .contains(":1:11: error [config] 'parallel' must be a whole number, found 'lots'"),
        kind.err());
  }

  @Test
  void aBrokenFileIsReportedNotCrashedOn() throws Exception {
    Files.writeString(repo.resolve(".weft.yaml"), "fail-on: never\nfail-on: error\n");
    CliRun run = run("validate");
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertTrue(run.err().contains("[yaml-syntax]") && run.err().contains(":2:1:"), run.err());
  }

  @Test
  void weftConfigNamesAnotherFileOrNone() throws Exception {
    Files.writeString(repo.resolve(".weft.yaml"), "fial-on: never\n");
    Files.writeString(
        repo.resolve("ci.yaml"), "inventory: inventories/roce-pod-a\nfail-on: never\n");
    assertEquals(
        0,
        run(work, Map.of("WEFT_CONFIG", repo.resolve("ci.yaml").toString()), "validate")
            .exitCode());
    CliRun none =
        run(
            work,
            Map.of("WEFT_CONFIG", ""),
            "validate",
            repo.resolve("inventories/roce-pod-a").toString());
    assertEquals(1, none.exitCode(), "no project file: the built-in fail-on error: " + none.err());
  }

  @Test
  void aFileOutsideTheRepositoryDoesNotApply() throws Exception {
    Path outer = repo.getParent().resolve(repo.getFileName() + "-outer");
    Path inner = Files.createDirectories(outer.resolve("repo"));
    Files.createDirectories(inner.resolve(".git"));
    Files.writeString(outer.resolve(".weft.yaml"), "fial-on: never\n");
    CliRun run =
        run(inner, Map.of(), "validate", repo.resolve("inventories/roce-pod-a").toString());
    assertEquals(1, run.exitCode(), "the file above the repository was not read: " + run.err());
  }

  @Test
  void driftTakesItsDeviceOptionsFromItsSection() throws Exception {
    Files.writeString(
        repo.resolve(".weft.yaml"), "inventory: inventories/roce-pod-a\ndrift:\n  parallel: 0\n");
    CliRun run = run("drift");
    assertEquals(ExitCode.USAGE, run.exitCode(), run.out());
    assertTrue(run.err().contains("--parallel must be 1..1024, got 0"), run.err());
    assertTrue(
        run("validate").exitCode() != ExitCode.USAGE, "validate has no --parallel and ignores it");
  }
}
