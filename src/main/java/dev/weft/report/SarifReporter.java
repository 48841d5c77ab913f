package dev.weft.report;

import dev.weft.finding.Finding;
import dev.weft.json.JsonWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --format sarif}: SARIF 2.1.0 that validates against the OASIS schema and is accepted by
 * GitHub code scanning.
 *
 * <p>Choices that matter to consumers:
 *
 * <ul>
 *   <li>URIs are repository-relative with {@code uriBaseId %SRCROOT%}; {@code originalUriBaseIds}
 *       names the base without an absolute URI, so the file has no machine path and stays
 *       byte-identical.
 *   <li>{@code rules[]} has one entry per rule used, sorted by id, each with the short description,
 *       full description and help text GitHub requires; {@code ruleIndex} points into it.
 *   <li>GitHub rejects the whole upload if any result lacks a physical location, so a finding with
 *       no intent line is anchored at the inventory directory, and its device and port go in a
 *       logical location.
 *   <li>Waived findings go out with an {@code external} suppression (the waiver lives in intent,
 *       not at the line) whose justification is the waiver's reason.
 *   <li>The run's start and end time, command line and exit code are in {@code invocations[0]}; the
 *       Weft version, the {@code --fail-on} threshold and the inventory's commit in the run's
 *       {@code properties}.
 * </ul>
 */
final class SarifReporter implements Reporter {

  static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  static final String SRCROOT = "%SRCROOT%";

  private final String informationUri;

  /**
   * @param informationUri the tool's home page for {@code tool.driver.informationUri}, or null to
   *     omit it
   */
  SarifReporter(String informationUri) {
    this.informationUri = informationUri;
  }

  @Override
  public void write(Report report, Writer out) throws IOException {
    out.append(JsonWriter.write(tree(report), JsonWriter.Style.REPORT));
  }

  Map<String, Object> tree(Report report) {
    List<String> ruleIds = report.usedRuleIds();

    Map<String, Object> driver = new LinkedHashMap<>();
    driver.put("name", report.tool());
    driver.put("version", report.version());
    driver.put("semanticVersion", report.version());
    if (informationUri != null) {
      driver.put("informationUri", informationUri);
    }
    List<Object> rules = new ArrayList<>();
    for (String id : ruleIds) {
      rules.add(rule(report.rule(id)));
    }
    driver.put("rules", rules);

    List<Object> results = new ArrayList<>();
    for (Finding f : report.findings()) {
      results.add(result(f, ruleIds.indexOf(f.rule()), report));
    }

    Map<String, Object> run = new LinkedHashMap<>();
    run.put("tool", Map.of("driver", driver));
    run.put("automationDetails", Map.of("id", report.tool() + "/" + report.command() + "/"));
    run.put(
        "originalUriBaseIds",
        Map.of(
            SRCROOT,
            Map.of(
                "description", text("The root of the Git repository that holds the inventory."))));
    run.put("columnKind", "unicodeCodePoints");
    if (report.run() != null || !report.notes().isEmpty()) {
      run.put("invocations", List.of(invocation(report)));
    }
    run.put("results", results);
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("weftVersion", report.version());
    properties.put("command", report.command());
    properties.put("inventory", report.inventory());
    properties.put("failOn", report.failOn().name().toLowerCase(java.util.Locale.ROOT));
    if (report.run() != null && report.run().inventoryCommit() != null) {
      properties.put("inventoryCommit", report.run().inventoryCommit());
    }
    run.put("properties", properties);

    Map<String, Object> root = new LinkedHashMap<>();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    root.put("runs", List.of(run));
    return root;
  }

  /**
   * The run as SARIF sees it: start and end time, the command line, the exit code (which follows
   * {@code --fail-on}), and the run's notes as tool notifications.
   */
  private static Map<String, Object> invocation(Report report) {
    Map<String, Object> inv = new LinkedHashMap<>();
    RunInfo info = report.run();
    if (info != null) {
      inv.put("commandLine", info.commandLine());
      inv.put("startTimeUtc", info.started().toString());
      inv.put("endTimeUtc", info.ended().toString());
    }
    inv.put("exitCode", report.exitCode());
    inv.put("executionSuccessful", true);
    if (!report.notes().isEmpty()) {
      List<Object> notes = new ArrayList<>();
      for (String n : report.notes()) {
        notes.add(Map.of("level", "note", "message", text(n)));
      }
      inv.put("toolExecutionNotifications", notes);
    }
    return inv;
  }

  private static Map<String, Object> rule(RuleInfo info) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("id", info.id());
    r.put("name", friendlyName(info.id()));
    r.put("shortDescription", text(info.title()));
    r.put("fullDescription", text(info.fullDescription()));
    r.put("help", text(info.help()));
    if (info.helpUri() != null) {
      r.put("helpUri", info.helpUri());
    }
    return r;
  }

  private static Map<String, Object> result(Finding f, int ruleIndex, Report report) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("ruleId", f.rule());
    r.put("ruleIndex", ruleIndex);
    r.put("level", level(f));
    r.put("message", text(f.message()));

    Map<String, Object> artifact = new LinkedHashMap<>();
    Map<String, Object> physical = new LinkedHashMap<>();
    physical.put("artifactLocation", artifact);
    if (f.location() != null) {
      artifact.put("uri", uri(f.location().file()));
      artifact.put("uriBaseId", SRCROOT);
      Map<String, Object> region = new LinkedHashMap<>();
      region.put("startLine", f.location().line());
      region.put("startColumn", f.location().column());
      physical.put("region", region);
    } else {
      artifact.put("uri", uri(directory(report.inventory())));
      artifact.put("uriBaseId", SRCROOT);
    }
    Map<String, Object> location = new LinkedHashMap<>();
    location.put("physicalLocation", physical);
    String target = Places.target(f);
    if (target != null) {
      Map<String, Object> logical = new LinkedHashMap<>();
      logical.put("name", f.port() != null ? f.port() : f.device());
      logical.put(
          "fullyQualifiedName",
          f.device() != null && f.port() != null ? f.device() + "/" + f.port() : target);
      logical.put("kind", "resource");
      location.put("logicalLocations", List.of(logical));
    }
    r.put("locations", List.of(location));

    if (f.waived()) {
      Map<String, Object> suppression = new LinkedHashMap<>();
      suppression.put("kind", "external");
      suppression.put("status", "accepted");
      if (f.waiverReason() != null) {
        suppression.put("justification", f.waiverReason());
      }
      r.put("suppressions", List.of(suppression));
    }

    Map<String, Object> properties = new LinkedHashMap<>();
    putIfPresent(properties, "device", f.device());
    putIfPresent(properties, "port", f.port());
    putIfPresent(properties, "path", f.path());
    putIfPresent(properties, "expected", f.expected());
    putIfPresent(properties, "actual", f.actual());
    if (!properties.isEmpty()) {
      r.put("properties", properties);
    }
    return r;
  }

  /**
   * The inventory as a directory reference ({@code inventories/a/}); the repository root when it is
   * blank.
   */
  private static String directory(String inventory) {
    if (inventory.isBlank() || inventory.equals(".")) {
      return "./";
    }
    return inventory.endsWith("/") ? inventory : inventory + "/";
  }

  private static String level(Finding f) {
    return switch (f.severity()) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }

  private static Map<String, Object> text(String s) {
    return Map.of("text", s);
  }

  private static void putIfPresent(Map<String, Object> m, String key, String value) {
    if (value != null) {
      m.put(key, value);
    }
  }

  /**
   * SARIF's "friendly name": {@code pfc-priority-mismatch} → {@code PfcPriorityMismatch}. A
   * one-word id ({@code schema}) gets a {@code Rule} suffix, since a name equal to the id (case
   * aside) is a validator warning.
   */
  static String friendlyName(String id) {
    String name = pascalCase(id);
    return name.equalsIgnoreCase(id) ? name + "Rule" : name;
  }

  private static String pascalCase(String id) {
    StringBuilder b = new StringBuilder();
    boolean upper = true;
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (Character.isLetterOrDigit(c)) {
        b.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      } else {
        upper = true;
      }
    }
    return b.toString();
  }

  /**
   * A relative URI reference for a repository-relative path: every byte outside the RFC 3986
   * unreserved set and '/' is percent-encoded (UTF-8), so spaces, '#', '%' and non-ASCII names stay
   * one valid URI.
   */
  static String uri(String path) {
    StringBuilder b = new StringBuilder();
    for (byte raw : path.getBytes(StandardCharsets.UTF_8)) {
      int c = raw & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~'
          || c == '/') {
        b.append((char) c);
      } else {
        b.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return b.toString();
  }
}
