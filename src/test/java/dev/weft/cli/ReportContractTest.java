package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import dev.weft.json.Json;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Issue 14's report contract, end to end through {@code weft validate} with every machine format
 * written in one run: each format agrees with the exit code at the chosen {@code --fail-on} (JSON
 * {@code failed}, SARIF {@code exitCode}, JUnit failures exactly the findings at or above the
 * threshold), and each carries the run facts: start time, duration, Weft version, the command line
 * and the inventory's Git commit (or "working tree, dirty").
 */
class ReportContractTest {

  private static final String INV = GitHistory.INVENTORY;
  private static final String FABRIC = INV + "/fabric.yaml";
  private static final String LEAVES = INV + "/switches/leaves.yaml";

  @TempDir Path tmp;

  /** The outcome of one run with JSON, SARIF, JUnit and HTML written beside each other. */
  private record Reports(
      GitHistory.Run run,
      Map<String, Object> json,
      Map<String, Object> sarif,
      Document junit,
      String html) {}

  @SuppressWarnings("unchecked")
  private Reports validate(GitHistory repo, String failOn) throws Exception {
    Path out = tmp.resolve("out-" + failOn);
    GitHistory.Run run =
        repo.weft(
            "validate",
            repo.path(INV),
            "--fail-on",
            failOn,
            "--output",
            "json=" + out.resolve("weft.json"),
            "--output",
            "sarif=" + out.resolve("weft.sarif"),
            "--output",
            "junit=" + out.resolve("junit.xml"),
            "--output",
            "html=" + out.resolve("weft.html"));
    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document junit =
        dbf.newDocumentBuilder()
            .parse(new ByteArrayInputStream(Files.readAllBytes(out.resolve("junit.xml"))));
    return new Reports(
        run,
        (Map<String, Object>)
            Json.parse(Files.readString(out.resolve("weft.json"), StandardCharsets.UTF_8)),
        (Map<String, Object>)
            Json.parse(Files.readString(out.resolve("weft.sarif"), StandardCharsets.UTF_8)),
        junit,
        Files.readString(out.resolve("weft.html"), StandardCharsets.UTF_8));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o, String key) {
    return (Map<String, Object>) ((Map<String, Object>) o).get(key);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> sarifRun(Reports r) {
    return (Map<String, Object>) ((List<Object>) r.sarif().get("runs")).get(0);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> invocation(Reports r) {
    return (Map<String, Object>) ((List<Object>) sarifRun(r).get("invocations")).get(0);
  }

  private static int junitFailures(Reports r) {
    Element suite = (Element) r.junit().getElementsByTagName("testsuite").item(0);
    int declared = Integer.parseInt(suite.getAttribute("failures"));
    assertEquals(
        r.junit().getElementsByTagName("failure").getLength(),
        declared,
        "declared and listed failures");
    return declared;
  }

  private static String junitProperty(Reports r, String name) {
    NodeList props = r.junit().getElementsByTagName("property");
    for (int i = 0; i < props.getLength(); i++) {
      Element p = (Element) props.item(i);
      if (p.getAttribute("name").equals(name)) {
        return p.getAttribute("value");
      }
    }
    return null;
  }

  /**
   * Every format agrees with the exit code and with the number of findings at or above the
   * threshold.
   */
  private static void agree(Reports r, int exit, int failing) {
    assertEquals(exit, r.run().exit(), r.run().out() + r.run().err());
    assertEquals(exit == 1, map(r.json(), "summary").get("failed"), "JSON failed");
    assertEquals(exit, ((Number) invocation(r).get("exitCode")).intValue(), "SARIF exitCode");
    assertEquals(
        failing, junitFailures(r), "JUnit failures are the findings at or above --fail-on");
  }

  @Test
  void everyFormatAgreesWithTheExitCodeAtTheChosenThreshold() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("pod"))) {
      // one warning (a watchdog detection time SONiC refuses) and one error (a host port's MTU
      // below the NIC's)
      repo.edit(FABRIC, t -> t.replaceFirst("detection: 200ms", "detection: 50ms"));
      repo.commit("A short watchdog detection time", "New User");
      agree(validate(repo, "error"), 0, 0);
      agree(validate(repo, "warning"), 1, 1);
      agree(validate(repo, "never"), 0, 0);

      repo.edit(
          LEAVES,
          t ->
              t.replaceFirst(
                  "- \\{ name: Ethernet0, profile: host-400g }",
                  "- { name: Ethernet0, profile: host-400g, mtu: 1500 }"));
      repo.commit("A host port's MTU below the NIC's", "New User");
      agree(validate(repo, "error"), 1, 1);
      agree(validate(repo, "warning"), 1, 2);
      agree(validate(repo, "never"), 0, 0);
    }
  }

  @Test
  void everyFormatCarriesTheRunFacts() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("pod"))) {
      String head = repo.commit("nothing new", "New User");
      Instant before = Instant.now().minusSeconds(1);
      Reports r = validate(repo, "error");
      assertEquals(0, r.run().exit(), r.run().out() + r.run().err());

      Map<String, Object> run = map(r.json(), "run");
      Instant started = Instant.parse((String) run.get("started"));
      assertFalse(started.isBefore(before), "the run started now: " + started);
      assertTrue(((Number) run.get("duration_ms")).longValue() >= 0, run.toString());
      String line = (String) run.get("command_line");
      assertTrue(
          line.startsWith("weft validate " + repo.path(INV) + " --fail-on error --output json="),
          line);
      assertEquals(head, run.get("inventory_commit"));
      assertEquals(Version.VERSION, r.json().get("version"));

      Map<String, Object> inv = invocation(r);
      assertEquals(line, inv.get("commandLine"));
      assertEquals(started.toString(), inv.get("startTimeUtc"));
      assertFalse(Instant.parse((String) inv.get("endTimeUtc")).isBefore(started));
      assertEquals(head, map(sarifRun(r), "properties").get("inventoryCommit"));
      assertEquals(Version.VERSION, map(sarifRun(r), "properties").get("weftVersion"));

      Element suite = (Element) r.junit().getElementsByTagName("testsuite").item(0);
      assertTrue(
          suite.getAttribute("timestamp").startsWith(started.toString().substring(0, 16)),
          suite.getAttribute("timestamp"));
      assertTrue(suite.getAttribute("time").matches("\\d+\\.\\d{3}"), suite.getAttribute("time"));
      assertEquals(line, junitProperty(r, "command-line"));
      assertEquals(head, junitProperty(r, "inventory-commit"));
      assertEquals(Version.VERSION, junitProperty(r, "version"));

      assertTrue(r.html().contains("<footer class=\"run\"><p>Started " + started), r.html());
      assertTrue(
          r.html().contains("weft " + Version.VERSION)
              && r.html().contains("inventory commit <code>" + head + "</code>"),
          r.html());

      // an edit not committed yet: the reports say the working tree differs from the commit
      repo.edit(FABRIC, t -> t.replaceFirst("detection: 200ms", "detection: 300ms"));
      Reports dirty = validate(repo, "error");
      String expected = "working tree, dirty (on " + head + ")";
      assertEquals(expected, map(dirty.json(), "run").get("inventory_commit"));
      assertEquals(expected, map(sarifRun(dirty), "properties").get("inventoryCommit"));
      assertEquals(expected, junitProperty(dirty, "inventory-commit"));
      assertTrue(dirty.html().contains(expected), dirty.html());
    }
  }
}
