package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code source <(weft completion bash)} in a real bash, with the installed archive's weft on PATH:
 * the completion function bash registered is called as bash's programmable completion calls it
 * (COMP_WORDS, COMP_CWORD), and what it offers is checked. Also zsh (through its bash-completion
 * emulation), the file the archive ships for bash-completion, and {@code weft help CMD}.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/bash"})
class ShellCompletionTest {

  @TempDir Path tmp;

  Map<String, String> env;

  @BeforeEach
  void install() throws Exception {
    Path home = ReleaseArchive.extract(tmp.resolve("opt"));
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Files.createSymbolicLink(bin.resolve("weft"), home.resolve("bin/weft"));
    env = Map.of("PATH", bin + ":" + System.getenv("PATH"), "HOME", tmp.toString());
  }

  /**
   * What the registered completion function offers for the words typed so far (the last one is
   * being completed).
   */
  private String bashCompletes(String source, String... words) throws Exception {
    String script =
        source
            + "\n"
            + "spec=$(complete -p weft) || { echo 'no completion registered for weft' >&2; exit 9; }\n"
            + "fn=${spec#*-F }; fn=${fn%% *}\n"
            + "COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}\n"
            + "\"$fn\" weft \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\" 2>/dev/null\n"
            + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Shell.Result run = Shell.bash(tmp, env, script, words);
    assertEquals(0, run.exit(), run.all());
    return run.out();
  }

  @Test
  void sourcingTheGeneratedScriptCompletesSubcommands() throws Exception {
    assertEquals("validate\n", bashCompletes("source <(weft completion bash)", "weft", "va"));
    String all = bashCompletes("source <(weft completion bash)", "weft", "");
    for (String sub :
        List.of(
            "validate",
            "render",
            "diff",
            "drift",
            "backup",
            "rules",
            "explain",
            "completion",
            "help")) {
      assertTrue(all.lines().anyMatch(sub::equals), sub + " offered: " + all);
    }
  }

  @Test
  void itCompletesEachCommandsOptionsAndFixedValues() throws Exception {
    assertEquals(
        "--fail-on\n", bashCompletes("source <(weft completion bash)", "weft", "validate", "--fa"));
    assertEquals(
        "--base\n", bashCompletes("source <(weft completion bash)", "weft", "diff", "--ba"));
    String drift = bashCompletes("source <(weft completion bash)", "weft", "drift", "--");
    assertTrue(drift.contains("--known-hosts\n") && drift.contains("--credentials\n"), drift);
    assertEquals(
        "bash\nzsh\n", bashCompletes("source <(weft completion bash)", "weft", "completion", ""));
  }

  /** Issue 32: completion offered commands and options but no option values. */
  @Test
  void itCompletesOptionValuesAndRuleIds() throws Exception {
    assertEquals(
        "text\njson\nsarif\njunit\nmarkdown\nhtml\n",
        bashCompletes("source <(weft completion bash)", "weft", "validate", "--format", ""));
    assertEquals(
        "error\nwarning\ninfo\nnever\n",
        bashCompletes("source <(weft completion bash)", "weft", "render", "--fail-on", ""));
    String rules =
        bashCompletes("source <(weft completion bash)", "weft", "explain", "pfc-watchdog");
    assertTrue(rules.lines().anyMatch("pfc-watchdog-disabled"::equals), rules);
    assertTrue(rules.lines().allMatch(l -> l.startsWith("pfc-watchdog")), rules);
  }

  @Test
  void theArchivesBashCompletionFileIsTheSameScript() throws Exception {
    Path shipped =
        tmp.resolve(
            "opt/weft-" + ReleaseArchive.version() + "/share/bash-completion/completions/weft");
    Shell.Result generated = Shell.run(tmp, env, List.of("weft", "completion", "bash"), 2);
    assertEquals(Files.readString(shipped), generated.out());
    assertEquals(
        "--fail-on\n", bashCompletes("source '" + shipped + "'", "weft", "render", "--fail"));
  }

  @Test
  void zshLoadsTheSameScriptThroughBashcompinit() throws Exception {
    Shell.require("zsh", "scripts/install-test-deps installs it");
    // zsh filters the candidates by the typed prefix itself, so the function offers them all.
    String script =
        "autoload -U compinit && compinit -u -d \"$HOME/.zcompdump\"\n"
            + "source <(weft completion zsh)\n"
            + "print -r -- \"${_comps[weft]}\"\n"
            + "setopt ksharrays\n"
            + "COMP_WORDS=(weft validate --); COMP_CWORD=2; COMP_LINE='weft validate --'; COMP_POINT=${#COMP_LINE}\n"
            + "_complete_weft 2>/dev/null\n"
            + "print -rl -- \"${COMPREPLY[@]}\"\n";
    Shell.Result run = Shell.run(tmp, env, List.of("zsh", "-f", "-c", script), 5);
    assertEquals(0, run.exit(), run.all());
    assertTrue(run.out().startsWith("_bash_complete -F _complete_weft"), run.all());
    assertTrue(run.out().lines().anyMatch("--fail-on"::equals), run.all());
  }

  @Test
  void helpCmdPrintsThatCommandsHelpAndAnUnknownOneIsAUsageError() throws Exception {
    Shell.Result help = Shell.run(tmp, env, List.of("weft", "help", "validate"), 2);
    assertEquals(0, help.exit(), help.all());
    assertTrue(help.out().startsWith("Usage: weft validate"), help.all());
    assertTrue(help.out().contains("--fail-on=LEVEL"), help.all());

    Shell.Result unknown = Shell.run(tmp, env, List.of("weft", "help", "validat"), 2);
    assertEquals(2, unknown.exit(), unknown.all());
    assertTrue(unknown.err().contains("validat"), unknown.all());
  }
}
