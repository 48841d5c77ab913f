package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 14: {@code ib-sl-vl-unused} (a warning) used to overwrite the severity of the QoS range
 * checks, so an SL2VL table OpenSM would silently truncate passed {@code --fail-on error}. The
 * range checks are errors of the schema now, at the entry's line, and fail the run at {@code
 * --fail-on error}; the rule's own finding (a valid table that maps a used SL to a dead VL) stays a
 * warning and does not.
 */
class IbQosRangesFailTheRunTest {

  private static final Path RULE = ProjectDir.get().resolve("policies/ib-sl-vl-unused");
  private static final String SL2VL = "sl2vl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]";

  @TempDir Path tmp;

  private Path passFixtureWith(String from, String to) throws IOException {
    String text = Files.readString(RULE.resolve("pass/fabric.yaml"), StandardCharsets.UTF_8);
    assertTrue(text.contains(from), "the pass fixture has " + from);
    Path dir = Files.createDirectories(tmp.resolve("inv"));
    Files.writeString(dir.resolve("fabric.yaml"), text.replace(from, to), StandardCharsets.UTF_8);
    return dir;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(CliRun run) throws dev.weft.json.JsonException {
    return (List<Map<String, Object>>)
        ((Map<String, Object>) Json.parse(run.out())).get("findings");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "an SL mapped to VL 16    | "
            + SL2VL
            + " | sl2vl: [0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
        "a short SL2VL table      | " + SL2VL + " | sl2vl: [0, 1, 0]",
        "a long SL2VL table       | "
            + SL2VL
            + " | sl2vl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
        "a level on SL 16         | '{ name: storage, sl: 1 }' | '{ name: storage, sl: 16 }'",
        "arbitration on VL 15     | 'vlarb-low: [ { vl: 0, weight: 64 }' | 'vlarb-low: [ { vl: 15, weight: 64 }'",
        "an arbitration weight 300| 'vlarb-high: [ { vl: 0, weight: 64 } ]' | 'vlarb-high: [ { vl: 0, weight: 300 } ]'",
      })
  void anOutOfRangeQosEntryIsAnErrorThatFailsTheRun(String what, String from, String to)
      throws Exception {
    Path inv = passFixtureWith(from, to);
    CliRun run = CliRun.of("validate", inv.toString(), "--fail-on", "error", "--format", "json");
    assertEquals(1, run.exitCode(), what + " fails --fail-on error: " + run.out() + run.err());
    List<Map<String, Object>> errors =
        findings(run).stream().filter(f -> "error".equals(f.get("severity"))).toList();
    assertEquals(1, errors.size(), what + " is one error: " + run.out());
    assertEquals("schema", errors.get(0).get("rule"), run.out());
    int line = dev.weft.testing.Inventories.lineOf(inv.resolve("fabric.yaml"), to.trim());
    assertEquals(
        line, ((Number) errors.get(0).get("line")).intValue(), "at the entry's line: " + run.out());
    assertTrue(
        findings(run).stream().noneMatch(f -> "ib-sl-vl-unused".equals(f.get("rule"))),
        "the mapping rule does not judge a broken table: " + run.out());
  }

  @Test
  void theMappingRuleStaysAWarningBelowTheThreshold() throws Exception {
    CliRun run =
        CliRun.of(
            "validate", RULE.resolve("fail").toString(), "--fail-on", "error", "--format", "json");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    List<Map<String, Object>> all = findings(run);
    assertEquals(1, all.size(), run.out());
    assertEquals("ib-sl-vl-unused", all.get(0).get("rule"));
    assertEquals("warning", all.get(0).get("severity"));

    CliRun strict = CliRun.of("validate", RULE.resolve("fail").toString(), "--fail-on", "warning");
    assertEquals(1, strict.exitCode(), strict.out() + strict.err());
  }
}
