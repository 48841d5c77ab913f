package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.testing.Golden;
import dev.weft.testing.LabTest;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Our SARIF against Microsoft's SARIF Multitool ({@code validate}, SARIF rules plus the GitHub
 * ingestion rules) and against the SARIF 2.1.0 JSON schema that ships in the same npm package.
 *
 * <p>{@code scripts/install-test-deps} installs the tool under {@code target/tools/sarif}. When it
 * is missing the tests fail under CI ({@code CI=true}) and are skipped elsewhere, saying how to
 * install it.
 */
@LabTest(
    needs = {"target/tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SarifValidatorTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /**
   * Validator warnings we accept, each for a reason; any other warning (or any error) fails the
   * test. SARIF2005: we publish no informationUri until the project has a home page. SARIF2017: a
   * finding with no intent line is anchored at the inventory directory, which has no region.
   */
  private static final Set<String> ACCEPTED_WARNINGS = Set.of("SARIF2005", "SARIF2017");

  private Path toolDir;
  private Path multitool;

  @BeforeEach
  void findTool() {
    String platform = platform();
    toolDir =
        Golden.projectDir()
            .resolve("target/tools/sarif/node_modules/@microsoft/sarif-multitool-" + platform);
    multitool =
        toolDir.resolve(platform.equals("win32") ? "Sarif.Multitool.exe" : "Sarif.Multitool");
    if (!Files.isRegularFile(multitool)) {
      String why =
          "SARIF Multitool not found at "
              + multitool
              + "; run scripts/install-test-deps"
              + " (npm install --prefix target/tools/sarif @microsoft/sarif-multitool@5.7.0)";
      if ("true".equals(System.getenv("CI"))) {
        fail(why);
      }
      System.err.println("SKIPPED: " + why);
      Assumptions.abort(why);
    }
    if (!Files.isExecutable(multitool)) {
      assertTrue(
          multitool.toFile().setExecutable(true), "cannot make " + multitool + " executable");
    }
  }

  private static String platform() {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    if (os.contains("win")) {
      return "win32";
    }
    return os.contains("mac") ? "darwin" : "linux";
  }

  /**
   * Findings with and without locations, waived and not, every severity, and awkward characters.
   */
  static Report combined() {
    List<Finding> findings = new ArrayList<>();
    List<DeviceStatus> devices = new ArrayList<>();
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      findings.addAll(s.report().findings());
      devices.addAll(s.report().devices());
    }
    return Report.of(
        ReportFixtures.VERSION,
        "drift",
        ReportFixtures.INVENTORY,
        findings,
        devices,
        ReportFixtures.rules());
  }

  /** One validator run over every log (the tool takes seconds to start), kept per file name. */
  private Map<String, List<Issue>> validateAll() throws Exception {
    if (issuesByFile == null) {
      Map<String, String> logs = new TreeMap<>();
      logs.put("weft", sarif(combined()));
      for (ReportFixtures.Scenario s : ReportFixtures.all()) {
        logs.put(s.name(), sarif(s.report()));
      }
      logs.put("broken", BROKEN);
      issuesByFile = validate(logs);
    }
    return issuesByFile;
  }

  private Map<String, List<Issue>> issuesByFile;

  /**
   * A log with two errors the validator must catch: a driver without a name, a dangling ruleIndex.
   */
  private static final String BROKEN =
      """
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"rules": []}},
              "results": [{"ruleId": "x", "ruleIndex": 3, "message": {"text": "m"}}]}]}
            """;

  @Test
  void multitoolFindsNoErrorInOurSarif() throws Exception {
    Report report = combined();
    assertTrue(
        report.findings().stream().anyMatch(Finding::waived), "fixture has a waived finding");
    assertTrue(
        report.findings().stream().anyMatch(f -> f.location() == null),
        "fixture has a finding without location");

    List<Issue> issues = validateAll().getOrDefault("weft", List.of());

    List<Issue> errors = issues.stream().filter(i -> i.level().equals("error")).toList();
    assertEquals(List.of(), errors, "SARIF Multitool errors");
    List<Issue> unexpected =
        issues.stream()
            .filter(i -> i.level().equals("warning") && !ACCEPTED_WARNINGS.contains(i.ruleId()))
            .toList();
    assertEquals(List.of(), unexpected, "SARIF Multitool warnings outside " + ACCEPTED_WARNINGS);
    assertTrue(
        issues.stream().anyMatch(i -> i.level().equals("note")),
        "the validator's notes (e.g. SARIF2002) show its rules ran on this file");
  }

  @Test
  void multitoolFindsNoErrorInAnyGoldenSarif() throws Exception {
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      List<Issue> errors =
          validateAll().getOrDefault(s.name(), List.of()).stream()
              .filter(i -> i.level().equals("error"))
              .toList();
      assertEquals(List.of(), errors, "SARIF Multitool errors for " + s.name());
    }
  }

  /** Proves the harness can fail: the broken log's errors come back. */
  @Test
  void multitoolReportsErrorsInABrokenLog() throws Exception {
    List<String> errorRules =
        validateAll().getOrDefault("broken", List.of()).stream()
            .filter(i -> i.level().equals("error"))
            .map(Issue::ruleId)
            .toList();
    assertTrue(
        errorRules.contains("JSON1002"), "missing driver.name must be reported: " + errorRules);
  }

  @Test
  void schemaShippedWithTheValidatorAcceptsOurSarif() throws Exception {
    Schema schema = sarifSchema();
    assertEquals(List.of(), messages(schema.validate(sarif(combined()), InputFormat.JSON)));
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      assertEquals(
          List.of(), messages(schema.validate(sarif(s.report()), InputFormat.JSON)), s.name());
    }
  }

  /** The schema catches what the Multitool lets through (it ignores an unknown enum value). */
  @Test
  void schemaRejectsAnUnknownLevel() throws Exception {
    String bad =
        sarif(ReportFixtures.multi()).replaceFirst("\"level\": \"error\"", "\"level\": \"fatal\"");
    List<String> errors = messages(sarifSchema().validate(bad, InputFormat.JSON));
    assertFalse(errors.isEmpty(), "level 'fatal' must not validate");
  }

  private Schema sarifSchema() throws IOException {
    Path file = toolDir.resolve("sarif-2.1.0.json");
    assertTrue(Files.isRegularFile(file), "the npm package ships the schema at " + file);
    // Every $ref in this schema is local ('#/definitions/...'), so nothing is fetched.
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    return registry.getSchema(Files.readString(file, StandardCharsets.UTF_8), InputFormat.JSON);
  }

  private static List<String> messages(List<com.networknt.schema.Error> errors) {
    return errors.stream().map(Object::toString).toList();
  }

  static String sarif(Report report) throws IOException {
    StringWriter out = new StringWriter();
    Reporters.forFormat("sarif").write(report, out);
    return out.toString();
  }

  record Issue(String ruleId, String level, String where, String message) {}

  /**
   * Runs {@code Sarif.Multitool validate} once on every log ({@code name → text}) and returns the
   * results of its own SARIF output, grouped by the name of the log they are about.
   */
  private Map<String, List<Issue>> validate(Map<String, String> logs) throws Exception {
    Path work = Golden.projectDir().resolve("target/sarif-validator");
    Path inputs = work.resolve("in");
    Files.createDirectories(inputs);
    try (var old = Files.list(inputs)) {
      for (Path p : old.toList()) {
        Files.delete(p);
      }
    }
    for (Map.Entry<String, String> log : logs.entrySet()) {
      Files.writeString(
          inputs.resolve(log.getKey() + ".sarif"), log.getValue(), StandardCharsets.UTF_8);
    }
    Path output = work.resolve("validation.sarif");
    Path console = work.resolve("console.txt");
    Files.deleteIfExists(output);
    Path config = Golden.projectDir().resolve("src/test/resources/sarif/validator-config.xml");

    List<String> command = new ArrayList<>(List.of(multitool.toString(), "validate"));
    for (String name : logs.keySet()) {
      command.add(inputs.resolve(name + ".sarif").toString());
    }
    command.addAll(
        List.of(
            "--output",
            output.toString(),
            "--log",
            "ForceOverwrite;PrettyPrint",
            "--level",
            "Error;Warning;Note",
            "--rule-kind",
            "Sarif;Gh",
            "--config",
            config.toString()));
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile());
    Map<String, String> env = pb.environment();
    env.put("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1"); // no ICU needed
    env.put("DOTNET_CLI_TELEMETRY_OPTOUT", "1");
    Process p = pb.start();
    // A guard against a hung child, not a timing assertion: validation takes seconds.
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      fail("SARIF Multitool did not finish; console: " + console);
    }
    String consoleText = Files.readString(console, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "SARIF Multitool exit code; console:\n" + consoleText);
    assertTrue(
        Files.isRegularFile(output), "SARIF Multitool wrote no output; console:\n" + consoleText);
    assertTrue(
        consoleText.contains(logs.size() + " files scanned"),
        "every log was scanned; console:\n" + consoleText);

    JsonNode run = JSON.readTree(output.toFile()).get("runs").get(0);
    assertEquals("Sarif.Multitool", run.get("tool").get("driver").get("name").asString());
    assertTrue(
        run.get("invocations").get(0).get("executionSuccessful").asBoolean(),
        "validation run failed; console:\n" + consoleText);
    Map<String, List<Issue>> byFile = new TreeMap<>();
    JsonNode results = run.get("results");
    if (results != null) {
      for (JsonNode r : results) {
        String uri =
            r.get("locations")
                .get(0)
                .get("physicalLocation")
                .get("artifactLocation")
                .get("uri")
                .asString();
        String file = uri.substring(uri.lastIndexOf('/') + 1).replaceFirst("\\.sarif$", "");
        String level = r.has("level") ? r.get("level").asString() : "warning";
        JsonNode props = r.get("properties");
        String where =
            props != null && props.has("jsonPath") ? props.get("jsonPath").asString() : "";
        JsonNode args = r.get("message").get("arguments");
        byFile
            .computeIfAbsent(file, k -> new ArrayList<>())
            .add(
                new Issue(
                    r.get("ruleId").asString(), level, where, args == null ? "" : args.toString()));
      }
    }
    return byFile;
  }
}
