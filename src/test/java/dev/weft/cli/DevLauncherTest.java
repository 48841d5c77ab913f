package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The development launcher {@code ./weft} decides when to build: on the first run, and after any
 * change of the source tree (an edit, a new file, a deleted one), never otherwise, and once for
 * runs started together. The real script runs in a copy of the tree's shape whose {@code mvnw} is a
 * stand-in that counts builds and writes a jar (a real Maven build takes a minute and decides
 * nothing here), and whose {@code bin/weft} echoes what it was asked to run.
 */
class DevLauncherTest {

  @TempDir Path tree;

  @BeforeEach
  void sourceTree() throws Exception {
    Files.copy(
        ProjectDir.get().resolve("weft"), tree.resolve("weft"), StandardCopyOption.COPY_ATTRIBUTES);
    for (String dir :
        List.of(
            "src/main/java/dev/weft",
            "policies/rule-a",
            "templates/sonic",
            "bin",
            ".mvn/wrapper")) {
      Files.createDirectories(tree.resolve(dir));
    }
    Files.writeString(tree.resolve("src/main/java/dev/weft/A.java"), "class A {}\n");
    Files.writeString(tree.resolve("src/main/java/dev/weft/B.java"), "class B {}\n");
    Files.writeString(tree.resolve("policies/rule-a/rule.yaml"), "id: rule-a\n");
    Files.writeString(tree.resolve("templates/sonic/config.j2"), "{{ x }}\n");
    Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
    Files.writeString(tree.resolve(".mvn/wrapper/maven-wrapper.properties"), "x=y\n");
    script(
        "mvnw",
        "#!/usr/bin/env bash\nmkdir -p target && echo build >> target/builds.log && echo jar > target/weft.jar\n");
    script("bin/weft", "#!/usr/bin/env bash\necho \"ran $WEFT_JAR $*\"\n");
  }

  private void script(String name, String text) throws Exception {
    Files.writeString(tree.resolve(name), text);
    assertTrue(tree.resolve(name).toFile().setExecutable(true));
  }

  private Shell.Result launch(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(tree.resolve("weft").toString()));
    command.addAll(List.of(args));
    Shell.Result r = Shell.run(tree.getParent(), Map.of(), command, 2);
    assertEquals(0, r.exit(), r.all());
    return r;
  }

  private long builds() throws Exception {
    Path log = tree.resolve("target/builds.log");
    return Files.exists(log) ? Files.readAllLines(log).size() : 0;
  }

  @Test
  void itBuildsOnTheFirstRunThenRunsTheJarThroughBinWeft() throws Exception {
    Shell.Result first = launch("validate", "x");
    assertEquals(1, builds());
    assertEquals("ran " + tree.resolve("target/weft.jar") + " validate x\n", first.out());
    assertTrue(first.err().contains("building"), first.all());
    Shell.Result second = launch("validate", "x");
    assertEquals(1, builds(), "nothing changed: no build");
    assertEquals("", second.err());
  }

  @Test
  void anyChangeOfTheTreeRebuildsADeletedFileToo() throws Exception {
    launch();
    Files.delete(tree.resolve("src/main/java/dev/weft/B.java"));
    launch();
    assertEquals(2, builds(), "a deleted source is a change");
    Files.writeString(tree.resolve("policies/rule-a/README.md"), "doc\n");
    launch();
    assertEquals(3, builds(), "a new file is a change");
    Path template = tree.resolve("templates/sonic/config.j2");
    Files.writeString(template, "{{ y }}\n");
    Files.setLastModifiedTime(
        template, FileTime.fromMillis(Files.getLastModifiedTime(template).toMillis() + 5_000));
    launch();
    assertEquals(4, builds(), "an edit of the same size is a change");
    Files.writeString(tree.resolve("pom.xml"), "<project><!-- x --></project>\n");
    launch();
    assertEquals(5, builds());
    launch();
    assertEquals(5, builds());
  }

  @Test
  void aSymlinkOnPathRunsTheTreesLauncher() throws Exception {
    Path bin = Files.createDirectories(tree.getParent().resolve(tree.getFileName() + "-bin"));
    Files.createSymbolicLink(bin.resolve("weft"), tree.resolve("weft"));
    Shell.Result run =
        Shell.run(
            bin,
            Map.of("PATH", bin + ":" + System.getenv("PATH")),
            List.of("weft", "--version"),
            2);
    assertEquals(0, run.exit(), run.all());
    assertEquals("ran " + tree.resolve("target/weft.jar") + " --version\n", run.out());
  }

  @Test
  void runsStartedTogetherBuildOnce() throws Exception {
    List<CompletableFuture<Shell.Result>> runs =
        List.of(1, 2, 3, 4).stream()
            .map(
                i ->
                    CompletableFuture.supplyAsync(
                        () -> {
                          try {
                            return launch("rules");
                          } catch (Exception e) {
                            throw new IllegalStateException(e);
                          }
                        }))
            .toList();
    for (CompletableFuture<Shell.Result> run : runs) {
      assertTrue(run.get().out().endsWith(" rules\n"), run.get().all());
    }
    assertEquals(1, builds(), "the lock lets one build and the others find the jar up to date");
  }
}
