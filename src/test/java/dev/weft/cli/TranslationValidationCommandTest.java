package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.BrokenTemplates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Translation validation through the commands: {@code weft validate} and {@code weft render} with a
 * templates folder broken on purpose (one value of the SONiC template changed) fail with the {@code
 * internal-error} naming device, file and feature, and render writes no file of the switches it
 * caught; a clean render names on stderr what it did not read back.
 */
class TranslationValidationCommandTest {

  private static final String INVENTORY = "inventories/roce-pod-a";

  @Test
  void validateAndRenderCatchABrokenTemplate(@TempDir Path tmp) throws IOException {
    Path templates = BrokenTemplates.sonicEcnMinShifted(ProjectDir.get(), tmp);
    CliRun validate =
        CliRun.of(
            "validate",
            ProjectDir.get().resolve(INVENTORY).toString(),
            "--templates",
            templates.toString());
    assertEquals(ExitCode.FINDINGS, validate.exitCode(), validate.out() + validate.err());
    assertTrue(
        validate.out().contains("internal-error")
            && validate.out().contains("/config_db.json reads back with a different ecn"),
        validate.out());

    Path out = tmp.resolve("out");
    CliRun render =
        CliRun.of(
            "render",
            ProjectDir.get().resolve(INVENTORY).toString(),
            "--no-validate",
            "--templates",
            templates.toString(),
            "--out",
            out.toString());
    assertEquals(ExitCode.FINDINGS, render.exitCode(), render.out() + render.err());
    assertTrue(
        render.out().contains("leaf-01/config_db.json reads back with a different ecn"),
        render.out());
    assertFalse(
        Files.exists(out.resolve("leaf-01/config_db.json")), "the caught file is not written");
  }

  @Test
  void aCleanRenderNamesWhatItDidNotReadBack(@TempDir Path tmp) {
    CliRun render =
        CliRun.of(
            "render",
            ProjectDir.get().resolve(INVENTORY).toString(),
            "--out",
            tmp.resolve("out").toString());
    assertEquals(ExitCode.OK, render.exitCode(), render.out() + render.err());
    assertFalse(render.out().contains("internal-error"), render.out());
    assertTrue(
        render.err().contains("weft render: not read back: nccl.env, roce-qos.sh of ")
            && render.err().contains("connectx device(s)"),
        render.err());
  }
}
