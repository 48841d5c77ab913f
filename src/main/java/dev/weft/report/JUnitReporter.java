package dev.weft.report;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --format junit}: one {@code <testsuite>} for the command and one {@code <testcase>} per
 * (rule, subject), where the subject is the device when the finding names one, else the file, else
 * the inventory, so a CI test view lists "pfc-watchdog-disabled on leaf-03" as its own failing
 * test. Names are {@code rule subject}, unique and stable across runs. A test case fails exactly
 * when one of its findings fails the run at {@code --fail-on} (so the failure count agrees with the
 * exit code), with every message in its body; one with findings below the threshold passes and
 * lists them in {@code system-out}; one whose findings are all waived is skipped with the reasons.
 * A report with no findings has one passing test case, so CI sees that the check ran. The suite's
 * timestamp, time and run properties (command line, inventory commit) come from the run when the
 * report has one.
 */
final class JUnitReporter implements Reporter {

  @Override
  public void write(Report report, Writer out) throws IOException {
    Map<String, List<Finding>> cases = new TreeMap<>();
    for (Finding f : report.findings()) {
      cases.computeIfAbsent(f.rule() + " " + subject(f, report), k -> new ArrayList<>()).add(f);
    }
    int failures = 0;
    int skipped = 0;
    for (List<Finding> group : cases.values()) {
      if (group.stream().anyMatch(report::failing)) {
        failures++;
      } else if (group.stream().allMatch(Finding::waived)) {
        skipped++;
      }
    }
    int tests = Math.max(1, cases.size());
    String suite = report.tool() + " " + report.command();
    String className = report.tool() + "." + report.command();

    StringBuilder b = new StringBuilder();
    b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    b.append("<testsuites name=\"")
        .append(Xml.attr(report.tool()))
        .append("\" tests=\"")
        .append(tests)
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"0\" skipped=\"")
        .append(skipped)
        .append("\">\n");
    RunInfo run = report.run();
    b.append("  <testsuite name=\"")
        .append(Xml.attr(suite))
        .append("\" tests=\"")
        .append(tests)
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"0\" skipped=\"")
        .append(skipped)
        .append("\" time=\"")
        .append(run == null ? "0" : run.durationSeconds())
        .append('"');
    if (run != null) {
      // JUnit's timestamp is an ISO date-time without a zone; Weft's is UTC
      b.append(" timestamp=\"")
          .append(
              java.time.LocalDateTime.ofInstant(run.started(), java.time.ZoneOffset.UTC)
                  .withNano(0))
          .append('"');
    }
    b.append(">\n");
    b.append("    <properties>\n");
    property(b, "inventory", report.inventory());
    property(b, "version", report.version());
    property(b, "fail-on", report.failOn().name().toLowerCase(java.util.Locale.ROOT));
    if (run != null) {
      property(b, "started", run.started().toString());
      property(b, "command-line", run.commandLine());
      if (run.inventoryCommit() != null) {
        property(b, "inventory-commit", run.inventoryCommit());
      }
    }
    b.append("    </properties>\n");
    if (cases.isEmpty()) {
      b.append("    <testcase classname=\"")
          .append(Xml.attr(className))
          .append("\" name=\"")
          .append(Xml.attr(report.command() + " " + report.inventory()))
          .append("\" time=\"0\"/>\n");
    }
    for (Map.Entry<String, List<Finding>> c : cases.entrySet()) {
      testCase(b, className, c.getKey(), c.getValue(), report);
    }
    b.append("  </testsuite>\n");
    b.append("</testsuites>\n");
    out.write(b.toString());
  }

  private static void testCase(
      StringBuilder b, String className, String name, List<Finding> group, Report report) {
    b.append("    <testcase classname=\"")
        .append(Xml.attr(className))
        .append("\" name=\"")
        .append(Xml.attr(name))
        .append("\" time=\"0\">\n");
    List<Finding> failing = group.stream().filter(report::failing).toList();
    List<Finding> open = group.stream().filter(f -> !f.waived()).toList();
    if (failing.isEmpty() && !open.isEmpty()) {
      // below --fail-on: the test passes, and its findings are still there to read
      b.append("      <system-out>")
          .append(Xml.text(body(group, report)))
          .append("</system-out>\n");
    } else if (failing.isEmpty()) {
      List<String> reasons =
          group.stream()
              .map(Finding::waiverReason)
              .filter(java.util.Objects::nonNull)
              .distinct()
              .toList();
      String message = reasons.isEmpty() ? "waived" : "waived: " + String.join("; ", reasons);
      b.append("      <skipped message=\"").append(Xml.attr(message)).append("\"/>\n");
    } else {
      Severity worst = failing.stream().map(Finding::severity).min(Enum::compareTo).orElseThrow();
      String message =
          failing.size() == 1 ? failing.get(0).message() : failing.size() + " findings";
      b.append("      <failure type=\"")
          .append(worst.label())
          .append("\" message=\"")
          .append(Xml.attr(message))
          .append("\">");
      b.append(Xml.text(body(group, report))).append("</failure>\n");
    }
    b.append("    </testcase>\n");
  }

  private static String body(List<Finding> group, Report report) {
    StringBuilder body = new StringBuilder();
    for (Finding f : group) {
      body.append(Places.where(f, report))
          .append(": ")
          .append(f.severity().label())
          .append(f.waived() ? " (waived)" : "")
          .append(' ')
          .append(f.message())
          .append('\n');
    }
    return body.toString();
  }

  private static void property(StringBuilder b, String name, String value) {
    b.append("      <property name=\"")
        .append(Xml.attr(name))
        .append("\" value=\"")
        .append(Xml.attr(value))
        .append("\"/>\n");
  }

  private static String subject(Finding f, Report report) {
    if (f.device() != null) {
      return f.device();
    }
    return f.location() != null ? f.location().file() : report.inventory();
  }
}
