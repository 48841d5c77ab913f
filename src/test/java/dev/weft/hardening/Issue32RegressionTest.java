package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, "nothing crashes, hangs or lies": each reproduction of the issue, run through the real
 * command tree, ends with exit 1 or 2 and a message that says where and what, never exit 0 on
 * nothing and never exit 3.
 */
class Issue32RegressionTest {

  /** {@code speed: 0G} on a port profile ended in exit 3: "headroom input out of range". */
  @Test
  void aSpeedOfZeroIsALocatedFindingNotACrash(@TempDir Path dir) throws Exception {
    Path inventory = Weft.copyExample("roce-pod-a", dir.resolve("pod"));
    Path profiles = inventory.resolve("profiles.yaml");
    Files.writeString(
        profiles,
        Files.readString(profiles)
            .replaceFirst("host-400g:   \\{ speed: 400G", "host-400g:   { speed: 0G"));
    for (String command : List.of("validate", "render")) {
      Weft.Run run =
          command.equals("render")
              ? Weft.run("render", inventory.toString(), "--out", dir.resolve("out").toString())
              : Weft.run("validate", inventory.toString());
      assertEquals(1, run.exitCode(), command + ": " + run);
      assertTrue(
          run.out()
              .lines()
              .anyMatch(l -> l.matches(".*profiles\\.yaml:4:\\d+: error .*") && l.contains("1G")),
          command + ": " + run);
      assertFalse(run.err().contains("internal error"), run.toString());
    }
  }

  /**
   * An import folder with nothing importable exited 0 with "0 errors" and wrote an empty inventory.
   */
  @Test
  void anImportFolderWithNothingToImportSaysWhatItHolds(@TempDir Path dir) throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path rendered = dir.resolve("rendered");
    assertEquals(
        0,
        Weft.run(
                "render",
                Weft.projectDir().resolve("inventories/roce-pod-a").toString(),
                "--out",
                rendered.toString())
            .exitCode());
    Path texts = Files.createDirectories(dir.resolve("texts"));
    Files.writeString(
        texts.resolve("leaf-01.txt"), "hostname leaf-01\ninterface Ethernet1/1\n mtu 9214\n");
    Files.writeString(texts.resolve("leaf-02.txt"), "hostname leaf-02\n");
    for (Path from : List.of(empty, rendered, texts)) {
      Path out = dir.resolve("imported-" + from.getFileName());
      Weft.Run run = Weft.run("import", "--from", from.toString(), "--out", out.toString());
      assertEquals(2, run.exitCode(), from + ": " + run);
      assertTrue(run.err().contains("nothing to import"), run.toString());
      assertFalse(Files.exists(out), "no inventory is written from nothing: " + out);
    }
    assertTrue(
        Weft.run("import", "--from", empty.toString(), "--out", dir.resolve("x").toString())
            .err()
            .contains("the folder is empty"));
    String fromRendered =
        Weft.run("import", "--from", rendered.toString(), "--out", dir.resolve("y").toString())
            .err();
    assertTrue(
        fromRendered.contains("weft render output") && fromRendered.contains("gpu-001/"),
        fromRendered);
    String fromTexts =
        Weft.run("import", "--from", texts.toString(), "--out", dir.resolve("z").toString()).err();
    assertTrue(fromTexts.contains("2 text files") && fromTexts.contains("leaf-01.txt"), fromTexts);
  }

  /**
   * A user rule's title with terminal escapes cleared the screen and set the title in explain and
   * rules.
   */
  @Test
  void aRuleTitleWithTerminalEscapesIsShownNotObeyed(@TempDir Path dir) throws Exception {
    Path rules = Files.createDirectories(dir.resolve("policies"));
    Path rule = rules.resolve("cable-length-per-optic");
    try (var files =
        Files.walk(Weft.projectDir().resolve("policies/examples/cable-length-per-optic"))) {
      for (Path f : files.sorted().toList()) {
        Path target =
            rule.resolve(
                Weft.projectDir()
                    .resolve("policies/examples/cable-length-per-optic")
                    .relativize(f)
                    .toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    Path yaml = rule.resolve("rule.yaml");
    Files.writeString(
        yaml,
        Files.readString(yaml)
            .replace(
                "title: \"A link is longer than its optic class reaches\"",
                "title: \"A link \\e[2J\\e]0;owned\\a is too long\""));
    Weft.Run explain =
        Weft.run("explain", "cable-length-per-optic", "--policies", rules.toString());
    Weft.Run list = Weft.run("rules", "--policies", rules.toString());
    for (Weft.Run run : List.of(explain, list)) {
      assertEquals(0, run.exitCode(), run.toString());
      assertTrue(run.out().contains("is too long"), run.toString());
      assertFalse(
          run.out().chars().anyMatch(c -> c == 0x1b || c == 0x07),
          "a control character reached the terminal");
      assertTrue(run.out().contains("\\u001b"), "shown escaped: " + run);
    }
  }

  /**
   * {@code weft help} cut test-policies' line mid-sentence, render's help omitted Junos, SR Linux
   * and NX-OS, drift's said NETCONF only: each command's line in the list is a whole sentence, and
   * the platforms named are the packs' own.
   */
  @Test
  void helpTextsAreWholeAndNameEveryPlatform() {
    Weft.Run help = Weft.run("help");
    assertEquals(0, help.exitCode(), help.toString());
    String commands = help.out().substring(help.out().indexOf("Commands:"));
    // an entry is "  name  text" continued by deeper-indented lines; each entry's text is whole
    // sentences
    List<String> entries = new java.util.ArrayList<>();
    for (String line : commands.lines().skip(1).toList()) {
      if (line.matches("  \\S.*")) {
        entries.add(line.strip());
      } else if (!line.isBlank() && !entries.isEmpty()) {
        entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.strip());
      }
    }
    assertTrue(entries.size() >= 15, commands);
    for (String entry : entries) {
      assertTrue(entry.endsWith(".") || entry.endsWith(")"), "cut: " + entry);
    }
    String render = Weft.run("render", "--help").out();
    for (String id :
        List.of(
            "sonic",
            "cumulus",
            "eos",
            "openconfig",
            "junos",
            "srlinux",
            "nxos",
            "connectx",
            "opensm")) {
      assertTrue(render.contains(id), id + " missing from render's help:\n" + render);
    }
    String drift = Weft.run("drift", "--help").out().replaceAll("\\s+", " ");
    assertTrue(
        drift.contains("sonic over SSH") || drift.matches("(?s).*cumulus, sonic over SSH.*"),
        drift);
    assertTrue(drift.contains("over NETCONF"), drift);
  }

  /** A typo in a link end ({@code Ethernet00}) got no did-you-mean. */
  @Test
  void aTypoInALinkEndGetsADidYouMean(@TempDir Path dir) throws Exception {
    Path inventory = Weft.copyExample("roce-pod-a", dir.resolve("pod"));
    Path links = inventory.resolve("links/su-1.yaml");
    Files.writeString(
        links,
        Files.readString(links)
            .replaceFirst(
                "a: leaf-01:Ethernet0, b: gpu-001:eth0", "a: leaf-01:Ethernet00, b: gpu-001:eht0"));
    Weft.Run run = Weft.run("validate", inventory.toString());
    assertEquals(1, run.exitCode(), run.toString());
    assertTrue(
        run.out().contains("has no port Ethernet00; did you mean 'Ethernet0'?"), run.toString());
    assertTrue(run.out().contains("has no NIC eht0; did you mean 'eth0'?"), run.toString());
  }

  /**
   * A runaway template cost its time budget once per device, in sequence. On a generated 1,024-GPU
   * fabric every switch uses the same SONiC template: only the devices rendering at the same moment
   * as the first to run out (at most one per render thread) spend the budget; every other switch is
   * reported at the same template line without running it again.
   */
  @Test
  void aRunawayTemplateSpendsItsBudgetOncePerRunNotOncePerDevice(@TempDir Path dir)
      throws Exception {
    Path inventory = dir.resolve("gpu-1024");
    assertEquals(
        0, Weft.run("generate", "--gpus", "1024", "--out", inventory.toString()).exitCode());
    Path templates = Files.createDirectories(dir.resolve("templates/sonic"));
    Files.writeString(
        templates.resolve("config_db.json.j2"),
        "{\n{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}\n}\n");
    Weft.Run run =
        Weft.run(
            "render",
            inventory.toString(),
            "--templates",
            dir.resolve("templates").toString(),
            "--out",
            dir.resolve("out").toString(),
            "--template-timeout",
            "2s",
            "--no-validate");
    assertEquals(1, run.exitCode(), run.err());
    // the text report groups one finding of many devices: "... (62 devices: leaf-0003, ...)"
    List<String> errors = run.out().lines().filter(l -> l.contains("[render-error]")).toList();
    long ranOut =
        errors.stream()
            .filter(l -> !l.contains("not run again"))
            .mapToLong(Issue32RegressionTest::devices)
            .sum();
    long skipped =
        errors.stream()
            .filter(l -> l.contains("not run again"))
            .mapToLong(Issue32RegressionTest::devices)
            .sum();
    assertTrue(
        ranOut >= 1 && ranOut <= 8,
        ranOut + " devices spent the budget:\n" + String.join("\n", errors));
    assertEquals(64, ranOut + skipped, "every switch of the fabric is reported:\n" + run.out());
    assertTrue(errors.stream().allMatch(l -> l.contains("sonic/config_db.json.j2:2:")), run.out());
  }

  /** How many devices one line of the text report names: "(N devices: ...)", or one. */
  private static long devices(String line) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\((\\d+) devices: ").matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) : 1;
  }
}
