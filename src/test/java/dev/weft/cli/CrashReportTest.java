package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.WhileProcessing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 15: an internal error's trace file names the input and the Weft version, and carries no
 * secret.
 */
class CrashReportTest {

  @Test
  void theTraceFileNamesTheInputTheVersionAndMasksSecrets() throws Exception {
    Throwable bug =
        new WhileProcessing(
            "input file inventories/pod/fabric.yaml",
            new IllegalStateException(
                "password: hunter2 token=abc123 -----BEGIN OPENSSH PRIVATE KEY-----\\nAAAA\\n"
                    + "-----END OPENSSH PRIVATE KEY----- ssh://admin:s3cret@127.0.0.1/"));
    Path file = Path.of(CrashReport.write(bug, List.of("validate", "inventories/pod"), List.of()));
    try {
      String text = Files.readString(file);
      assertTrue(text.startsWith("Weft " + Version.VERSION + " internal error"), text);
      assertTrue(text.contains("while processing: input file inventories/pod/fabric.yaml"), text);
      assertTrue(text.contains("command: weft validate inventories/pod"), text);
      assertTrue(text.contains("at dev.weft.cli.CrashReportTest"), "the full trace: " + text);
      for (String secret : List.of("hunter2", "abc123", "AAAA", "s3cret")) {
        assertFalse(text.contains(secret), secret + " reached the trace file:\n" + text);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void aDevicesTraceNamesTheDevice() throws Exception {
    String where = CrashReport.forDevices().record("leaf-07", new NullPointerException("boom"));
    Path file = Path.of(where);
    try {
      assertTrue(Files.readString(file).contains("while processing: device leaf-07"));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void anInternalErrorIsOneLineOnStderrNamingTheInput() {
    java.io.StringWriter err = new java.io.StringWriter();
    String[] args = {"validate"};
    int code =
        Main.handle(
            new WhileProcessing("device leaf-01", new IllegalStateException("x")),
            args,
            new java.io.PrintWriter(err, true));
    assertEquals(ExitCode.INTERNAL, code);
    assertTrue(
        err.toString().startsWith("weft: internal error while processing device leaf-01: "),
        err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
    err.toString()
        .lines()
        .forEach(
            l -> {
              String path = l.substring(l.indexOf("(full trace: ") + 13, l.length() - 1);
              try {
                Files.deleteIfExists(Path.of(path));
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
  }
}
