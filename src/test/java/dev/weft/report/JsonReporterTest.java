package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON output parses, has exactly the CLI contract's fields, and round-trips awkward text. */
class JsonReporterTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final List<String> TOP =
      List.of("tool", "version", "command", "inventory", "findings", "devices", "summary");
  private static final List<String> FINDING =
      List.of(
          "rule",
          "severity",
          "message",
          "file",
          "line",
          "column",
          "device",
          "port",
          "path",
          "expected",
          "actual",
          "waived");
  private static final List<String> SUMMARY =
      List.of("error", "warning", "info", "waived", "fail_on", "failed");

  private static JsonNode parse(Report report) throws Exception {
    StringWriter out = new StringWriter();
    Reporters.forFormat("json").write(report, out);
    return JSON.readTree(out.toString());
  }

  private static List<String> names(JsonNode node) {
    return new ArrayList<>(node.propertyNames());
  }

  @Test
  void everyReportHasExactlyTheContractFieldsInOrder() throws Exception {
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      JsonNode root = parse(s.report());
      assertEquals(TOP, names(root), s.name());
      for (JsonNode f : root.get("findings")) {
        assertEquals(FINDING, names(f), s.name());
      }
      for (JsonNode d : root.get("devices")) {
        List<String> fields = names(d);
        assertTrue(
            fields.equals(List.of("name", "status"))
                || fields.equals(List.of("name", "status", "reason")),
            s.name() + " device fields " + fields);
      }
      assertEquals(SUMMARY, names(root.get("summary")), s.name());
    }
  }

  @Test
  void findingValuesAreTyped() throws Exception {
    JsonNode root = parse(ReportFixtures.multi());
    assertEquals("weft", root.get("tool").asString());
    JsonNode last = root.get("findings").get(3);
    assertEquals("pfc-priority-mismatch", last.get("rule").asString());
    assertEquals("error", last.get("severity").asString());
    assertEquals("inventories/roce-pod-a/switches.yaml", last.get("file").asString());
    assertTrue(last.get("line").isInt());
    assertEquals(41, last.get("line").asInt());
    assertEquals(9, last.get("column").asInt());
    assertEquals("[3,4]", last.get("actual").asString());
    assertTrue(last.get("waived").isBoolean());
    JsonNode schema = root.get("findings").get(0);
    assertTrue(schema.get("device").isNull(), "absent values are null, not missing or empty");
  }

  @Test
  void findingsWithoutLocationHaveNullPositions() throws Exception {
    JsonNode root = parse(ReportFixtures.noLocation());
    JsonNode unreachable = root.get("findings").get(1);
    assertEquals("device-unreachable", unreachable.get("rule").asString());
    assertTrue(unreachable.get("file").isNull());
    assertTrue(unreachable.get("line").isNull());
    assertEquals("spine-02", unreachable.get("device").asString());
    assertEquals("unreachable", root.get("devices").get(2).get("status").asString());
    assertEquals("timeout", root.get("devices").get(2).get("reason").asString());
  }

  @Test
  void summaryCountsWaivedFindingsOnlyAsWaived() throws Exception {
    JsonNode summary = parse(ReportFixtures.waived()).get("summary");
    assertEquals(0, summary.get("error").asInt());
    assertEquals(1, summary.get("warning").asInt());
    assertEquals(1, summary.get("waived").asInt());
  }

  @Test
  void awkwardTextRoundTrips() throws Exception {
    Report report = ReportFixtures.escaping();
    JsonNode f = parse(report).get("findings").get(0);
    assertEquals(report.findings().get(0).message(), f.get("message").asString());
    assertEquals("Eth\"0\"", f.get("port").asString());
    assertEquals("c\nd", f.get("actual").asString());
    assertEquals(
        "inventories/roce-pod-a/dir with space/switches #2 é.yaml", f.get("file").asString());
  }

  @Test
  void everyControlCharacterIsEscaped() throws Exception {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x20; c++) {
      all.append(c);
    }
    all.append('\u007f').append('\u2028').append('\u2029').append("\"\\");
    String json =
        dev.weft.json.JsonWriter.write(all.toString(), dev.weft.json.JsonWriter.Style.REPORT)
            .strip();
    for (int i = 1; i < json.length() - 1; i++) {
      char c = json.charAt(i);
      assertTrue(
          c >= 0x20 && c != 0x7f && c != '\u2028' && c != '\u2029',
          "raw char " + (int) c + " in " + json);
    }
    assertEquals(all.toString(), JSON.readTree(json).asString());
  }
}
