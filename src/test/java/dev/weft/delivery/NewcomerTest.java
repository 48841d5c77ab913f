package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first hour of a new user (issue 32): the archive {@code ./mvnw package} built, installed with
 * its own {@code bin/install} into a fresh prefix whose {@code bin} is on PATH, and nothing else
 * set: {@code man weft} finds the page, {@code weft --version} answers, bash completes {@code
 * --format} values when a user presses TAB twice in a real terminal (tmux), and {@code weft help}
 * lists every command with whole sentences.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/man", "/usr/bin/tmux", "/usr/bin/bash"})
class NewcomerTest {

  @TempDir Path tmp;

  Path prefix;
  Map<String, String> env;

  @BeforeEach
  void install() throws Exception {
    Path home = ReleaseArchive.extract(tmp.resolve("opt"));
    prefix = tmp.resolve("prefix");
    Shell.Result install =
        Shell.run(
            tmp,
            Map.of(),
            List.of(home.resolve("bin/install").toString(), "--prefix", prefix.toString()),
            2);
    assertEquals(0, install.exit(), install.all());
    env = new HashMap<>();
    env.put("PATH", prefix.resolve("bin") + ":/usr/bin:/bin");
    env.put("HOME", tmp.toString());
    env.put("MANPATH", null); // nothing set: man must find the page from PATH alone
    env.put("MANPAGER", "cat");
    env.put("MANWIDTH", "80");
    env.put("TERM", "xterm");
  }

  @Test
  void manWeftFindsTheInstalledPage() throws Exception {
    Shell.Result where = Shell.run(tmp, env, List.of("man", "-w", "weft"), 2);
    assertEquals(0, where.exit(), where.all());
    assertTrue(where.out().strip().endsWith("/share/man/man1/weft.1"), where.out());
    Shell.Result page = Shell.run(tmp, env, List.of("man", "weft-validate"), 2);
    assertEquals(0, page.exit(), page.all());
    assertTrue(page.out().contains("--fail-on"), page.out());
  }

  @Test
  void weftAnswersItsVersion() throws Exception {
    Shell.Result version = Shell.run(tmp, env, List.of("weft", "--version"), 5);
    assertEquals(0, version.exit(), version.all());
    assertTrue(version.out().contains(ReleaseArchive.version()), version.out());
  }

  @Test
  void weftHelpListsEveryCommandInWholeSentences() throws Exception {
    Shell.Result help = Shell.run(tmp, env, List.of("weft", "help"), 5);
    assertEquals(0, help.exit(), help.all());
    String commands = help.out().substring(help.out().indexOf("Commands:"));
    List<String> entries = new ArrayList<>();
    for (String line : commands.lines().skip(1).toList()) {
      if (line.matches("  \\S.*")) {
        entries.add(line.strip());
      } else if (!line.isBlank() && !entries.isEmpty()) {
        entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.strip());
      }
    }
    assertTrue(entries.size() >= 15, commands);
    for (String entry : entries) {
      assertTrue(entry.endsWith(".") || entry.endsWith(")"), "cut mid-sentence: " + entry);
    }
  }

  /**
   * bash with the installed completion file, in tmux: {@code weft validate --format } and TAB TAB
   * lists the formats. The keys that follow signal a tmux channel, which bash reaches only after it
   * has drawn the list.
   */
  @Test
  void bashCompletesFormatValuesInATerminal() throws Exception {
    String session = "weft-newcomer-" + UUID.randomUUID();
    String channel = session + "-drawn";
    Path rc =
        Files.writeString(
            tmp.resolve("bashrc"),
            "PS1='$ '\nsource " + prefix.resolve("share/bash-completion/completions/weft") + "\n");
    List<String> tmux = List.of("tmux", "-L", session);
    try {
      run(
          tmux,
          "new-session",
          "-d",
          "-s",
          session,
          "-x",
          "200",
          "-y",
          "50",
          // no history file: bash writes one when tmux hangs it up, into a folder JUnit is deleting
          "env PATH="
              + env.get("PATH")
              + " HOME="
              + tmp
              + " HISTFILE=/dev/null bash --noprofile --rcfile "
              + rc
              + " -i");
      run(tmux, "send-keys", "-t", session, "weft validate --format ", "Tab", "Tab");
      run(
          tmux,
          "send-keys",
          "-t",
          session,
          "C-u",
          "tmux -L " + session + " wait-for -S " + channel,
          "Enter");
      run(tmux, "wait-for", channel);
      String screen = run(tmux, "capture-pane", "-p", "-t", session);
      for (String format : List.of("text", "json", "sarif", "junit", "markdown", "html")) {
        assertTrue(screen.contains(format), format + " not offered:\n" + screen);
      }
    } finally {
      Shell.run(tmp, env, concat(tmux, "kill-server"), 1);
    }
  }

  private String run(List<String> tmux, String... args) throws Exception {
    Shell.Result r = Shell.run(tmp, env, concat(tmux, args), 2);
    assertEquals(0, r.exit(), r.all());
    return r.out();
  }

  private static List<String> concat(List<String> head, String... tail) {
    List<String> out = new ArrayList<>(head);
    out.addAll(List.of(tail));
    return out;
  }
}
