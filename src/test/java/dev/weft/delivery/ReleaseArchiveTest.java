package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Golden;
import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as a user installs it: extracted somewhere, its bin/weft reached through a
 * symlink on PATH, run from an unrelated folder; the launcher's Java check, heap and class-data
 * archive.
 */
@LabTest(needs = {"/usr/bin/tar"})
class ReleaseArchiveTest {

  static final Path PROJECT = Golden.projectDir();
  static final String INVENTORY = PROJECT.resolve("inventories/roce-pod-a").toString();

  @TempDir Path tmp;

  Path install;
  Path path;
  Map<String, String> env;

  @BeforeEach
  void installLikeAUser() throws Exception {
    install = ReleaseArchive.extract(tmp.resolve("opt"));
    path = Files.createDirectories(tmp.resolve("home/.local/bin"));
    // two links, the second relative: ~/.local/bin/weft -> ../../weft-link ->
    // /…/opt/weft-VERSION/bin/weft
    Files.createSymbolicLink(tmp.resolve("home/weft-link"), install.resolve("bin/weft"));
    Files.createSymbolicLink(path.resolve("weft"), Path.of("../../weft-link"));
    env = new HashMap<>();
    env.put("HOME", tmp.resolve("home").toString());
    env.put("XDG_CACHE_HOME", null);
    env.put("JAVA_HOME", null);
    env.put("WEFT_JAVA_OPTS", null);
    env.put("WEFT_MAX_HEAP", null);
    env.put("PATH", path + ":" + System.getenv("PATH"));
  }

  @Test
  void theArchiveHoldsTheLauncherTheJarTheManPagesTheCompletionAndTheDocs() {
    assertTrue(Files.isExecutable(install.resolve("bin/weft")));
    for (String file :
        List.of(
            "lib/weft.jar",
            "README.md",
            "docs/install.md",
            "docs/pipelines.md",
            "docs/intent.schema.json",
            "share/man/man1/weft.1",
            "share/man/man1/weft-validate.1",
            "share/bash-completion/completions/weft",
            "share/zsh/weft.zsh")) {
      assertTrue(Files.isRegularFile(install.resolve(file)), file + " is in the archive");
    }
  }

  @Test
  void weftOnPathThroughSymlinksValidatesAnInventoryFromAnyFolder() throws Exception {
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Shell.Result run = Shell.run(elsewhere, env, List.of("weft", "validate", INVENTORY), 5);
    assertEquals(0, run.exit(), run.all());
    assertTrue(run.out().contains("0 errors"), run.all());

    Shell.Result version = Shell.run(elsewhere, env, List.of("weft", "--version"), 5);
    assertEquals("weft " + ReleaseArchive.version(), version.out().strip(), version.all());
  }

  @Test
  void aUsageErrorStillExitsTwoThroughTheLauncher() throws Exception {
    Shell.Result run =
        Shell.run(tmp, env, List.of("weft", "validate", tmp.resolve("nothing-here").toString()), 5);
    assertEquals(2, run.exit(), "a missing inventory is a usage error: " + run.all());
    assertTrue(run.err().contains("does not exist"), run.all());
  }

  @Test
  void theClassDataArchiveIsWrittenOnceIntoTheUserCacheEvenByConcurrentRuns() throws Exception {
    List<CompletableFuture<Shell.Result>> runs =
        Stream.of(1, 2, 3)
            .map(
                i ->
                    CompletableFuture.supplyAsync(
                        () -> {
                          try {
                            return Shell.run(tmp, env, List.of("weft", "validate", INVENTORY), 5);
                          } catch (Exception e) {
                            throw new IllegalStateException(e);
                          }
                        }))
            .toList();
    for (CompletableFuture<Shell.Result> run : runs) {
      assertEquals(0, run.get().exit(), run.get().all());
    }
    Path cache = tmp.resolve("home/.cache/weft");
    List<String> files;
    try (Stream<Path> s = Files.list(cache)) {
      files = s.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertEquals(1, files.size(), "one archive, no temporary file left: " + files);
    assertTrue(files.get(0).endsWith(".jsa"), files.toString());

    Shell.Result dry =
        Shell.run(tmp, withEnv("WEFT_DRY_RUN", "1"), List.of("weft", "validate", INVENTORY), 2);
    assertTrue(
        dry.out().contains("-XX:SharedArchiveFile=" + cache.resolve(files.get(0))),
        "the next run uses it: " + dry.all());
  }

  @Test
  void theHeapStartsAtTheMeasuredSizeAndMayGrowWithTheMachine() throws Exception {
    Shell.Result dry = Shell.run(tmp, withEnv("WEFT_DRY_RUN", "1"), List.of("weft", "validate"), 2);
    long start = option(dry.out(), "-Xms");
    long max = option(dry.out(), "-Xmx");
    long young = option(dry.out(), "-Xmn");
    assertTrue(max >= start, dry.out());
    assertEquals(
        Math.min(start * 4 / 7, 1200),
        young,
        "young generation 4/7 of the start heap, at most 1,200 MB: " + dry.out());
    assertTrue(
        dry.out().contains("-XX:MaxTenuringThreshold=1"),
        "the model is promoted after one young collection: " + dry.out());
    Assumptions.assumeTrue(start == 1400, "a machine under 1,900 MB starts lower");

    Shell.Result fixed =
        Shell.run(
            tmp,
            withEnv("WEFT_MAX_HEAP", "2g", "WEFT_DRY_RUN", "1"),
            List.of("weft", "validate"),
            2);
    assertTrue(fixed.out().contains("-Xms2048m -Xmx2048m -Xmn1170m"), fixed.all());

    Shell.Result bad =
        Shell.run(tmp, withEnv("WEFT_MAX_HEAP", "lots"), List.of("weft", "validate"), 2);
    assertEquals(2, bad.exit(), bad.all());
    assertTrue(
        bad.err().contains("WEFT_MAX_HEAP must be a size like 4g or 1400m, found 'lots'"),
        bad.all());
  }

  @Test
  void theHeapFollowsTheInventoryOnDiskAndWeftMaxHeapStillWins() throws Exception {
    Path big = Files.createDirectories(tmp.resolve("big-inventory"));
    Files.write(big.resolve("hosts.yaml"), new byte[40 * 1024 * 1024]); // 40 MB written, not sparse
    Shell.Result dry =
        Shell.run(
            tmp, withEnv("WEFT_DRY_RUN", "1"), List.of("weft", "validate", big.toString()), 2);
    long start = option(dry.out(), "-Xms");
    long max = option(dry.out(), "-Xmx");
    Assumptions.assumeTrue(start > 1400, "a machine under 6 GB caps the start at half its memory");
    assertEquals(40 * 75, start, "75 MB of heap per MB of inventory: " + dry.out());
    assertEquals(
        1200,
        option(dry.out(), "-Xmn"),
        "4/7 of the start heap is more than the 1,200 MB cap: " + dry.out());
    assertTrue(max >= start, dry.out());

    Shell.Result output =
        Shell.run(
            tmp,
            withEnv("WEFT_DRY_RUN", "1"),
            List.of("weft", "render", INVENTORY, "--out", big.toString()),
            2);
    assertEquals(
        1400,
        option(output.out(), "-Xms"),
        "an output folder is not the inventory: " + output.out());

    Shell.Result fixed =
        Shell.run(
            tmp,
            withEnv("WEFT_MAX_HEAP", "2g", "WEFT_DRY_RUN", "1"),
            List.of("weft", "validate", big.toString()),
            2);
    assertTrue(fixed.out().contains("-Xms2048m -Xmx2048m -Xmn1170m"), fixed.all());
  }

  @Test
  void withoutJavaTheLauncherSaysWhatToInstall() throws Exception {
    // bash by its path; PATH holds the link to weft and the one tool the launcher uses before it
    // looks for Java (readlink), so no java is found
    Path tools = Files.createDirectories(tmp.resolve("tools"));
    Files.createSymbolicLink(
        tools.resolve("readlink"),
        Path.of(
            Shell.run(tmp, Map.of(), List.of("bash", "-c", "command -v readlink"), 1)
                .out()
                .strip()));
    Map<String, String> noJava = withEnv("PATH", path + ":" + tools);
    Shell.Result run =
        Shell.run(
            tmp, noJava, List.of("/bin/bash", path.resolve("weft").toString(), "validate"), 2);
    assertEquals(2, run.exit(), run.all());
    assertTrue(
        run.err()
            .contains(
                "Java 17 or newer is needed and none was found: set JAVA_HOME or put java on PATH"),
        run.all());
  }

  @Test
  void javaHomeIsPreferredAndCheckedForItsVersion() throws Exception {
    Shell.Result wrong =
        Shell.run(tmp, withEnv("JAVA_HOME", tmp.toString()), List.of("weft", "--version"), 2);
    assertEquals(2, wrong.exit(), wrong.all());
    assertTrue(
        wrong
            .err()
            .contains(
                "JAVA_HOME is '" + tmp + "' but " + tmp + "/bin/java is not an executable program"),
        wrong.all());

    // A stand-in for a Java 11 installation (this machine has none): its release file says 11, and
    // its java would fail the test if the launcher ran it.
    Path old = tmp.resolve("jdk-11");
    Files.createDirectories(old.resolve("bin"));
    Files.writeString(
        old.resolve("release"), "IMPLEMENTOR=\"Stand-in\"\nJAVA_VERSION=\"11.0.2\"\n");
    Files.writeString(
        old.resolve("bin/java"), "#!/bin/sh\necho 'this java must not run' >&2\nexit 99\n");
    old.resolve("bin/java").toFile().setExecutable(true);
    Shell.Result tooOld =
        Shell.run(tmp, withEnv("JAVA_HOME", old.toString()), List.of("weft", "--version"), 2);
    assertEquals(2, tooOld.exit(), tooOld.all());
    assertTrue(
        tooOld.err().contains("Weft needs Java 17 or newer; " + old + "/bin/java is Java 11.0.2"),
        tooOld.all());

    Path realJava = Path.of(System.getProperty("java.home"));
    Shell.Result chosen =
        Shell.run(
            tmp,
            withEnv("JAVA_HOME", realJava.toString(), "WEFT_DRY_RUN", "1"),
            List.of("weft", "--version"),
            2);
    assertTrue(chosen.out().startsWith(realJava.resolve("bin/java") + " "), chosen.all());
  }

  private Map<String, String> withEnv(String... keyThenValue) {
    Map<String, String> out = new HashMap<>(env);
    for (int i = 0; i < keyThenValue.length; i += 2) {
      out.put(keyThenValue[i], keyThenValue[i + 1]);
    }
    return out;
  }

  private static long option(String commandLine, String prefix) {
    for (String word : commandLine.strip().split(" ")) {
      if (word.startsWith(prefix) && word.endsWith("m")) {
        return Long.parseLong(word.substring(prefix.length(), word.length() - 1));
      }
    }
    throw new AssertionError("no " + prefix + " in " + commandLine);
  }
}
