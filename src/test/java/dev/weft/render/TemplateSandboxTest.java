package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each way a template can misbehave fails the render with one located line, never a stack trace.
 */
class TemplateSandboxTest {
  @TempDir Path dir;

  private static final Map<String, Object> DATA =
      Map.of(
          "name", "leaf-01",
          "ports", List.of(Map.of("name", "Ethernet0"), Map.of("name", "Ethernet8")),
          "m", Map.of("b", 2, "a", 1));

  private TemplateEngine.Outcome render(String template) throws IOException {
    return render(template, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES);
  }

  private TemplateEngine.Outcome render(String template, long cap) throws IOException {
    Files.writeString(dir.resolve("t.j2"), template);
    return new TemplateEngine(TemplateFolders.withOverrides(dir), cap).render("t.j2", DATA);
  }

  private static TemplateProblem onlyProblem(TemplateEngine.Outcome outcome) {
    assertFalse(outcome.ok(), "expected the render to fail");
    assertEquals("", outcome.text(), "a failed render must not hand out half a file");
    TemplateProblem problem = outcome.problems().get(0);
    assertFalse(problem.message().contains("\n"), "one line: " + problem.message());
    assertFalse(problem.message().contains("\tat "), "no stack trace: " + problem.message());
    return problem;
  }

  @Test
  void rendersPlainDataWithLoopsAndFilters() throws IOException {
    TemplateEngine.Outcome out =
        render(
            "{% for p in ports %}{{ loop.index }}={{ p.name }}{% if not loop.last %},{% endif %}{% endfor %}"
                + " {% for k, v in m|dictsort %}{{ k }}{{ v }}{% endfor %} {{ ports|map(attribute='name')|join('+') }}");
    assertTrue(out.ok(), out.problems().toString());
    // lstrip_blocks eats the blank before a block tag, as in Jinja with lstrip_blocks on.
    assertEquals("1=Ethernet0,2=Ethernet8a1b2 Ethernet0+Ethernet8", out.text());
  }

  /**
   * The resolver reads loop properties and present map keys directly; the answers must not change.
   */
  @Test
  void loopPropertiesAndMapKeysReadAsJinjaDefinesThem() throws IOException {
    TemplateEngine.Outcome out =
        render(
            "{% for p in ports %}[{{ loop.index }} {{ loop.index0 }} {{ loop.first }}"
                + " {{ loop.last }} {{ loop.length }} {{ loop.revindex }} {{ loop.revindex0 }} {{ p['name'] }}]{% endfor %}"
                + " {{ m.a }}{{ m['b'] }}{{ 'x' if m.c is defined else 'y' }}");
    assertTrue(out.ok(), out.problems().toString());
    assertEquals(
        "[1 0 true false 2 2 1 Ethernet0][2 1 false true 2 1 0 Ethernet8] 12y", out.text());
    TemplateProblem missing = onlyProblem(render("{{ m.zzz }}"));
    assertTrue(missing.message().contains("zzz"), missing.message());
  }

  @Test
  void undefinedVariableFailsWithFileAndLine() throws IOException {
    TemplateProblem p = onlyProblem(render("line one\n{{ name }}\n{{ hostnmae }}\n"));
    assertTrue(p.template().endsWith("t.j2"), p.template());
    assertEquals(3, p.line());
    assertTrue(p.message().contains("hostnmae"), p.message());
  }

  @Test
  void errorInAnIncludedTemplateNamesThatTemplateAndLine() throws IOException {
    Files.createDirectories(dir.resolve("common"));
    Files.writeString(
        dir.resolve("common/ports.j2"),
        "{% for p in ports %}\n{{ p.name }}\n{{ p.speeed }}\n{% endfor %}\n");
    TemplateProblem p =
        onlyProblem(render("header\n{% include \"common/ports.j2\" %}\nfooter {{ name }}\n"));
    assertTrue(p.template().endsWith("common/ports.j2"), p.toString());
    assertEquals(3, p.line());
  }

  @Test
  void linesAreFileLinesAfterTrimmedBlockTags() throws IOException {
    // Jinjava's own count skips the newline trim_blocks removes after each block tag.
    record Case(String template, int line) {}
    for (Case c :
        List.of(
            new Case(
                "{% if true %}\na\n{% endif %}\n{% if true %}\nb\n{% endif %}\n{{ nope }}\n", 7),
            new Case("{% for p in ports %}\n{{ p.name }}\n{{ p.speeed }}\n{% endfor %}\n", 3),
            new Case("{% for p in ports %}{{ p.name }}\n{{ p.speeed }}\n{% endfor %}\n", 2),
            new Case("{#- a comment\n   on two lines -#}\n{% set x = 1 %}\n{{ nope }}\n", 4),
            new Case("a\n{% set x = 1 %}\n\n{{ m.getClass() }}\n", 4))) {
      assertEquals(c.line(), onlyProblem(render(c.template())).line(), c.template());
    }
  }

  @Test
  void undefinedKeyOfAMapFails() throws IOException {
    TemplateProblem p = onlyProblem(render("a\n{{ m.c }}"));
    assertEquals(2, p.line());
    assertTrue(p.message().contains("m.c"), p.message());
  }

  @Test
  void includeCannotLeaveTheTemplatesFolder() throws IOException {
    Files.writeString(dir.resolve("inside.j2"), "fine");
    assertTrue(render("{% include \"inside.j2\" %}").ok());
    for (String escape :
        List.of(
            "../../etc/passwd",
            "/etc/passwd",
            "sub/../../x",
            "..\\..\\etc\\passwd",
            "file:/etc/passwd")) {
      TemplateProblem p =
          onlyProblem(render("x\n{% include \"" + escape.replace("\\", "\\\\") + "\" %}\n"));
      assertEquals(2, p.line(), escape);
      assertFalse(p.message().contains("root:"), "file content leaked: " + p.message());
    }
  }

  @Test
  void symbolicLinkOutOfTheFolderIsRefused() throws IOException {
    Path outside = Files.createTempFile("weft-secret", ".txt");
    try {
      Files.writeString(outside, "secret");
      Files.createSymbolicLink(dir.resolve("link.j2"), outside);
      TemplateProblem p = onlyProblem(render("{% include \"link.j2\" %}"));
      assertTrue(p.message().contains("leaves the templates folder"), p.message());
    } finally {
      Files.deleteIfExists(outside);
    }
  }

  @Test
  void javaMethodCallsAreRefused() throws IOException {
    for (String call :
        List.of(
            "{{ m.getClass() }}",
            "{{ ''.getClass().forName('java.lang.Runtime') }}",
            "{{ name.getClass().getClassLoader() }}",
            "{{ m.items() }}",
            "{{ ports.size() }}",
            "{{ 'abc'.class }}",
            "{{ loop.getClass() }}",
            "{{ name|attr('class') }}",
            "{{ name|attr('bytes') }}",
            "{{ (ports|first).getClass() }}")) {
      TemplateEngine.Outcome out = render("a\n" + call + "\n");
      TemplateProblem p = onlyProblem(out);
      assertTrue(
          p.message().contains("not allowed") || p.message().contains("Unknown token"),
          call + ": " + p.message());
    }
  }

  @Test
  void syntaxErrorsAreLocated() throws IOException {
    TemplateProblem unclosed = onlyProblem(render("a\nb\n{% if name %}\nnever closed\n"));
    assertEquals(3, unclosed.line());
    TemplateProblem badExpression = onlyProblem(render("a\n{{ 1 + }}\n"));
    assertEquals(2, badExpression.line());
  }

  @Test
  void outputIsCapped() throws IOException {
    TemplateProblem p =
        onlyProblem(render("{% for i in range(5000) %}0123456789{% endfor %}", 10_000));
    assertTrue(p.message().contains("10000"), p.message());
  }

  @Test
  void runawayMacroRecursionFails() throws IOException {
    onlyProblem(render("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}"));
  }

  @Test
  void clockAndRandomFunctionsAreOff() throws IOException {
    TemplateEngine.Outcome shuffled = render("{{ ports|shuffle }}");
    TemplateEngine.Outcome clock = render("{{ unixtimestamp() }}");
    onlyProblem(shuffled);
    onlyProblem(clock);
  }

  @Test
  void userFolderOverridesBuiltInByRelativePath() throws Exception {
    Files.createDirectories(dir.resolve("sonic"));
    Files.writeString(dir.resolve("sonic/config_db.json.j2"), "{\"OVERRIDDEN\": \"{{ name }}\"}");
    TemplateFolders folders = TemplateFolders.withOverrides(dir);
    assertTrue(folders.read("sonic/config_db.json.j2").text().contains("OVERRIDDEN"));
    // Files the user did not override still come from the built-in templates.
    assertEquals(
        "templates/sonic/manifest.properties", folders.read("sonic/manifest.properties").shownAs());
  }
}
