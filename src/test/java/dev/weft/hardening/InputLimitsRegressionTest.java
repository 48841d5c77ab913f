package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Weft;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, "some inputs hang or exhaust memory" and "unsafe writes and silent loss": each input
 * that once ran out of memory, hung, crashed with exit 3 or was silently skipped is now a located
 * finding or a usage error naming the limit, found before the memory is spent.
 */
class InputLimitsRegressionTest {

  @TempDir Path dir;

  private Path pod() throws Exception {
    return Weft.copyExample("roce-pod-a", dir.resolve("roce-pod-a"));
  }

  private static Weft.Run bounded(String... args) {
    return Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Weft.run(args));
  }

  @Test
  void aYamlFileOfOnePointFourGigabytesIsAFindingAndIsNeverRead() throws Exception {
    Path inv = pod();
    try (RandomAccessFile huge = new RandomAccessFile(inv.resolve("huge.yaml").toFile(), "rw")) {
      huge.setLength(1_400_000_000L); // sparse: no disk, but 1.4 GB if anyone read it
    }
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.toString());
    assertTrue(
        run.out().contains("huge.yaml:1:1: error [yaml-syntax] this file is 1400000000 bytes")
            && run.out().contains("limit: file size"),
        run.toString());
  }

  @Test
  void anInventoryLargerThanTheLimitIsAUsageErrorNamingTheOption() throws Exception {
    Path inv = pod();
    // The default limit follows the heap (32 MiB or 1/64 of it): sparse 15 MiB files until it is
    // crossed.
    long limit = Math.max(32L * 1024 * 1024, Runtime.getRuntime().maxMemory() / 64);
    for (int i = 0; i <= limit / (15L * 1024 * 1024); i++) {
      try (RandomAccessFile f =
          new RandomAccessFile(inv.resolve("part" + i + ".yaml").toFile(), "rw")) {
        f.setLength(15L * 1024 * 1024);
      }
    }
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.err().contains("the limit is " + limit + " bytes"), run.toString());
    assertTrue(run.err().contains("--max-inventory-bytes"), run.toString());
  }

  @Test
  void aScalarOfOneMegabyteAliasedAHundredThousandTimesIsAFinding() throws Exception {
    Path inv = pod();
    StringBuilder yaml =
        new StringBuilder("version: 1\nwaivers:\n  - rule: &big ")
            .append("x".repeat(1_000_000))
            .append("\n    reason: r\n    expires: 2030-01-01\n");
    for (int i = 0; i < 100_000; i++) {
      yaml.append("  - { rule: *big, reason: *big, expires: 2030-01-01 }\n");
    }
    Files.writeString(inv.resolve("waivers.yaml"), yaml);
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.toString());
    assertTrue(
        run.out().contains("waivers.yaml:3:11: error [yaml-syntax] a value of 1000000 characters")
            && run.out().contains("limit: value length"),
        run.toString());
  }

  @Test
  void aLargeValueRepeatedByAliasesIsAFindingOnItsAliasExpansion() throws Exception {
    Path inv = pod();
    StringBuilder yaml =
        new StringBuilder("version: 1\nwaivers:\n  - rule: &big ")
            .append("x".repeat(60_000))
            .append("\n    reason: r\n    expires: 2030-01-01\n");
    for (int i = 0; i < 100_000; i++) {
      yaml.append("  - { rule: *big, reason: r, expires: 2030-01-01 }\n");
    }
    Files.writeString(inv.resolve("waivers.yaml"), yaml);
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.toString());
    assertTrue(
        run.out().contains("[yaml-syntax] aliases repeat more than")
            && run.out().contains("limit: alias expansion"),
        run.toString());
  }

  @Test
  void knownHostsAndCredentialsOfDevZeroAreUsageErrors() throws Exception {
    Path credentials =
        Files.writeString(dir.resolve("credentials.yaml"), "lab: { user: netconf, agent: true }\n");
    String inv = Weft.projectDir().resolve("inventories/roce-pod-c").toString();
    Weft.Run hosts =
        bounded(
            "drift", inv, "--known-hosts", "/dev/zero", "--credentials", credentials.toString());
    assertEquals(2, hosts.exitCode(), hosts.toString());
    assertTrue(
        hosts.err().contains("--known-hosts /dev/zero: not a regular file"), hosts.toString());
    Weft.Run creds =
        bounded(
            "drift",
            inv,
            "--credentials",
            "/dev/zero",
            "--known-hosts",
            dir.resolve("kh").toString());
    assertEquals(2, creds.exitCode(), creds.toString());
    assertTrue(creds.err().contains("/dev/zero: not a regular file"), creds.toString());
    Weft.Run backup =
        bounded(
            "backup",
            inv,
            "--credentials",
            "/dev/zero",
            "--to",
            dir.resolve("b").toString(),
            "--known-hosts",
            dir.resolve("kh").toString());
    assertEquals(2, backup.exitCode(), backup.toString());
    Weft.Run baseline = bounded("validate", inv, "--baseline", "/dev/zero");
    assertEquals(2, baseline.exitCode(), baseline.toString());
    assertTrue(
        baseline.err().contains("--baseline /dev/zero: not a regular file"), baseline.toString());
  }

  @Test
  void anOutputThatCannotBeWrittenIsAUsageError() throws Exception {
    String inv = Weft.projectDir().resolve("inventories/roce-pod-a").toString();
    Path folder = Files.createDirectories(dir.resolve("a-folder"));
    Weft.Run toFolder = bounded("validate", inv, "--output", folder.toString());
    assertEquals(2, toFolder.exitCode(), toFolder.toString());
    assertTrue(toFolder.err().contains("is a folder"), toFolder.toString());
    Weft.Run full = bounded("validate", inv, "--output", "/dev/full", "--format", "json");
    assertEquals(2, full.exitCode(), full.toString());
    assertTrue(full.err().contains("No space left on device"), full.toString());
  }

  @Test
  void anOversizedValueIsCutInEveryMessage() throws Exception {
    Path inv = pod();
    Weft.replaceFirst(
        inv.resolve("fabric.yaml"),
        "congestion-control: dcqcn",
        "congestion-control: " + "q".repeat(60_000));
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.toString());
    String line =
        run.out()
            .lines()
            .filter(l -> l.contains("congestion-control"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(run.toString()));
    assertTrue(line.length() < 1000, "a finding quotes 60,000 characters: " + line.length());
    assertTrue(line.contains("(60000 characters)"), line);
  }

  @Test
  void controlCharactersInAFileNameAreEscapedInTextOutput() throws Exception {
    Path inv = pod();
    Files.writeString(inv.resolve("\u001b[31mred\u0007.yaml"), "version: 1\nbogus: {\n");
    Weft.Run run = bounded("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.toString());
    assertFalse(
        run.out().contains("\u001b") || run.out().contains("\u0007"),
        "raw control characters reach the terminal");
    assertTrue(run.out().contains("\\u001b[31mred\\u0007.yaml"), run.toString());
  }

  @Test
  void aSymlinkedInventoryFileIsReadInsideTheRepositoryAndReportedOutside(@TempDir Path elsewhere)
      throws Exception {
    Path inv = pod();
    Path shared = Files.createDirectories(dir.resolve("shared"));
    Files.move(inv.resolve("profiles.yaml"), shared.resolve("profiles.yaml"));
    Files.createSymbolicLink(inv.resolve("profiles.yaml"), shared.resolve("profiles.yaml"));
    Weft.Run inside = bounded("validate", inv.toString());
    assertEquals(0, inside.exitCode(), "the linked profiles must be read:\n" + inside);
    Files.writeString(elsewhere.resolve("extra.yaml"), "version: 1\n");
    Files.createSymbolicLink(inv.resolve("extra.yaml"), elsewhere.resolve("extra.yaml"));
    Weft.Run outside = bounded("validate", inv.toString());
    assertEquals(1, outside.exitCode(), outside.toString());
    assertTrue(
        outside.out().contains("extra.yaml:1:1: error [yaml-syntax] symbolic link to")
            && outside.out().contains("outside the repository"),
        outside.toString());
  }

  /**
   * The launcher stops the JVM on an out-of-memory error; its one line must go to stderr, not into
   * a JSON report. The launcher's options run the real command with a heap far too small for it.
   */
  @Test
  void theOutOfMemoryLineGoesToStderr() throws Exception {
    String launcher = Files.readString(Weft.projectDir().resolve("bin/weft"));
    assertTrue(
        launcher.contains("-XX:+ExitOnOutOfMemoryError -XX:+DisplayVMOutputToStderr"),
        "the launcher's JVM options");
    Path big = dir.resolve("big");
    assertEquals(0, Weft.run("generate", "--gpus", "4096", "--out", big.toString()).exitCode());
    Path out = dir.resolve("stdout.txt");
    Path err = dir.resolve("stderr.txt");
    Process p =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx24m",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-XX:+DisplayVMOutputToStderr",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "dev.weft.cli.Main",
                    "validate",
                    big.toString(),
                    "--format",
                    "json"))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the JVM did not end");
    String stdout = Files.readString(out);
    assertFalse(stdout.contains("OutOfMemoryError"), "stdout: " + stdout);
    assertEquals(3, p.exitValue(), "the heap was meant to be too small: " + Files.readString(err));
    assertTrue(
        Files.readString(err).contains("Terminating due to java.lang.OutOfMemoryError"),
        Files.readString(err));
  }
}
