package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The SARIF properties GitHub code scanning depends on, checked on the parsed output. */
class SarifReporterTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static JsonNode run(Report report) throws Exception {
    JsonNode root = JSON.readTree(SarifValidatorTest.sarif(report));
    assertEquals("2.1.0", root.get("version").asString());
    return root.get("runs").get(0);
  }

  @Test
  void ruleIndexPointsAtTheResultsRule() throws Exception {
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      JsonNode run = run(s.report());
      JsonNode rules = run.get("tool").get("driver").get("rules");
      assertEquals(
          s.report().usedRuleIds().size(),
          rules.size(),
          "one rule entry per rule used: " + s.name());
      for (JsonNode r : run.get("results")) {
        JsonNode rule = rules.get(r.get("ruleIndex").asInt());
        assertEquals(r.get("ruleId").asString(), rule.get("id").asString(), s.name());
        for (String required : new String[] {"shortDescription", "fullDescription", "help"}) {
          assertFalse(
              rule.get(required).get("text").asString().isBlank(),
              required + " of " + rule.get("id"));
        }
      }
    }
  }

  @Test
  void everyResultHasARelativePhysicalLocation() throws Exception {
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      for (JsonNode r : run(s.report()).get("results")) {
        JsonNode artifact =
            r.get("locations").get(0).get("physicalLocation").get("artifactLocation");
        String uri = artifact.get("uri").asString();
        assertFalse(uri.startsWith("/") || uri.contains(":"), "relative uri: " + uri);
        assertEquals("%SRCROOT%", artifact.get("uriBaseId").asString());
      }
    }
  }

  @Test
  void locatedFindingsHaveARegionAndOthersALogicalLocation() throws Exception {
    JsonNode results = run(ReportFixtures.noLocation()).get("results");
    JsonNode located = results.get(0).get("locations").get(0);
    assertEquals(30, located.get("physicalLocation").get("region").get("startLine").asInt());
    assertEquals(5, located.get("physicalLocation").get("region").get("startColumn").asInt());
    JsonNode device = results.get(2).get("locations").get(0);
    assertEquals(
        "inventories/roce-pod-a/",
        device.get("physicalLocation").get("artifactLocation").get("uri").asString());
    assertEquals(
        "leaf-01/Ethernet0",
        device.get("logicalLocations").get(0).get("fullyQualifiedName").asString());
  }

  @Test
  void levelsMapFromSeverities() throws Exception {
    JsonNode results = run(ReportFixtures.multi()).get("results");
    assertEquals("error", results.get(0).get("level").asString());
    assertEquals("note", results.get(1).get("level").asString());
    assertEquals("warning", results.get(2).get("level").asString());
  }

  @Test
  void waivedFindingsCarryAnExternalSuppressionWithTheReason() throws Exception {
    JsonNode results = run(ReportFixtures.waived()).get("results");
    JsonNode suppression = results.get(0).get("suppressions").get(0);
    assertEquals("external", suppression.get("kind").asString());
    assertTrue(suppression.get("justification").asString().contains("NET-1234"));
    assertNull(
        results.get(1).get("suppressions"), "a finding that is not waived has no suppression");
  }

  @Test
  void pathsArePercentEncoded() {
    assertEquals(
        "inventories/a%20b/sw%20%232%20%C3%A9.yaml",
        SarifReporter.uri("inventories/a b/sw #2 é.yaml"));
    assertEquals("c%3Aweird/x%25.yaml", SarifReporter.uri("c:weird/x%.yaml"));
  }

  @Test
  void friendlyNamesArePascalCaseAndDifferFromIds() {
    assertEquals("PfcPriorityMismatch", SarifReporter.friendlyName("pfc-priority-mismatch"));
    assertEquals("SchemaRule", SarifReporter.friendlyName("schema"));
  }

  @Test
  void unknownRulesStillGetTheFieldsGithubRequires() throws Exception {
    Report report =
        Report.of(
            "0.1.0",
            "validate",
            "inv",
            java.util.List.of(
                dev.weft.finding.Finding.of("made-up", dev.weft.finding.Severity.ERROR, "m")),
            java.util.List.of(),
            java.util.List.of());
    JsonNode rule = run(report).get("tool").get("driver").get("rules").get(0);
    assertEquals("made-up", rule.get("id").asString());
    assertTrue(rule.get("help").get("text").asString().contains("weft explain made-up"));
  }
}
