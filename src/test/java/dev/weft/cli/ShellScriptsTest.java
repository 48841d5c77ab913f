package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.testing.LabTest;
import dev.weft.testing.Shell;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The launchers and the hook are shell programs users run on their machines: shellcheck judges
 * them.
 */
@LabTest(needs = {"/usr/bin/shellcheck"})
class ShellScriptsTest {

  @Test
  void shellcheckFindsNothingInTheLaunchersTheHookAndTheImageScript() throws Exception {
    Shell.Result lint =
        Shell.run(
            ProjectDir.get(),
            Map.of(),
            List.of(
                "shellcheck",
                "--severity=style",
                "weft",
                "bin/weft",
                "bin/install",
                "scripts/pre-commit",
                "scripts/image",
                "scripts/fuzz",
                "scripts/slurm-lab",
                "scripts/prom-lab",
                "docs/examples/slurm-audit.sbatch"),
            2);
    assertEquals("", lint.out() + lint.err());
    assertEquals(0, lint.exit(), lint.all());
  }

  @Test
  void shellcheckFindsNothingInTheLldpLabTheSshLabAndTheirSharedLibrary() throws Exception {
    Shell.Result lint =
        Shell.run(
            ProjectDir.get(),
            Map.of(),
            List.of(
                "shellcheck",
                "-x",
                "--severity=style",
                "scripts/lldp-lab",
                "scripts/ssh-lab",
                "scripts/lib/lab.sh"),
            2);
    assertEquals("", lint.out() + lint.err());
    assertEquals(0, lint.exit(), lint.all());
  }
}
