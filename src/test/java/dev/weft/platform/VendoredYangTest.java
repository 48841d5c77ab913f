package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.render.Examples;
import dev.weft.testing.LabTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The vendored models are the vendors' published files, and the edit recipe is what makes the
 * second judge load them: {@code scripts/vendor-yang check} matches every file against the git blob
 * the SOURCE file pins, {@code scripts/yang-recipe} writes the same copies on every run, yanglint
 * loads each edited set (and refuses Juniper's files as published), and the vendor README names
 * every kind of edit the recipe made (Cisco's file loads as published: its recipe is empty).
 */
@LabTest(needs = {"/usr/bin/yanglint", "/usr/bin/python3", "/usr/bin/git"})
class VendoredYangTest {
  private static final Path ROOT = Examples.projectRoot();
  private static final List<String> VENDORS = List.of("arista", "cisco", "juniper", "nokia");

  /**
   * ietf-interfaces and iana-if-type, which OpenConfig interfaces imports, come with yuma123 as on
   * the lab device.
   */
  private static final String IETF = "/usr/share/yuma/modules/ietf";

  private record Run(int exit, String output) {}

  private static Run run(List<String> cmd) throws IOException, InterruptedException {
    Path log = Files.createTempFile("weft-yang", ".log");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(ROOT.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(180, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(cmd + " did not finish in 180 s");
      }
      return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static List<String> yanglint(Path dir) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("yanglint", "-p", dir.toString(), "-p", IETF));
    try (Stream<Path> files = Files.list(dir)) {
      files
          .filter(f -> f.toString().endsWith(".yang"))
          .sorted()
          .forEach(f -> cmd.add(f.toString()));
    }
    return cmd;
  }

  @Test
  void vendoredFilesAreThePublishedBlobs() throws Exception {
    for (String vendor : VENDORS) {
      Run r = run(List.of("bash", "scripts/vendor-yang", "check", vendor));
      assertEquals(0, r.exit(), r.output());
      assertTrue(r.output().contains("are the published blobs of"), r.output());
    }
  }

  @Test
  void recipeIsDeterministicAndYanglintLoadsTheEditedModels(@TempDir Path dir) throws Exception {
    for (String vendor : VENDORS) {
      Path one = dir.resolve(vendor + "-1");
      Path two = dir.resolve(vendor + "-2");
      for (Path out : List.of(one, two)) {
        Run r = run(List.of("python3", "scripts/yang-recipe", vendor, out.toString()));
        assertEquals(0, r.exit(), r.output());
      }
      try (Stream<Path> files = Files.list(one)) {
        for (Path f : files.sorted().toList()) {
          assertEquals(
              Files.readString(f),
              Files.readString(two.resolve(f.getFileName())),
              f + " differs between runs");
        }
      }
      Run lint = run(yanglint(one));
      assertEquals(0, lint.exit(), lint.output());
      assertTrue(lint.output().lines().allMatch(l -> l.startsWith("libyang warn")), lint.output());

      // every kind of edit the recipe made is listed in the vendor's README
      String readme = Files.readString(ROOT.resolve("yang/vendor/" + vendor + "/README.md"));
      TreeSet<String> kinds = new TreeSet<>();
      for (String edit : Files.readAllLines(one.resolve("EDITS"))) {
        kinds.add(edit.split(": ", 2)[1].split(" ")[0]);
      }
      assertTrue(!kinds.isEmpty() || vendor.equals("cisco"), vendor + ": the recipe made no edit");
      for (String kind : kinds) {
        assertTrue(
            readme.contains("`" + kind + "`"),
            vendor + "/README.md does not list the " + kind + " edits");
      }
    }
  }

  @Test
  void theLabNamesTheVendorsItKnows(@TempDir Path dir) throws Exception {
    Run r =
        run(
            List.of(
                "bash",
                "scripts/netconf-lab",
                "--vendor",
                "nope",
                "start",
                dir.resolve("lab").toString(),
                "1"));
    assertEquals(1, r.exit(), r.output());
    assertTrue(
        r.output().contains("unknown vendor 'nope' (one of: arista cisco juniper nokia"),
        r.output());
    Run recipe =
        run(List.of("python3", "scripts/yang-recipe", "nope", dir.resolve("out").toString()));
    assertEquals(2, recipe.exit(), recipe.output());
    assertTrue(recipe.output().contains("no yang/vendor/nope/recipe"), recipe.output());
  }

  @Test
  void yanglintRefusesJunipersFilesAsPublished() throws Exception {
    Run lint = run(yanglint(ROOT.resolve("yang/vendor/juniper")));
    assertNotEquals(0, lint.exit());
    assertTrue(
        lint.output().contains("Double-quoted string unknown special character '\\*'"),
        lint.output());
  }

  @Test
  void ciscosFileIsWrittenAsPublishedAndAristasSubmodulesAreMerged(@TempDir Path dir)
      throws Exception {
    Path cisco = dir.resolve("cisco");
    assertEquals(
        0, run(List.of("python3", "scripts/yang-recipe", "cisco", cisco.toString())).exit());
    assertEquals("", Files.readString(cisco.resolve("EDITS")));
    assertEquals(
        Files.readString(ROOT.resolve("yang/vendor/cisco/Cisco-NX-OS-device.yang")),
        Files.readString(cisco.resolve("Cisco-NX-OS-device.yang")));

    Path arista = dir.resolve("arista");
    assertEquals(
        0, run(List.of("python3", "scripts/yang-recipe", "arista", arista.toString())).exit());
    try (Stream<Path> files = Files.list(arista)) {
      for (Path f : files.filter(x -> x.toString().endsWith(".yang")).toList()) {
        assertFalse(Files.readString(f).startsWith("submodule "), f.toString());
      }
    }
    assertFalse(Files.exists(arista.resolve("openconfig-qos-elements.yang")));
    TreeSet<String> kinds = new TreeSet<>();
    for (String edit : Files.readAllLines(arista.resolve("EDITS"))) {
      kinds.add(edit.split(": ", 2)[1].split(" ")[0]);
    }
    assertEquals(List.of("augment", "include", "submodule"), List.copyOf(kinds));
  }
}
