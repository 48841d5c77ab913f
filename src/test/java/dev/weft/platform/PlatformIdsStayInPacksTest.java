package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No code outside {@code dev.weft.platform} names a platform id: what differs between platforms
 * (counters, how a saved config is recognised, SHARP, numbered ports, ...) is asked of the pack, so
 * a new pack is served everywhere by existing. The scan reads every main source file and fails on
 * any string literal (comments aside) equal to the id of a registered pack, whether compared,
 * switched on or returned.
 */
class PlatformIdsStayInPacksTest {

  static final Path MAIN = Path.of("src/main/java/dev/weft");

  /** Files allowed to name a platform id, each with why; keep it short. */
  static final Map<String, String> ALLOWED =
      Map.of(
          // the template folder of a device kind that has no platform field, not a test of a
          // platform
          "render/DeviceContext.java", "names the template folder GPU hosts render with",
          "render/OpenSmRenderer.java", "names the template folder subnet managers render with",
          "cli/DiffCommand.java",
              "names the template folder GPU hosts render with, to match changed folders");

  @Test
  void noMainCodeOutsideThePacksNamesAPlatformId() throws IOException {
    Set<String> ids = ids();
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String rel = MAIN.relativize(f).toString().replace('\\', '/');
        if (rel.startsWith("platform/") || ALLOWED.containsKey(rel)) {
          continue;
        }
        String text = Files.readString(f, StandardCharsets.UTF_8);
        for (Literal l : literals(text)) {
          if (ids.contains(l.text())) {
            found.add(rel + ":" + l.line() + ": \"" + l.text() + "\"");
          }
        }
      }
    }
    assertTrue(
        found.isEmpty(),
        "platform ids named outside dev.weft.platform (ask the pack instead): " + found);
  }

  @Test
  void everyAllowedFileStillNamesOne() throws IOException {
    Set<String> ids = ids();
    for (String rel : ALLOWED.keySet()) {
      Path f = MAIN.resolve(rel);
      assertTrue(Files.exists(f), rel + " is allowed but gone: drop it from ALLOWED");
      assertTrue(
          literals(Files.readString(f, StandardCharsets.UTF_8)).stream()
              .map(Literal::text)
              .anyMatch(ids::contains),
          rel + " no longer names a platform id: drop it from ALLOWED");
    }
  }

  /** The scan is not vacuous: it sees a comparison, a switch case and a return, and no comment. */
  @Test
  void theScanFindsLiteralsAndSkipsComments() {
    String source =
        """
                class X { // "sonic" in a comment
                  /* "cumulus" here too, and "junos" */
                  boolean a(String p) { return "sonic".equals(p) || p.equals("ib-quantum"); }
                  int b(String p) { switch (p) { case "openconfig" -> { return 1; } default -> { return 0; } } }
                  String c() { return "http://x//y" + 'q' + "eos"; }
                  String d() { return "a \\" quote"; }
                }
                """;
    List<Literal> all = literals(source);
    assertEquals(
        List.of("sonic", "ib-quantum", "openconfig", "http://x//y", "eos", "a \" quote"),
        all.stream().map(Literal::text).toList());
    assertEquals(List.of(3, 3, 4, 5, 5, 6), all.stream().map(Literal::line).toList());
    assertTrue(ids().containsAll(List.of("sonic", "ib-quantum", "openconfig", "eos")));
  }

  private static Set<String> ids() {
    Set<String> ids = new TreeSet<>();
    Platforms.builtIn().all().forEach(p -> ids.add(p.id()));
    assertTrue(ids.size() >= 9, "the registered packs: " + ids);
    return ids;
  }

  /** A string literal of a source file and its line. */
  record Literal(int line, String text) {}

  /**
   * The string literals of a Java source outside comments, in order: a small lexer of comments,
   * character literals, strings and text blocks (a text block's content is not a literal compared
   * with an id).
   */
  static List<Literal> literals(String s) {
    List<Literal> out = new ArrayList<>();
    int line = 1;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '\n') {
        line++;
        i++;
      } else if (s.startsWith("//", i)) {
        i = s.indexOf('\n', i) < 0 ? s.length() : s.indexOf('\n', i);
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        end = end < 0 ? s.length() : end + 2;
        line += count(s, i, end);
        i = end;
      } else if (s.startsWith("\"\"\"", i)) {
        int end = s.indexOf("\"\"\"", i + 3);
        end = end < 0 ? s.length() : end + 3;
        line += count(s, i, end);
        i = end;
      } else if (c == '\'' || c == '"') {
        StringBuilder text = new StringBuilder();
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c && s.charAt(j) != '\n') {
          if (s.charAt(j) == '\\' && j + 1 < s.length()) {
            j++;
          }
          text.append(s.charAt(j));
          j++;
        }
        if (c == '"') {
          out.add(new Literal(line, text.toString()));
        }
        i = j + 1;
      } else {
        i++;
      }
    }
    return out;
  }

  private static int count(String s, int from, int to) {
    int n = 0;
    for (int k = from; k < to; k++) {
      if (s.charAt(k) == '\n') {
        n++;
      }
    }
    return n;
  }
}
