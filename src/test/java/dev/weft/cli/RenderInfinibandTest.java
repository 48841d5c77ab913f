package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft render} and {@code weft validate} on the InfiniBand example, through the real command
 * tree.
 */
class RenderInfinibandTest {

  static final Path EXAMPLE = ProjectDir.get().resolve("inventories/ib-pod-b");

  static List<String> files(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .map(p -> dir.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void validatePassesAndRenderWritesEachSmHostsFilesTwiceIdentically(@TempDir Path tmp)
      throws Exception {
    CliRun validate = CliRun.of("validate", EXAMPLE.toString());
    assertEquals(0, validate.exitCode(), validate.out() + validate.err());

    CliRun a = CliRun.of("render", EXAMPLE.toString(), "--out", tmp.resolve("a").toString());
    assertEquals(0, a.exitCode(), a.out() + a.err());
    CliRun b = CliRun.of("render", EXAMPLE.toString(), "--out", tmp.resolve("b").toString());
    assertEquals(0, b.exitCode(), b.out() + b.err());
    List<String> names = files(tmp.resolve("a"));
    assertEquals(
        List.of(
            "ufm-01/ibsim.net",
            "ufm-01/opensm.conf",
            "ufm-01/partitions.conf",
            "ufm-01/qos-policy.conf",
            "ufm-01/root-guids.conf",
            "ufm-02/ibsim.net",
            "ufm-02/opensm.conf",
            "ufm-02/partitions.conf",
            "ufm-02/qos-policy.conf",
            "ufm-02/root-guids.conf"),
        names);
    for (String f : names) {
      assertEquals(
          -1L, Files.mismatch(tmp.resolve("a").resolve(f), tmp.resolve("b").resolve(f)), f);
    }
    assertTrue(
        Files.readString(tmp.resolve("a/ufm-02/opensm.conf")).contains("\nsm_priority 14\n"));
  }

  @Test
  void deviceSelectsOneSmHost(@TempDir Path tmp) throws Exception {
    CliRun r =
        CliRun.of("render", EXAMPLE.toString(), "--out", tmp.toString(), "--device", "ufm-02");
    assertEquals(0, r.exitCode(), r.out() + r.err());
    assertTrue(files(tmp).stream().allMatch(f -> f.startsWith("ufm-02/")), files(tmp).toString());
  }
}
