package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.rules.Rule;
import dev.weft.rules.RuleCatalog;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every finding id any command can emit is a catalogue entry that {@code weft explain} answers for.
 * The ids are taken from the code itself: every {@code Finding.of(...)} and {@code new
 * Finding(...)} in {@code src/main/java}, whose first argument is a string literal, a constant
 * (resolved by reflection in the class that uses it or the class it names), a rule's own {@code
 * id()} (all registered rules), or one of the few pass-throughs listed below with where their ids
 * come from. A new kind of first argument fails this test until it is resolved or listed, so an id
 * cannot reach a report without an explanation.
 */
class FindingIdsTest {

  private static final Pattern CALL =
      Pattern.compile("(?:Finding\\.of|new Finding)\\(\\s*([^,()]+(?:\\(\\))?)\\s*,");
  private static final Pattern LITERAL = Pattern.compile("\"([a-z0-9-]+)\"");
  private static final Pattern CONSTANT =
      Pattern.compile("(?:([A-Z][A-Za-z0-9]*)\\.)?([A-Z][A-Z0-9_]*)");

  /**
   * First arguments that are not ids themselves, by file and expression: what they pass on, as the
   * classes whose {@code String} constants are the ids (none when the value is another finding's
   * id, already counted).
   */
  private static final Map<String, List<String>> PASS_THROUGH =
      Map.of(
          "dev/weft/finding/Finding.java rule",
              List.of(), // the record's own constructor and withers
          "dev/weft/drift/LiveRules.java f.rule()",
              List.of(), // a compiled rule's finding, marked as live
          "dev/weft/intent/IntentReader.java first.rule()",
              List.of(), // one finding for a shared value's copies
          "dev/weft/drift/Drift.java rule",
              List.of("dev.weft.drift.DriftRules"), // drift(rule, ...) with its ids
          "dev/weft/remediate/ReportInput.java rule",
              List.of(), // a drift report's own findings, read back
          "dev/weft/remediate/Results.java rule",
              List.of("dev.weft.remediate.RemediateRules"), // remediate's ids
          "dev/weft/health/HealthCheck.java rule",
              List.of("dev.weft.health.HealthRules"), // over(..., rule, ...)
          "dev/weft/health/HostHealthCheck.java rule",
              List.of("dev.weft.health.HealthRules"), // the same, for hosts
          "dev/weft/health/IbHealthCheck.java t.rule()",
              List.of("dev.weft.health.HealthRules")); // the same, for InfiniBand ports

  static Path sources() {
    return ProjectDir.get().resolve("src/main/java");
  }

  /** Every id the code can emit, each with one place that emits it. */
  static Map<String, String> emittedIds() throws Exception {
    Map<String, String> ids = new TreeMap<>();
    for (Rule r : dev.weft.rules.builtin.BuiltInRules.catalog().rules()) {
      ids.put(r.id(), "rule class " + r.getClass().getName());
    }
    RuleCatalog.WAIVER_RULE_IDS.forEach(id -> ids.putIfAbsent(id, "waivers"));
    List<Path> files;
    try (Stream<Path> s = Files.walk(sources())) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    List<String> unresolved = new ArrayList<>();
    for (Path file : files) {
      String relative = sources().relativize(file).toString().replace('\\', '/');
      String text = Files.readString(file);
      Matcher m = CALL.matcher(text);
      while (m.find()) {
        String expr = m.group(1).strip();
        String where = relative + " " + expr;
        if (expr.equals("id()")) {
          continue; // a rule's own id: every registered rule is counted above
        }
        Matcher literal = LITERAL.matcher(expr);
        if (literal.matches()) {
          ids.putIfAbsent(literal.group(1), relative);
          continue;
        }
        List<String> through = PASS_THROUGH.get(where);
        if (through != null) {
          for (String owner : through) {
            constants(Class.forName(owner)).forEach(v -> ids.putIfAbsent(v, where));
          }
          continue;
        }
        Matcher constant = CONSTANT.matcher(expr);
        Optional<String> value =
            constant.matches()
                ? resolve(relative, text, constant.group(1), constant.group(2))
                : Optional.empty();
        if (value.isPresent()) {
          ids.putIfAbsent(value.get(), where);
        } else {
          unresolved.add(where);
        }
      }
    }
    if (!unresolved.isEmpty()) {
      fail(
          "finding ids this test cannot resolve (use a constant or literal, or list the pass-through): "
              + unresolved);
    }
    return ids;
  }

  /**
   * The value of constant {@code name} used in {@code file}, of class {@code owner} when qualified.
   */
  private static Optional<String> resolve(String file, String text, String owner, String name)
      throws Exception {
    String own = file.substring(0, file.length() - ".java".length()).replace('/', '.');
    List<String> candidates = new ArrayList<>();
    if (owner == null) {
      candidates.add(own);
    } else {
      Matcher imported = Pattern.compile("import\\s+([\\w.]+\\." + owner + ");").matcher(text);
      if (imported.find()) {
        candidates.add(imported.group(1));
      }
      candidates.add(own.substring(0, own.lastIndexOf('.') + 1) + owner);
      candidates.add(own + "$" + owner);
    }
    for (String c : candidates) {
      Class<?> type;
      try {
        type = Class.forName(c);
      } catch (ClassNotFoundException e) {
        continue;
      }
      for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
        Optional<String> v = field(t, name);
        if (v.isPresent()) {
          return v;
        }
      }
      for (Class<?> nested : type.getDeclaredClasses()) {
        Optional<String> v = field(nested, name);
        if (v.isPresent()) {
          return v;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> field(Class<?> type, String name) throws IllegalAccessException {
    for (Field f : type.getDeclaredFields()) {
      if (f.getName().equals(name)
          && Modifier.isStatic(f.getModifiers())
          && f.getType() == String.class) {
        f.setAccessible(true);
        return Optional.of((String) f.get(null));
      }
    }
    return Optional.empty();
  }

  private static Set<String> constants(Class<?> type) throws IllegalAccessException {
    Set<String> out = new TreeSet<>();
    for (Field f : type.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        f.setAccessible(true);
        out.add((String) f.get(null));
      }
    }
    return out;
  }

  @Test
  void theScanFindsWeftsOwnIds() throws Exception {
    Set<String> ids = emittedIds().keySet();
    for (String id :
        List.of(
            "schema",
            "yaml-syntax",
            "render-error",
            "render-gap",
            "render-output",
            "not-audited",
            "device-unreachable",
            "device-error",
            "drift-pfc",
            "drift-ib-sm",
            "internal-error",
            "rule-metadata",
            "waiver-unused",
            "cable-length-missing")) {
      assertTrue(ids.contains(id), id + " in " + ids);
    }
  }

  @Test
  void everyBuiltInFindingIsEmittedSomewhere() throws Exception {
    Set<String> ids = emittedIds().keySet();
    for (String id : RuleCatalog.BUILT_IN_FINDINGS) {
      assertTrue(
          ids.contains(id), id + " is registered as a built-in finding but no code emits it");
    }
  }

  @TestFactory
  Stream<DynamicTest> weftExplainAnswersForEveryIdTheCodeEmits() throws Exception {
    return emittedIds().entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () -> {
                      CliRun run = CliRun.of("explain", e.getKey());
                      assertEquals(
                          ExitCode.OK,
                          run.exitCode(),
                          e.getKey() + " (emitted in " + e.getValue() + "): " + run.err());
                      assertTrue(run.out().startsWith(e.getKey() + " — "), run.out());
                      assertTrue(
                          run.out().contains("\nWhy\n") && run.out().contains("\nHow to fix\n"),
                          run.out());
                      assertFalse(
                          run.out().contains("Weft finding '"),
                          "a real explanation, not a placeholder: " + run.out());
                    }));
  }
}
