package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * --format} values when a user presses TAB twice in a real terminal (tmux), zsh completes them and
 * rule ids from the {@code _weft} the install put in its {@code site-functions}, and {@code weft
 * help} lists every command with whole sentences.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/man", "/usr/bin/tmux", "/usr/bin/bash", "/usr/bin/zsh"})
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
   * lists the formats. The key that follows is bound ({@code bind -x}) to signal a tmux channel, so
   * readline runs it only after it has drawn the list. No line-editing key is sent: keys that reach
   * the terminal before readline starts meet the line discipline, where C-u would erase the line
   * (CI 17 saw exactly that on a loaded machine), while TAB and C-x C-g wait in its buffer.
   */
  @Test
  void bashCompletesFormatValuesInATerminal() throws Exception {
    String session = "weft-newcomer-" + UUID.randomUUID();
    String channel = session + "-drawn";
    Path rc =
        Files.writeString(
            tmp.resolve("bashrc"),
            "PS1='$ '\nsource "
                + prefix.resolve("share/bash-completion/completions/weft")
                + "\nbind -x '\"\\C-x\\C-g\": tmux -L "
                + session
                + " wait-for -S "
                + channel
                + "'\n");
    List<String> tmux = List.of("tmux", "-L", session);
    try {
      // no history file: bash writes one when tmux hangs it up, into a folder JUnit is deleting
      startShell(tmux, session, "HISTFILE=/dev/null bash --noprofile --rcfile " + rc + " -i");
      run(tmux, "send-keys", "-t", session, "weft validate --format ", "Tab", "Tab", "C-x", "C-g");
      run(tmux, "wait-for", channel);
      String screen = run(tmux, "capture-pane", "-p", "-t", session);
      for (String format : List.of("text", "json", "sarif", "junit", "markdown", "html")) {
        assertTrue(screen.contains(format), format + " not offered:\n" + screen);
      }
    } finally {
      Shell.run(tmp, env, concat(tmux, "kill-server"), 1);
    }
  }

  /**
   * zsh as a newcomer sets it up: the install's {@code share/zsh/site-functions} in {@code fpath}
   * (zsh has {@code /usr/local/share/zsh/site-functions} there already; this prefix is a temporary
   * one), then compinit, in tmux. TAB after {@code weft validate --format } lists the formats, and
   * TAB after a rule id's start completes the id for {@code weft explain}. A key bound to a widget
   * signals a tmux channel: zle runs it only after the completion before it has been drawn, and
   * without editing the line, so the list is still on the screen. The keys are sent once zle reads
   * its first line (zle-line-init), since keys typed earlier reach the terminal's line discipline,
   * which eats control keys.
   */
  @Test
  void zshCompletesFormatValuesAndRuleIdsFromTheInstalledFunction() throws Exception {
    String session = "weft-newcomer-zsh-" + UUID.randomUUID();
    Path zdotdir = Files.createDirectories(tmp.resolve("zdotdir"));
    String signal = "tmux -L " + session + " wait-for -S ";
    Files.writeString(
        zdotdir.resolve(".zshrc"),
        "PS1='$ '\n"
            + "fpath=("
            + prefix.resolve("share/zsh/site-functions")
            + " $fpath)\n"
            + "autoload -U compinit && compinit -u -d "
            + tmp.resolve("zcompdump")
            + "\n"
            + "drawn() { "
            + signal
            + session
            + "-drawn }\n"
            + "zle -N drawn\n"
            + "bindkey '^Xd' drawn\n"
            + "ready() { zle -D zle-line-init; "
            + signal
            + session
            + "-ready }\n"
            + "zle -N zle-line-init ready\n");
    List<String> tmux = List.of("tmux", "-L", session);
    try {
      // no global rc files: the machine's /etc/zsh/zshrc is not the newcomer's; no history file
      startShell(tmux, session, "ZDOTDIR=" + zdotdir + " HISTFILE=/dev/null zsh --no-globalrcs -i");
      run(tmux, "wait-for", session + "-ready");
      run(tmux, "send-keys", "-t", session, "weft validate --format ", "Tab", "C-x", "d");
      run(tmux, "wait-for", session + "-drawn");
      String formats = run(tmux, "capture-pane", "-p", "-t", session);
      for (String format : List.of("text", "json", "sarif", "junit", "markdown", "html")) {
        assertTrue(formats.contains(format), format + " not offered:\n" + formats);
      }
      assertFalse(formats.contains("not found"), formats);
      run(
          tmux,
          "send-keys",
          "-t",
          session,
          "C-u",
          "weft explain pfc-watchdog-d",
          "Tab",
          "C-x",
          "d");
      run(tmux, "wait-for", session + "-drawn");
      String rule = run(tmux, "capture-pane", "-p", "-t", session);
      assertTrue(rule.contains("$ weft explain pfc-watchdog-disabled"), rule);
      assertFalse(rule.contains("not found"), rule);
    } finally {
      Shell.run(tmp, env, concat(tmux, "kill-server"), 1);
    }
  }

  /**
   * A detached tmux session of 200 x 50 running {@code shell} with the test's PATH and a temporary
   * HOME: a newcomer's terminal.
   */
  private void startShell(List<String> tmux, String session, String shell) throws Exception {
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
        "env PATH=" + env.get("PATH") + " HOME=" + tmp + " " + shell);
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
