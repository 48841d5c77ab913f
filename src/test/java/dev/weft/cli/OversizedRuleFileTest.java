package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code rule.yaml} over the file limit is one finding, not one from each reader of the policy
 * folder (the catalogue and the user-rule loader both read it).
 */
class OversizedRuleFileTest {

  @TempDir Path tmp;

  @Test
  void anOversizedRuleFileIsReportedOnceAtTheFile() throws Exception {
    Path file = Files.createDirectories(tmp.resolve("policies/big-rule")).resolve("rule.yaml");
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(17L * 1024 * 1024); // sparse: the limit is checked from the size, never read
    }
    CliRun r =
        CliRun.of(
            "validate",
            ProjectDir.get().resolve("inventories/roce-pod-a").toString(),
            "--policies",
            tmp.resolve("policies").toString());
    List<String> lines =
        r.out().lines().filter(l -> l.contains("rule.yaml files are small")).toList();
    assertEquals(1, lines.size(), r.out() + r.err());
    assertTrue(
        lines.get(0).startsWith(file.toString().replace('\\', '/') + ":1:1: error [rule-metadata]"),
        lines.get(0));
    assertEquals(1, r.exitCode(), r.out() + r.err());
  }
}
