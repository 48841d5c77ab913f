package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.weft.finding.DeviceStatus;
import dev.weft.testing.Golden;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every format × every fixture against its golden file, and the same bytes whatever the input
 * order.
 */
class ReportersGoldenTest {

  private static final Map<String, String> EXTENSIONS =
      Map.of(
          "text",
          "txt",
          "json",
          "json",
          "sarif",
          "sarif.json",
          "junit",
          "junit.xml",
          "markdown",
          "md",
          "html",
          "html");

  static String render(String format, Report report) throws IOException {
    StringWriter out = new StringWriter();
    Reporters.forFormat(format).write(report, out);
    return out.toString();
  }

  @TestFactory
  Stream<DynamicTest> everyFormatMatchesItsGolden() {
    List<DynamicTest> tests = new ArrayList<>();
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      for (String format : Reporters.FORMATS) {
        String file = s.name() + "." + EXTENSIONS.get(format);
        tests.add(
            dynamicTest(
                file, () -> Golden.assertMatches("report", file, render(format, s.report()))));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> outputDoesNotDependOnInputOrder() {
    List<DynamicTest> tests = new ArrayList<>();
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      Report r = s.report();
      List<dev.weft.finding.Finding> findings = new ArrayList<>(r.findings());
      Collections.reverse(findings);
      List<DeviceStatus> devices = new ArrayList<>(r.devices());
      Collections.reverse(devices);
      List<RuleInfo> rules = new ArrayList<>(r.rules().values());
      Collections.reverse(rules);
      Report reversed =
          Report.of(r.version(), r.command(), r.inventory(), findings, devices, rules);
      for (String format : Reporters.FORMATS) {
        tests.add(
            dynamicTest(
                s.name() + " " + format,
                () -> assertEquals(render(format, r), render(format, reversed))));
      }
    }
    return tests.stream();
  }
}
