package dev.weft.rules.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each check of nic-ets, nic-rx-buffer and nic-dcqcn-rp that the rules' fixtures do not already
 * show, on the inventory that writes every knob (src/test/resources/nic-knobs) with one value
 * changed: the finding names the line of that value.
 */
class NicKnobRulesTest {

  private static final Path KNOBS = Weft.projectDir().resolve("src/test/resources/nic-knobs");

  @TempDir Path dir;

  /** The validate output for the inventory with {@code from} replaced by {@code to}. */
  private String validate(String from, String to) throws Exception {
    Path inv = Files.createDirectories(dir.resolve("inv"));
    Files.copy(
        KNOBS.resolve("fabric.yaml"),
        inv.resolve("fabric.yaml"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Weft.replaceFirst(inv.resolve("fabric.yaml"), from, to);
    return Weft.run("validate", inv.toString()).out();
  }

  /** The one line of {@code out} for {@code rule}, which must say {@code what} at {@code line}. */
  private static void finding(String out, String rule, int line, String what) {
    List<String> lines = out.lines().filter(l -> l.contains(" [" + rule + "] ")).toList();
    assertEquals(1, lines.size(), out);
    assertTrue(lines.get(0).contains("fabric.yaml:" + line + ":"), lines.get(0));
    assertTrue(lines.get(0).contains(what), lines.get(0));
  }

  @Test
  void theInventoryWithEveryKnobHasNoFindingOfTheirRules() throws Exception {
    String out = validate("version: 1", "version: 1");
    for (String rule : List.of("nic-ets", "nic-rx-buffer", "nic-dcqcn-rp")) {
      assertTrue(!out.contains("[" + rule + "]"), out);
    }
  }

  @Test
  void aStrictClassWithAShareIsRefused() throws Exception {
    String out =
        validate("      bw: [40, 0, 0, 60, 0, 0, 0, 0]", "      bw: [40, 0, 0, 60, 0, 0, 10, 0]");
    finding(out, "nic-ets", 34, "gives strict traffic class 6 a share of 10%");
  }

  @Test
  void aLosslessClassWithoutAShareStarves() throws Exception {
    String out =
        validate("      bw: [40, 0, 0, 60, 0, 0, 0, 0]", "      bw: [100, 0, 0, 0, 0, 0, 0, 0]");
    finding(out, "nic-ets", 34, "gives lossless priority 3 (traffic class 3) an ETS share of 0%");
  }

  @Test
  void aLossyPriorityInTheLosslessBufferIsPausedToo() throws Exception {
    String out =
        validate(
            "    prio2buffer: [0, 0, 0, 1, 0, 0, 0, 0]",
            "    prio2buffer: [0, 0, 0, 1, 1, 0, 0, 0]");
    finding(out, "nic-rx-buffer", 30, "puts lossy priority 4 into receive buffer 1");
  }

  @Test
  void aSizeOfNoWholeCellReadsBackSmaller() throws Exception {
    String out =
        validate(
            "    buffer-size: [262144, 262144, 0, 0, 0, 0, 0, 0]",
            "    buffer-size: [262144, 262150, 0, 0, 0, 0, 0, 0]");
    finding(out, "nic-rx-buffer", 31, "not a whole number of 128-byte cells: the NIC keeps 262144");
  }

  @Test
  void aRateAboveTheLineRateAndATimeOfZeroAreRefused() throws Exception {
    String out = validate("      min-rate: 1", "      min-rate: 500000");
    finding(out, "nic-dcqcn-rp", 39, "above the NIC's line rate of 400000 Mb/s");
    out = validate("      time-reset: 300us", "      time-reset: 0");
    finding(out, "nic-dcqcn-rp", 36, "to 0 µs; the NIC takes 1..4294967295 µs");
  }
}
