package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** JUnit XML parses with a hardened JDK parser, counts match the test cases, names are unique. */
class JUnitReporterTest {

  static Document parse(Report report) throws Exception {
    StringWriter out = new StringWriter();
    Reporters.forFormat("junit").write(report, out);
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    return f.newDocumentBuilder().parse(new InputSource(new StringReader(out.toString())));
  }

  private static List<Element> elements(Document doc, String tag) {
    NodeList nodes = doc.getElementsByTagName(tag);
    List<Element> list = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      list.add((Element) nodes.item(i));
    }
    return list;
  }

  @Test
  void countsMatchTheTestCasesInEveryScenario() throws Exception {
    for (ReportFixtures.Scenario s : ReportFixtures.all()) {
      Document doc = parse(s.report());
      List<Element> suites = elements(doc, "testsuite");
      assertEquals(1, suites.size(), "one testsuite per command: " + s.name());
      Element suite = suites.get(0);
      assertEquals("weft " + s.report().command(), suite.getAttribute("name"));
      List<Element> cases = elements(doc, "testcase");
      assertEquals(cases.size(), Integer.parseInt(suite.getAttribute("tests")), s.name());
      assertEquals(
          elements(doc, "failure").size(),
          Integer.parseInt(suite.getAttribute("failures")),
          s.name());
      assertEquals(
          elements(doc, "skipped").size(),
          Integer.parseInt(suite.getAttribute("skipped")),
          s.name());
      Set<String> names = new HashSet<>();
      for (Element c : cases) {
        assertTrue(
            names.add(c.getAttribute("classname") + "#" + c.getAttribute("name")),
            "duplicate test case " + c.getAttribute("name") + " in " + s.name());
      }
    }
  }

  @Test
  void oneCasePerRuleAndDeviceOrFile() throws Exception {
    Document doc = parse(ReportFixtures.noLocation());
    List<String> names =
        elements(doc, "testcase").stream().map(e -> e.getAttribute("name")).toList();
    // Two drift-pfc findings on leaf-01 share a case; the unreachable spine has its own.
    assertEquals(List.of("device-unreachable spine-02", "drift-pfc leaf-01"), names);
    Element failure = elements(doc, "failure").get(1);
    assertEquals("error", failure.getAttribute("type"), "a case fails with its worst severity");
    assertTrue(failure.getTextContent().contains("runs PFC on priorities [3,4]"));
    assertTrue(failure.getTextContent().contains("PFC watchdog of 400ms"));

    List<String> multi =
        elements(parse(ReportFixtures.multi()), "testcase").stream()
            .map(e -> e.getAttribute("name"))
            .toList();
    assertTrue(
        multi.contains("schema inventories/roce-pod-a/fabric.yaml"),
        "a finding without device uses its file: " + multi);
  }

  @Test
  void waivedOnlyCasesAreSkippedWithTheReason() throws Exception {
    Document doc = parse(ReportFixtures.waived());
    Element skipped = elements(doc, "skipped").get(0);
    assertEquals("mtu-mismatch leaf-02", ((Element) skipped.getParentNode()).getAttribute("name"));
    assertTrue(skipped.getAttribute("message").contains("NET-1234"));
  }

  @Test
  void emptyReportStillHasOnePassingCase() throws Exception {
    Document doc = parse(ReportFixtures.empty());
    assertEquals(1, elements(doc, "testcase").size());
    assertEquals(0, elements(doc, "failure").size());
  }

  @Test
  void markupAndLineBreaksSurviveParsing() throws Exception {
    Report report = ReportFixtures.escaping();
    Document doc = parse(report);
    Element failure = elements(doc, "failure").get(0);
    String message = report.findings().get(0).message();
    // XML 1.0 cannot carry ESC (U+001B), so it is shown as text; everything else survives exactly.
    assertEquals(message.replace("\u001b", "\\u001b"), failure.getAttribute("message"));
    assertTrue(failure.getTextContent().contains("<b>bold</b>"));
    Element skipped = elements(doc, "skipped").get(0);
    assertEquals(
        "waived: because <reasons> & \"quotes\"\nsecond line", skipped.getAttribute("message"));
    assertEquals(
        "pfc-priority-mismatch leaf-<1>", ((Element) failure.getParentNode()).getAttribute("name"));
  }
}
