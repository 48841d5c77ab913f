package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each construct of the fast path against Jinjava alone, on small inline templates: the same text
 * and the same problems, and where the fast path is expected to render by itself, proof that it
 * did.
 */
class FastTemplateConstructTest {
  @TempDir Path dir;
  private int count;

  private static final Map<String, Object> DATA = data();

  private static Map<String, Object> data() {
    Map<String, Object> d = new TreeMap<>();
    d.put("name", "leaf-01");
    d.put("xs", List.of("a", "b", "c"));
    d.put("one", List.of("only"));
    d.put("blank", List.of());
    d.put("ints", List.of(3, 1L, 2));
    d.put("nums", List.of(3, 1, 2));
    d.put(
        "outer",
        List.of(
            Map.of("name", "p", "items", List.of(1, 2)),
            Map.of("name", "q", "items", List.of(3)),
            Map.of("name", "r", "items", List.of())));
    Map<String, Object> mixedCase = new LinkedHashMap<>();
    for (String k : List.of("b", "A", "a", "C", "10", "9", "_x", "B")) {
      mixedCase.put(k, k.toUpperCase() + "!");
    }
    d.put("dict", mixedCase);
    Map<Object, Object> mixedTypes = new LinkedHashMap<>();
    mixedTypes.put("b", 1);
    mixedTypes.put(2, 2);
    d.put("mixedkeys", mixedTypes);
    Map<Object, Object> intKeys = new LinkedHashMap<>();
    for (int k : List.of(46, 3, 26, 0)) {
      intKeys.put(k, k / 8);
    }
    d.put("intkeys", intKeys);
    List<Object> items = new ArrayList<>();
    Object[] values = {
      "",
      "false",
      "False",
      "no",
      0,
      0L,
      0.0,
      0.5,
      List.of(),
      List.of(1),
      Map.of(),
      Map.of("k", 1),
      true,
      false,
      "x"
    };
    for (int i = 0; i < values.length; i++) {
      items.add(Map.of("id", i, "x", values[i]));
    }
    items.add(Map.of("id", 99));
    d.put("items", items);
    d.put("words", List.of("spine", "Leaf", "alpha", "leaf", "Beta", "alpha"));
    d.put("mixed", List.of(1, "a"));
    d.put("d", 2.5);
    d.put("big", 1.0e10);
    d.put("small", 1.0e-5);
    d.put("f", 1.5f);
    d.put("bd", new BigDecimal("1.50"));
    d.put("yes", true);
    d.put("no", false);
    d.put("long", 12345678901L);
    d.put("ms", 200L);
    d.put("hash", List.of("src-ip", "dst-ip", "l4-src-port"));
    d.put("nested", Map.of("inner", Map.of("deep", "v")));
    d.put("strs", List.of("x", "y"));
    return java.util.Collections.unmodifiableMap(d);
  }

  /** Both paths on one template: asserts the same outcome and returns it. */
  private TemplateEngine.Outcome same(String template) throws IOException {
    return same(template, DATA, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES);
  }

  private TemplateEngine.Outcome same(String template, Map<String, Object> data, long cap)
      throws IOException {
    String name = "t" + (count++) + ".j2";
    Files.writeString(dir.resolve(name), template);
    TemplateFolders folders = TemplateFolders.withOverrides(dir);
    TemplateEngine.Outcome jinjava = new TemplateEngine(folders, cap, false).render(name, data);
    TemplateEngine.Outcome fast = new TemplateEngine(folders, cap).render(name, data);
    assertEquals(jinjava.problems(), fast.problems(), template);
    assertEquals(jinjava.text(), fast.text(), template);
    assertEquals(jinjava.included(), fast.included(), template);
    return fast;
  }

  /** Same outcome, and the fast path rendered it by itself (no fallback) with this text. */
  private void fast(String template, String expected) throws IOException {
    TemplateEngine.Outcome out = same(template);
    assertTrue(out.ok(), template + ": " + out.problems());
    assertEquals(expected, out.text(), template);
    String name = "t" + (count - 1) + ".j2";
    TemplateEngine engine = new TemplateEngine(TemplateFolders.withOverrides(dir));
    assertTrue(engine.compiledFast(name), template + " should compile");
    assertEquals(
        expected, engine.fastOnly(name, DATA), template + " should render without falling back");
  }

  /** Same outcome, through Jinjava: the fast path bailed at render time or did not compile it. */
  private TemplateEngine.Outcome fallsBack(String template) throws IOException {
    TemplateEngine.Outcome out = same(template);
    String name = "t" + (count - 1) + ".j2";
    assertNull(
        new TemplateEngine(TemplateFolders.withOverrides(dir)).fastOnly(name, DATA), template);
    return out;
  }

  @Test
  void loopVariables() throws IOException {
    String t =
        "{% for x in LIST %}[{{ loop.index }} {{ loop.index0 }} {{ loop.first }} {{ loop.last }} {{ loop.length }}"
            + " {{ loop.revindex }} {{ loop.revindex0 }} {{ x }}]{% endfor %}.";
    fast(
        t.replace("LIST", "xs"),
        "[1 0 true false 3 3 2 a][2 1 false false 3 2 1 b][3 2 false true 3 1 0 c].");
    fast(t.replace("LIST", "one"), "[1 0 true true 1 1 0 only].");
    fast(t.replace("LIST", "blank"), ".");
    fast("{% for q in range(3) %}{{ q }}{% endfor %}", "012");
    fast("{% for c in ['x', \"y\"] %}{{ c }}{% endfor %}", "xy");
  }

  @Test
  void nestedLoopsKeepEachLoopsOwnLoopVariable() throws IOException {
    fast(
        "{% for o in outer %}{{ o.name }}:{% for i in o['items'] %}{{ i }}{% if not loop.last %},{% endif %}{% endfor %}"
            + "{{ loop.index }}{% if not loop.last %};{% endif %}{% endfor %}",
        "p:1,21;q:32;r:3");
  }

  @Test
  void setIsScopedToItsLoop() throws IOException {
    fast(
        "{% set v = name %}{% for x in xs %}{% set v = x %}{{ v }}{% endfor %}={{ v }}",
        "abc=leaf-01");
    fast("{% set d2 = {\"a\": \"b\", \"c\": name} %}{{ d2['c'] }}{{ d2.a }}", "leaf-01b");
    fast("{% set name = 'over' %}{{ name }}", "over");
  }

  @Test
  void dictsortIsCaseInsensitiveByKeyAndMixedKeysFallBack() throws IOException {
    fast(
        "{% for k, v in dict|dictsort %}{{ k }}={{ v }} {% endfor %}",
        "10=10!9=9!_x=_X!A=A!a=A!b=B!B=B!C=C!");
    fast("{% for k, v in intkeys|dictsort %}{{ k }}:{{ v }};{% endfor %}", "0:0;3:0;26:3;46:5;");
    fallsBack("{% for k, v in mixedkeys|dictsort %}{{ k }}{% endfor %}");
  }

  /**
   * Names the template data does not have are undefined in Jinjava too (its global context holds
   * none).
   */
  @Test
  void namesOutsideTheDataAreUndefined() throws IOException {
    StringBuilder t = new StringBuilder();
    for (String n :
        List.of(
            "loop",
            "context",
            "self",
            "super",
            "caller",
            "varargs",
            "kwargs",
            "range",
            "namespace",
            "interpreter",
            "request",
            "fn",
            "exptest",
            "filter",
            "cycler",
            "joiner",
            "dict",
            "now",
            "today")) {
      t.append("{{ 'y' if ").append(n).append(" is defined else 'n' }}");
    }
    same(t.toString());
  }

  /**
   * Jinjava loops over a map's values, and with two variables reads bean properties: left to
   * Jinjava.
   */
  @Test
  void loopsOverAMapStayOnJinjava() throws IOException {
    assertEquals(
        "A!A!B!B!10!9!_X!C!".length(),
        fallsBack("{% for v in dict %}{{ v }}{% endfor %}").text().length());
    fallsBack("{% for k, v in dict %}[{{ k }}]{% endfor %}");
    fallsBack("{% for c in name %}{{ c }}{% endfor %}");
  }

  /**
   * Jinjava retries a missed key converted to the type of the map's keys: '3' finds the Integer key
   * 3.
   */
  @Test
  void keysOfOtherTypesAreLeftToJinjava() throws IOException {
    assertEquals("y", fallsBack("{{ 'y' if intkeys['3'] is defined else 'n' }}").text());
    assertEquals("n", fallsBack("{{ 'y' if intkeys.x is defined else 'n' }}").text());
    fast(
        "{{ 'y' if dict['zz'] is defined else 'n' }}{{ 'y' if dict.A is defined else 'n' }}", "ny");
  }

  @Test
  void selectattrWithDefinedAndTruthiness() throws IOException {
    fast(
        "{{ items|selectattr('x', 'defined')|map(attribute='id')|join(',') }}",
        "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14");
    fast("{{ items|selectattr('x')|map(attribute='id')|join(',') }}", "3,7,9,11,12,14");
    fast("{{ items|rejectattr('x')|map(attribute='id')|join(',') }}", "0,1,2,4,5,6,8,10,13,99");
    fast("{{ outer|selectattr('name', 'equalto', 'q')|map(attribute='name')|join(',') }}", "q");
    // JUEL coerces 'x' to a number to compare it with the integer items: Jinjava's error, through
    // Jinjava
    assertFalse(
        fallsBack("{{ items|selectattr('x', 'equalto', 'x')|map(attribute='id')|join(',') }}")
            .ok());
    fast("{{ items|selectattr('id', 'equalto', 3)|map(attribute='x')|join(',') }}", "no");
    fast("{% if items|selectattr('nope') %}yes{% else %}no{% endif %}", "no");
    fast("{{ items|map(attribute='nope')|join('-') }}", "-".repeat(15));
  }

  @Test
  void joinOfNumbersAndScalars() throws IOException {
    fast("{{ ints|join(',') }}|{{ ints|join }}|{{ xs|join(' ') }}", "3,1,2|312|a b c");
    fast(
        "{{ [d, big, small, f, bd, yes, long]|join(' ') }}",
        "2.5 1.0E10 1.0E-5 1.5 1.50 true 12345678901");
    fallsBack("{{ outer|join(',') }}");
  }

  @Test
  void stringFilters() throws IOException {
    fast(
        "{% for h in hash %}{{ h|upper|replace('-', '_') }} {% endfor %}",
        "SRC_IPDST_IPL4_SRC_PORT");
    // lstrip_blocks, as Jinjava does it: blanks before any tag go, not only at the start of a line
    fast(
        "{% for h in hash %}{{ h|upper|replace('-', '_') }} ,{% endfor %}",
        "SRC_IP ,DST_IP ,L4_SRC_PORT ,");
    fast(
        "{{ name|replace('', 'x') }} {{ name|replace('e', '') }} {{ long|replace('1', 'one') }}",
        "leaf-01 laf-01 one234567890one");
    fast("{{ words|unique|sort|join(',') }}", "alpha,Beta,Leaf,leaf,spine");
    fast("{{ nums|sort|join(',') }} {{ ints|list|join(',') }}", "1,2,3 3,1,2");
    assertFalse(
        fallsBack("{{ ints|sort|join(',') }}").ok(),
        "Integer and Long do not compare in Jinjava either");
    fallsBack("{{ mixed|sort|join(',') }}");
  }

  @Test
  void valuesPrintAsJinjavaPrintsThem() throws IOException {
    fast(
        "{{ d }} {{ big }} {{ small }} {{ f }} {{ bd }} {{ yes }} {{ no }} {{ long }} {{ 7 }} {{ 'lit' }}",
        "2.5 1.0E10 1.0E-5 1.5 1.50 true false 12345678901 7 lit");
    fast(
        "{{ ms / 1000 }} {{ ms / 8 }} {{ (ms + 7 - 1) // 7 }} {{ ((ms + 7) // 3)|int }} {{ name + '-x' }}",
        "0.2 25.0 29 69 leaf-01-x");
    fallsBack("{{ ms // -3 }}");
    fast("{{ d|int }} {{ long|int }}", "2 12345678901");
    // maps and lists print as Jinjava's wrappers print them: Jinjava renders those
    fallsBack("{{ xs }}");
    fallsBack("{{ nested }}");
  }

  @Test
  void conditionsTruthinessAndOperators() throws IOException {
    fast("{% if blank %}a{% elif one and not no %}b{% else %}c{% endif %}", "b");
    fast("{% if no %}a{% elif no %}b{% else %}c{% endif %}{% if yes %}T{% endif %}", "cT");
    fast(
        "{{ 'y' if nope is defined else 'n' }}{{ 'y' if nested.inner.deep is defined else 'n' }}"
            + "{{ 'y' if nested.x.deep is not defined else 'n' }}",
        "nyy");
    fast("{{ blank or 'fallback' }} {{ name or 'x' }} {{ yes and name }}", "fallback leaf-01 true");
    fast(
        "{{ name == 'leaf-01' }} {{ ms != 200 }} {{ ints[1] == 1 }} {{ 'a' if not 'false' else 'b' }}",
        "true false true a");
    fast(
        "{% set m = {\"drop\": \"drop\", \"forward\": \"notify-only\"} %}{{ m['forward'] }}",
        "notify-only");
    // Jinjava reads "x else f(" as the namespaced function x:f: not compiled, Jinjava's error stays
    assertFalse(fallsBack("{{ 'a' if yes else range(2) }}").ok());
    fast("{{ 'a' if yes else (range(2)|join) }}{{ 'a' if no else [1]|join }}", "a1");
    fast(
        "{% set members = xs if yes else blank %}{% if members %}{{ members|join }}{% endif %}",
        "abc");
  }

  @Test
  void whitespaceControlIsJinjavas() throws IOException {
    fast("a\n  {% if yes %}\n    x\n  {% endif %}\nb\n", "a\n    x\nb\n");
    fast("a  {%- if yes -%}  x  {%- endif -%}  b", "axb");
    // Jinjava trims around tags and notes only, not around {{- -}} (Jinja2 would)
    fast("{#- note -#}\n  {{- name -}}  \n{# two #}\nend", "  leaf-01  \nend");
    fast(
        "{% for x in xs %}\n  {{ x }}{% if not loop.last %},{% endif %}\n\n{% endfor %}",
        "  a,\n  b,\n  c\n");
    fast("  {{ name }}  \n\t{% set q = 1 %}\nz", "  leaf-01  \nz");
  }

  @Test
  void templateWithAnUnsupportedConstructStaysOnJinjava() throws IOException {
    for (String t :
        List.of(
            "{{ xs|length }}",
            "{{ name|default('x') }}",
            "{{ xs|join(',', 'a') }}",
            "{% macro m() %}x{% endmacro %}{{ m() }}",
            "{{ ms * 2 }}",
            "{{ name is string }}",
            "{{ 'a' ~ 'b' }}",
            "{{ name|truncate(3) }}",
            "{% for x in xs %}{{ x }}{% else %}none{% endfor %}",
            "{{ ms < 3 }}",
            "{{ 'a\\'b' }}",
            "{{ xs[0:2]|join }}",
            "{{ name.upper() }}",
            "{% raw %}{{ x }}{% endraw %}")) {
      TemplateEngine.Outcome out = fallsBack(t);
      String name = "t" + (count - 1) + ".j2";
      assertFalse(
          new TemplateEngine(TemplateFolders.withOverrides(dir)).compiledFast(name),
          t + " must not compile");
      assertNotNull(out);
    }
    assertEquals("3", same("{{ xs|length }}").text());
  }

  @Test
  void unknownVariablesAndAttributesGiveJinjavasProblem() throws IOException {
    TemplateEngine.Outcome out = fallsBack("line one\n{{ name }}\n{{ hostnmae }}\n");
    assertFalse(out.ok());
    assertEquals(3, out.problems().get(0).line());
    assertTrue(out.problems().get(0).message().contains("hostnmae"), out.problems().toString());
    assertTrue(out.problems().get(0).template().endsWith(".j2"), out.problems().toString());
    out = fallsBack("{% for o in outer %}\n{{ o.name }}\n{{ o.nmae }}\n{% endfor %}\n");
    assertEquals(3, out.problems().get(0).line());
    assertFalse(fallsBack("{% if nested.nope %}x{% endif %}").ok());
    assertFalse(fallsBack("{% for x in nope %}x{% endfor %}").ok());
    assertFalse(fallsBack("{{ xs[7] }}").ok());
    assertEquals(
        "ok",
        fallsBack("{% set z = nope %}ok").text(),
        "Jinjava sets an undefined value without an error");
  }

  @Test
  void outputOverTheCapGivesJinjavasProblem() throws IOException {
    TemplateEngine.Outcome out =
        same("{% for x in xs %}{{ name }}{{ name }}{% endfor %}", DATA, 30);
    assertFalse(out.ok());
    TemplateEngine.Outcome under = same("{% for x in xs %}{{ x }}{% endfor %}", DATA, 30);
    assertEquals("abc", under.text());
  }

  @Test
  void nullValuesInTheDataBehaveAsJinjava() throws IOException {
    Map<String, Object> withNull = new TreeMap<>(DATA);
    withNull.put("nothing", null);
    withNull.put("holes", Arrays.asList("a", null, "c"));
    Map<String, Object> item = new TreeMap<>();
    item.put("x", null);
    withNull.put("nullitems", List.of(item));
    for (String t :
        List.of(
            "{{ nothing }}",
            "{{ 'y' if nothing is defined else 'n' }}",
            "{{ holes|join(',') }}",
            "{% for h in holes %}[{{ h }}]{% endfor %}",
            "{{ nullitems|selectattr('x', 'defined')|list|length }}",
            "{% if nothing %}y{% else %}n{% endif %}")) {
      same(t, withNull, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES);
    }
  }

  @Test
  void oneEngineRendersTheSameFromManyThreads() throws Exception {
    String template =
        "{% for o in outer %}{{ o.name }}{% for i in o['items'] %}{{ i }}{% endfor %}{% endfor %}{{ name }}";
    Files.writeString(dir.resolve("mt.j2"), template);
    TemplateEngine engine = new TemplateEngine(TemplateFolders.withOverrides(dir));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        Map<String, Object> data = new TreeMap<>(DATA);
        data.put("name", "n" + i);
        results.add(pool.submit(() -> engine.render("mt.j2", data).text()));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals("p12q3rn" + i, results.get(i).get());
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(engine.compiledFast("mt.j2"));
  }
}
