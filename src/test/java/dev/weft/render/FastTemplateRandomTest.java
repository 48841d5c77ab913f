package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomly built templates from the fast path's grammar (fixed seed, so the same templates every
 * run), rendered through the fast path and through Jinjava alone: the same text and the same
 * problems. Many of them are wrong on purpose (undefined names, type mix-ups) so that the bail-outs
 * are exercised too.
 */
class FastTemplateRandomTest {
  /** More templates or another seed for a longer search: -Dfuzz.templates=5000 -Dfuzz.seed=7. */
  private static final int TEMPLATES = Integer.getInteger("fuzz.templates", 400);

  @TempDir Path dir;

  private final Random random = new Random(Long.getLong("fuzz.seed", 20261130L));

  private static Map<String, Object> data() {
    Map<String, Object> d = new TreeMap<>();
    d.put("name", "Leaf-01");
    d.put("xs", List.of("b", "a", "C", "a"));
    d.put("nums", List.of(3, 1, 2, 3));
    d.put("blank", List.of());
    List<Object> items = new ArrayList<>();
    Object[] values = {
      "", "false", "x", 0, 7, 2.5, true, false, List.of(), List.of(1), Map.of("k", "v")
    };
    for (int i = 0; i < values.length; i++) {
      items.add(Map.of("id", i, "x", values[i], "name", "n" + i));
    }
    items.add(Map.of("id", 50, "name", "nox"));
    d.put("items", items);
    d.put(
        "outer",
        List.of(
            Map.of("name", "p", "items", List.of(1, 2)), Map.of("name", "q", "items", List.of())));
    Map<String, Object> dict = new LinkedHashMap<>();
    dict.put("b", 2);
    dict.put("A", 1);
    dict.put("c", "three");
    d.put("dict", dict);
    d.put("d", 0.1);
    d.put("yes", true);
    d.put("no", false);
    d.put("ms", 250L);
    d.put("zero", 0);
    return d;
  }

  private static final String[] NAMES = {
    "name", "xs", "nums", "blank", "items", "outer", "dict", "d", "yes", "no", "ms", "zero",
    "nothing", "v", "loop"
  };
  private static final String[] ATTRS = {
    "x", "id", "name", "items", "nope", "index", "last", "first", "length", "index0"
  };

  private String pick(String... options) {
    return options[random.nextInt(options.length)];
  }

  private String expr(int depth) {
    if (depth <= 0) {
      return switch (random.nextInt(6)) {
        case 0 -> "'" + pick("a", "x", "", "false", "Leaf-01", "-") + "'";
        case 1 -> String.valueOf(random.nextInt(4));
        case 2 -> pick(NAMES) + "." + pick(ATTRS);
        default -> pick(NAMES);
      };
    }
    int d = depth - 1;
    return switch (random.nextInt(26)) {
      case 0 -> "not " + expr(d);
      case 1 -> expr(d) + " and " + expr(d);
      case 2 -> expr(d) + " or " + expr(d);
      case 3 -> expr(d) + pick(" == ", " != ") + expr(d);
      case 4 -> expr(d) + pick(" + ", " - ", " / ", " // ") + expr(d);
      case 5 -> pick(NAMES) + "." + pick(ATTRS) + pick(" is defined", " is not defined");
      case 6 -> "'" + pick("t", "") + "' if " + expr(d) + " else " + expr(d);
      case 7 -> "[" + expr(d) + ", " + expr(d) + "]";
      case 8 -> "(" + expr(d) + ")";
      case 9 -> pick(NAMES) + "[" + pick("0", "1", "'b'", "'x'", "5") + "]";
      case 10 -> "range(" + random.nextInt(4) + ")";
      case 11 -> "{\"a\": " + expr(d) + ", \"b\": 'z'}";
      case 12 -> expr(d) + pick(" is defined", " is not defined");
      case 13 ->
          pick("\"it's\"", "'say \"hi\"'", "' '", "'{'") + pick("", "|upper", "|replace(' ', '-')");
      default -> expr(d) + "|" + filter(d);
    };
  }

  private String filter(int depth) {
    return switch (random.nextInt(16)) {
      case 0 -> "join";
      case 1 -> "join('" + pick(",", " ", "") + "')";
      case 2 -> "selectattr('" + pick("x", "id", "nope") + "')";
      case 3 -> "selectattr('" + pick("x", "nope") + "', 'defined')";
      case 4 -> "rejectattr('" + pick("x", "id") + "')";
      case 5 ->
          "selectattr('"
              + pick("x", "name", "id")
              + "', 'equalto', "
              + expr(Math.min(depth, 0))
              + ")";
      case 6 -> "map(attribute='" + pick("x", "id", "name", "nope") + "')";
      case 7 -> "list";
      case 8 -> "sort";
      case 9 -> "unique";
      case 10 -> "upper";
      case 11 -> "replace('" + pick("a", "-", "") + "', '" + pick("_", "") + "')";
      case 12 -> "int";
      case 13 -> "dictsort";
      default -> pick("join(',')", "list", "upper");
    };
  }

  private String block(int depth) {
    StringBuilder out = new StringBuilder();
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) {
      out.append(statement(depth));
    }
    return out.toString();
  }

  private String open(String tag) {
    return pick("", "  ", "\n", "\t")
        + "{%"
        + pick(" ", "- ")
        + tag
        + pick(" ", " -")
        + "%}"
        + pick("", "\n", " ");
  }

  private String statement(int depth) {
    int kind = depth <= 0 ? random.nextInt(3) : random.nextInt(8);
    return switch (kind) {
      case 0 -> pick("text", " ", "\n", "  line\n", "a,b", "") + pick("", "\n");
      case 1 -> "{{ " + expr(random.nextInt(3)) + " }}" + pick("", "\n", " ");
      case 2 ->
          "{{ "
              + pick(
                  "name",
                  "xs|join(',')",
                  "d",
                  "yes",
                  "ms // 7",
                  "ms / 4",
                  "xs|unique|sort|join",
                  "items|selectattr('x')|map(attribute='id')|join(' ')",
                  "'y' if v is defined else 'n'",
                  "name|upper",
                  "nums|sort|join('-')",
                  "dict.c",
                  "items[1].x",
                  "(ms + 1) // 2",
                  "not no",
                  "yes and ms")
              + " }}"
              + pick("", "\n", " ");
      case 3, 7 ->
          open(
                  "if "
                      + (random.nextBoolean()
                          ? expr(2)
                          : pick(
                              "yes",
                              "v is defined",
                              "not blank",
                              "xs",
                              "nums|selectattr('x')",
                              "ms == 250")))
              + block(depth - 1)
              + (random.nextBoolean() ? open("elif " + expr(1)) + block(depth - 1) : "")
              + (random.nextBoolean() ? open("else") + block(depth - 1) : "")
              + open("endif");
      case 4 ->
          open(
                  "for "
                      + pick("v", "w")
                      + " in "
                      + pick(
                          "xs",
                          "nums",
                          "items",
                          "outer",
                          "blank",
                          "range(3)",
                          "items|selectattr('x')",
                          "dict|dictsort",
                          "xs|unique|sort",
                          expr(1)))
              + "{{ "
              + pick("loop.index", "loop.last", "v", "loop.length", "loop.first")
              + " }}"
              + block(depth - 1)
              + open("endfor");
      case 5 ->
          open("for k, w in " + pick("dict|dictsort", "dict", "items", "nums|dictsort"))
              + "{{ k }}={{ w }}"
              + open("endfor");
      default -> open("set " + pick("v", "name", "z") + " = " + expr(2));
    };
  }

  @Test
  void randomTemplatesRenderAsJinjavaRendersThem() throws IOException {
    List<String> templates = new ArrayList<>();
    for (int i = 0; i < TEMPLATES; i++) {
      String template = block(3);
      templates.add(template);
      Files.writeString(dir.resolve("r" + i + ".j2"), template);
    }
    TemplateFolders folders = TemplateFolders.withOverrides(dir);
    TemplateEngine fast = new TemplateEngine(folders);
    TemplateEngine jinjava =
        new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, false);
    Map<String, Object> data = java.util.Collections.unmodifiableMap(data());
    int byFastPath = 0;
    int ok = 0;
    for (int i = 0; i < TEMPLATES; i++) {
      String name = "r" + i + ".j2";
      TemplateEngine.Outcome expected = jinjava.render(name, data);
      TemplateEngine.Outcome actual = fast.render(name, data);
      assertEquals(expected.problems(), actual.problems(), templates.get(i));
      assertEquals(expected.text(), actual.text(), templates.get(i));
      if (fast.fastOnly(name, data) != null) {
        byFastPath++;
      }
      if (expected.ok()) {
        ok++;
      }
    }
    // the generator must exercise the fast path itself, and Jinjava's errors too
    assertTrue(byFastPath > TEMPLATES / 5, "fast path rendered " + byFastPath);
    assertTrue(ok < TEMPLATES, "every template rendered: no error path was exercised");
  }
}
