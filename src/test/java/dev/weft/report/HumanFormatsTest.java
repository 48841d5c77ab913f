package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;

/** Text, Markdown and HTML: one line per finding, no injected markup, no raw control characters. */
class HumanFormatsTest {

  private static String render(String format, Report report) throws Exception {
    StringWriter out = new StringWriter();
    Reporters.forFormat(format).write(report, out);
    return out.toString();
  }

  @Test
  void textHasOneLinePerFindingThenTheSummary() throws Exception {
    Report report = ReportFixtures.multi();
    List<String> lines = render("text", report).lines().toList();
    assertEquals(report.findings().size() + 1, lines.size());
    assertEquals(
        "inventories/roce-pod-a/switches.yaml:41:9: error [pfc-priority-mismatch] leaf-03 Ethernet12 enables"
            + " PFC on priorities [3,4] but the fabric's lossless priorities are [3] (leaf-03 Ethernet12)",
        lines.get(3));
    assertEquals(
        "weft validate inventories/roce-pod-a: 2 errors, 1 warning, 1 info, 0 waived",
        lines.get(4));
  }

  @Test
  void textNamesTheDeviceWhenThereIsNoFile() throws Exception {
    List<String> lines = render("text", ReportFixtures.noLocation()).lines().toList();
    assertTrue(
        lines.contains(
            "leaf-01 Ethernet0: error [drift-pfc] leaf-01 Ethernet0 runs PFC on priorities [3,4]; intent says [3]"),
        String.join("\n", lines));
  }

  @Test
  void textNeverEmitsRawControlCharacters() throws Exception {
    Report report = ReportFixtures.escaping();
    String text = render("text", report);
    assertEquals(
        report.findings().size() + report.devices().size() + 1, text.lines().count(), text);
    assertFalse(
        text.chars().anyMatch(c -> c < 0x20 && c != '\n'),
        "no ESC, tab or CR reaches the terminal");
    assertTrue(text.contains("\\u001b[31m"));
    assertTrue(text.contains("[waived: because <reasons>"));
  }

  @Test
  void markdownEscapesMarkupAndKeepsTableRowsIntact() throws Exception {
    String md = render("markdown", ReportFixtures.escaping());
    assertFalse(md.contains("<b>"), "HTML from a message must not reach the comment");
    assertTrue(md.contains("&lt;b&gt;bold&lt;/b&gt;"));
    long rows =
        md.lines()
            .filter(l -> l.startsWith("| error | `") || l.startsWith("| waived warning | `"))
            .count();
    assertEquals(2, rows, md);
    for (String line : md.lines().filter(l -> l.startsWith("| ")).toList()) {
      assertTrue(line.endsWith(" |"), "table row stays on one line: " + line);
    }
  }

  @Test
  void markdownShowsFileAndLine() throws Exception {
    assertTrue(
        render("markdown", ReportFixtures.multi())
            .contains("`inventories/roce-pod-a/switches.yaml:41 (leaf-03 Ethernet12)`"));
  }

  @Test
  void htmlIsWellFormedAndEscaped() throws Exception {
    String html = render("html", ReportFixtures.escaping());
    assertFalse(html.contains("<b>bold"));
    assertFalse(html.contains("<script"), "no script, so nothing from a message can run");
    // Parse the body as XML (the page is written as well-formed XHTML-compatible markup).
    String body = html.substring(html.indexOf("<body>"), html.indexOf("</html>"));
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    var doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(body)));
    assertTrue(doc.getDocumentElement().getTextContent().contains("say \"hi\" & <b>bold</b>"));
  }
}
