package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.generate.IbFabricGenerator;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.source.SourceFile;
import dev.weft.testing.TestYaml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential test of the fast path: for every YAML file of the project, generated inventories and
 * thousands of random mutations of them, {@link FastYamlParser} either declines or builds exactly
 * the tree snakeyaml builds (same node kinds, key order, values with their Java types, texts and
 * locations), and only for files snakeyaml accepts without a finding. It also counts that the fast
 * path does accept the files it exists for, so a fast path that always declined would fail here.
 */
class FastYamlParserTest {

  private static final LoadLimits LIMITS = LoadLimits.defaults();
  private final YamlParser parser = new YamlParser(LIMITS);

  /** The one property: declined, or identical to the slow path on a file the slow path accepts. */
  private boolean sameAsSlowPath(String name, byte[] bytes) {
    SourceFile source = new SourceFile(name, bytes, "test");
    MapNode fast = FastYamlParser.parse(name, bytes, LIMITS);
    ParseResult slow = parser.parseWithSnakeYaml(source);
    ParseResult viaParse = parser.parse(source);
    if (fast == null) {
      assertEquals(
          slow,
          viaParse,
          () -> name + ": parse() must be the slow path when the fast path declines");
      return false;
    }
    if (!slow.findings().isEmpty()) {
      fail(
          name
              + ": the fast path accepted a file snakeyaml rejects: "
              + slow.findings()
              + "\n"
              + text(bytes));
    }
    assertSameTree(slow.root(), fast, name + " (root)", bytes);
    assertEquals(slow, viaParse, name);
    return true;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Deep, order-sensitive, type-sensitive equality (record equals alone ignores key order). */
  private static void assertSameTree(Node expected, Node actual, String path, byte[] bytes) {
    String where = path + "\n--- file ---\n" + text(bytes);
    assertEquals(expected.getClass(), actual.getClass(), () -> "node kind at " + where);
    assertEquals(expected.location(), actual.location(), () -> "location at " + where);
    if (expected instanceof ScalarNode e) {
      ScalarNode a = (ScalarNode) actual;
      assertEquals(e.text(), a.text(), () -> "text at " + where);
      assertEquals(
          e.value() == null ? null : e.value().getClass(),
          a.value() == null ? null : a.value().getClass(),
          () -> "value type at " + where);
      assertEquals(e.value(), a.value(), () -> "value at " + where);
    } else if (expected instanceof ListNode e) {
      List<Node> a = ((ListNode) actual).items();
      assertEquals(e.items().size(), a.size(), () -> "list size at " + where);
      for (int i = 0; i < a.size(); i++) {
        assertSameTree(e.items().get(i), a.get(i), path + "[" + i + "]", bytes);
      }
    } else {
      Map<String, MapNode.Entry> e = ((MapNode) expected).entries();
      Map<String, MapNode.Entry> a = ((MapNode) actual).entries();
      assertEquals(
          List.copyOf(e.keySet()), List.copyOf(a.keySet()), () -> "keys in order at " + where);
      Iterator<MapNode.Entry> ei = e.values().iterator();
      for (MapNode.Entry ae : a.values()) {
        MapNode.Entry ee = ei.next();
        assertEquals(
            ee.keyLocation(),
            ae.keyLocation(),
            () -> "key location of " + ee.key() + " at " + where);
        assertSameTree(ee.value(), ae.value(), path + "." + ee.key(), bytes);
      }
    }
  }

  // ---- the corpus ----------------------------------------------------------------------------

  /** Every YAML file the project ships, by repo-relative path. */
  private static Map<String, byte[]> projectFiles() {
    Path root = TestYaml.projectDir();
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (String dir : List.of("src/test/resources", "policies", "inventories", "docs/examples")) {
      Path base = root.resolve(dir);
      if (!Files.isDirectory(base)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(base)) {
        for (Path p : walk.filter(FastYamlParserTest::isYaml).sorted().toList()) {
          files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  /** The same file with Windows line breaks. */
  private static byte[] crlf(byte[] lf) {
    return text(lf).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
  }

  private static boolean isYaml(Path p) {
    String name = p.getFileName().toString();
    return Files.isRegularFile(p) && (name.endsWith(".yaml") || name.endsWith(".yml"));
  }

  /** Small generated RoCE and InfiniBand inventories, in process. */
  private static Map<String, byte[]> generatedFiles() {
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (int gpus : List.of(8, 256, 1024)) {
      RoceFabricShape shape = RoceFabricShape.forGpus(gpus);
      new RoceFabricGenerator()
          .generate("roce-" + gpus, shape)
          .forEach(
              (path, yaml) ->
                  files.put(
                      "gen/roce-" + gpus + "/" + path, yaml.getBytes(StandardCharsets.UTF_8)));
      new IbFabricGenerator()
          .generate("ib-" + gpus, shape)
          .forEach(
              (path, yaml) ->
                  files.put("gen/ib-" + gpus + "/" + path, yaml.getBytes(StandardCharsets.UTF_8)));
    }
    return files;
  }

  @Test
  void everyGeneratedFileTakesTheFastPathAndMatches() {
    Map<String, byte[]> files = generatedFiles();
    assertTrue(files.size() > 20, "the generators produced files: " + files.size());
    List<String> declined = new ArrayList<>();
    files.forEach(
        (name, bytes) -> {
          if (!sameAsSlowPath(name, bytes)) {
            declined.add(name);
          }
          if (!sameAsSlowPath(name + " (CRLF)", crlf(bytes))) {
            declined.add(name + " (CRLF)");
          }
        });
    assertEquals(
        List.of(), declined, "weft generate output is exactly the subset the fast path exists for");
  }

  @Test
  void everyProjectFileMatchesAndTheExampleInventoriesTakeTheFastPath() {
    // docs/examples hold CI files with block scalars (run: |): compared, but not required to be
    // fast
    Map<String, byte[]> files = projectFiles();
    assertTrue(files.size() > 100, "found the project's YAML files: " + files.size());
    List<String> declinedInventories = new ArrayList<>();
    int accepted = 0;
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      sameAsSlowPath(f.getKey() + " (CRLF)", crlf(f.getValue()));
      boolean fast = sameAsSlowPath(f.getKey(), f.getValue());
      if (fast) {
        accepted++;
      } else if (f.getKey().startsWith("inventories/")) {
        declinedInventories.add(f.getKey());
      }
    }
    assertEquals(List.of(), declinedInventories, "the example inventories are in the subset");
    assertTrue(
        accepted * 4 >= files.size() * 3,
        "most project files take the fast path: " + accepted + " of " + files.size());
  }

  // ---- mutations -----------------------------------------------------------------------------

  private static final String[] ODD = {
    " ",
    "  ",
    "\t",
    "\r",
    "#",
    " #",
    ":",
    ": ",
    "-",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "'",
    "\"",
    "\\",
    "&a ",
    "*a",
    "!",
    "!!str ",
    "|",
    ">",
    "?",
    "? ",
    "%",
    "@",
    "`",
    "~",
    "---",
    "...",
    "<<: ",
    "\u00e9",
    "\u0007",
    "\u00a0",
    "\ufeff",
    "\u00b5",
    "\u2014",
    "\ud83d\ude00",
    "\u2028",
    "\u0085",
    "\u0080",
    "\ufffe",
    "caf\u00e9 ",
    "0x1F",
    "1e3",
    "null",
    "true",
    ".5",
    "'it''s'",
    "\"q\"",
    "a: b",
    "\n",
    "\n\n",
    "\n  ",
    "- - ",
  };

  @ParameterizedTest
  @ValueSource(longs = {1L, 2L, 3L})
  void randomMutationsAgreeOrDecline(long seed) {
    Random random = new Random(20261130L * seed);
    List<byte[]> seeds = new ArrayList<>();
    projectFiles()
        .forEach(
            (name, bytes) -> {
              if (bytes.length < 20_000) {
                seeds.add(bytes);
              }
            });
    generatedFiles()
        .forEach(
            (name, bytes) -> {
              if (bytes.length < 20_000) {
                seeds.add(bytes);
              }
            });
    int accepted = 0;
    int rounds =
        Integer.getInteger("weft.fastyaml.rounds", 1500); // raise it for a deeper local run
    for (int round = 0; round < rounds; round++) {
      byte[] original = seeds.get(random.nextInt(seeds.size()));
      byte[] mutated = mutate(original, random);
      if (sameAsSlowPath("inv/m" + seed + "-" + round + ".yaml", mutated)) {
        accepted++;
      }
    }
    assertTrue(
        accepted > rounds / 10 && accepted < rounds,
        "mutations exercise both the fast path and declining: " + accepted + " of " + rounds);
  }

  /** One to three line-level or character-level edits. */
  private static byte[] mutate(byte[] original, Random random) {
    List<String> lines = new ArrayList<>(List.of(text(original).split("\n", -1)));
    int edits = 1 + random.nextInt(3);
    for (int e = 0; e < edits && !lines.isEmpty(); e++) {
      int i = random.nextInt(lines.size());
      String l = lines.get(i);
      switch (random.nextInt(8)) {
        case 0 -> lines.remove(i);
        case 1 -> lines.add(i, l);
        case 2 -> lines.set(i, " ".repeat(1 + random.nextInt(3)) + l);
        case 3 -> lines.set(i, l.startsWith("  ") ? l.substring(2) : l.stripLeading());
        case 4 -> {
          int at = random.nextInt(l.length() + 1);
          lines.set(i, l.substring(0, at) + ODD[random.nextInt(ODD.length)] + l.substring(at));
        }
        case 5 -> {
          if (!l.isEmpty()) {
            int at = random.nextInt(l.length());
            lines.set(i, l.substring(0, at) + l.substring(at + 1));
          }
        }
        case 6 -> {
          int j = random.nextInt(lines.size());
          lines.set(i, lines.get(j));
          lines.set(j, l);
        }
        default -> {
          int at = random.nextInt(l.length() + 1);
          lines.set(
              i,
              l.substring(0, at) + l.substring(Math.min(l.length(), at + 1 + random.nextInt(6))));
        }
      }
    }
    return String.join(random.nextInt(10) == 0 ? "\r\n" : "\n", lines)
        .getBytes(StandardCharsets.UTF_8);
  }

  // ---- hand-picked cases -------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a: 1\nb:\nc: x\n",
        "a:\n- 1\n-\n- [x, 'y', \"z\"]\nb: {k: v, 'q': \"w\"}\n",
        "list:\n  -\n    a: 1\n  - - x\n    - y\n  - b: 2\n    c:\n  -   d: 3\n",
        "k: v # comment\n# full line\n   # indented comment\nm:   # after a key\n  n: o\n",
        "---\na: 1\n",
        "--- # a comment\na: 1\n",
        "  a: 1\n  b: 2\n",
        "a: plain text with spaces   \nb: a#b\nc: x:y\nd: -5\ne: :x\nf: ?x\n",
        "a: [leaf-01:Ethernet0, b, {c: d, e: [1, 2.5, 0x1F, 0o17, -7, +3, .5, 1e3, null, ~, true, False]}]\n",
        "'quoted key': 1\n\"double\": 2\nkey   : 3\n'it''s': 'don''t'\n",
        "a: []\nb: {}\nc: [ ]\nd: { }\n",
        "a: 2027-03-31\nb: 1_000\nc: yes\nd: 400G\ne: .inf\n",
        "",
        "# only a comment\n",
        "---\n",
        "a: 1",
        "a:",
        "- a\n",
        "a: b\n  c: d\n",
        "a: b\n c\n",
        "a: 'x'#c\n",
        "a: x\n---\nb: y\n",
        "a: {b}\n",
        "a: [b, ]\n",
        "a: &x 1\n",
        "a: |\n  x\n",
        "1: a\n",
        "a: 1\na: 2\n",
        "<<: {a: 1}\n",
        "a: \"esc\\n\"\n",
        "a:\r\n  b: 1\r\n",
        "a: {b: 1, b: 2}\n",
        "a: [x\n  , y]\n",
        "a: b: c\n",
        "? a\n: b\n",
        "a:\n  - x\n  b: y\n",
        "a:\n- x\nb: y\n",
        "a:\n    b: 1\n  c: 2\n",
        "- a: 1\n  - b\n",
        "a: >-\n  one\n  two\nb: 1\n",
        "a: >\n  one\n  two\n\n\nb: 1\n",
        "a: |\n  one\n  two\n# comment\nb: 1\n",
        "a: |-\n    one\n    # not a comment\n  # a comment\nb: |\n  x\n",
        "a:\n  b: >-\n    deep\n    text\n  c: 1\n",
        "a: >-\n  x\n   \nb: 1\n",
        "a: >-\n  x\n    \nb: 1\n",
        "a: >-\n  x\n",
        "a: >-\n  x\n  ",
        "a: >-\n  x\n    ",
        "a: |\n  x\n \n",
        "a: >\n x\n  y\n",
        "a: >\nb: 1\n",
        "a: >-   \n  x\n",
        "a: >-\n  x\n  b: 1\n",
        "a: >-\n  x\n b: 1\n",
        "a: \"say \\\"hi\\\" \\\\ \\/ \\n \\t\"\nb: [\"x\\\"y\", 1]\nc: {\"k\\\"\": \"v\"}\n",
        "a: \"bad \\q\"\n",
        "a: \"\\x41 \\u0041\"\n",
        "a: \"end \\\n  more\"\n",
        "a: \"caf\u00e9\\n\"\n",
        "a: 1\r\nb:\r\n  - x\r\n  -\r\n  - {k: v}\r\nc: >-\r\n  folded\r\n  text\r\nd: |\r\n  lit\r\n  eral\r\n# c\r\ne: 'q' # c\r\n",
        "a: 1\r\n\r\nb: \"x\r\n  y\"\r\n",
        "a: 1\rb: 2\n",
        "a: [\u00e9, \ud83d\ude00, {\u00fc: '\u00f6''x'}]\n# \u2014\nb: \u00b5s\n",
      })
  void handPickedCasesAgreeOrDecline(String yaml) {
    sameAsSlowPath("inv/case.yaml", yaml.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void nonAsciiTextIsInTheSubsetWithColumnsInCodePoints() {
    String yaml =
        "a: [\u00e9, x]\nb: [\ud83d\ude00, y]\nc: {\u00fc: 1, k: '\u00f6'}\nd: \"\u2014 z\"\n"
            + "e: >-\n  na\u00efve\n  text\n# \u00fcn\u00efcode comment\nf: caf\u00e9 # \u00b5s\n";
    byte[] bytes = yaml.getBytes(StandardCharsets.UTF_8);
    assertTrue(sameAsSlowPath("inv/a.yaml", bytes), "in the subset");
    MapNode root = FastYamlParser.parse("inv/a.yaml", bytes, LIMITS);
    assertEquals(
        8,
        ((ListNode) root.get("a").orElseThrow()).items().get(1).location().column(),
        "é is one column");
    assertEquals(
        8,
        ((ListNode) root.get("b").orElseThrow()).items().get(1).location().column(),
        "so is an emoji");
    assertEquals("caf\u00e9", ((ScalarNode) root.get("f").orElseThrow()).value());
  }

  @Test
  void simpleBlockScalarsAreInTheSubset() {
    String yaml = "a: >-\n  folded\n  text\nb: |\n  literal\n  text\n\nc: 1\n";
    assertTrue(
        sameAsSlowPath("inv/a.yaml", yaml.getBytes(StandardCharsets.UTF_8)), "in the subset");
    MapNode root =
        FastYamlParser.parse("inv/a.yaml", yaml.getBytes(StandardCharsets.UTF_8), LIMITS);
    assertEquals("folded text", ((ScalarNode) root.get("a").orElseThrow()).value());
    assertEquals("literal\ntext\n", ((ScalarNode) root.get("b").orElseThrow()).value());
  }

  @Test
  void theSubsetIsAcceptedWithEmptyValuesAndCompactItems() {
    String yaml = "a:\nb: [x]\nlist:\n  -\n  - - y\n  - c: 1\n    d:\n";
    assertTrue(
        sameAsSlowPath("inv/a.yaml", yaml.getBytes(StandardCharsets.UTF_8)), "in the subset");
    MapNode root =
        FastYamlParser.parse("inv/a.yaml", yaml.getBytes(StandardCharsets.UTF_8), LIMITS);
    assertNotNull(root);
    ScalarNode empty = (ScalarNode) root.get("a").orElseThrow();
    assertNull(empty.value());
    assertEquals(3, empty.location().column(), "an empty value sits just after its ':'");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "a: |+\n  x\n",
        "a: >2\n  x\n",
        "a: >\n  x\n\n  y\n",
        "a: >\n  x\n    y\n",
        "a: >\n\n  x\n",
        "a: > # c\n  x\n",
        "a: >\n  x \n",
        "a: >-\n  x",
        "- >\n  x\n",
        "a: b\n  c\n",
        "a: 'x\n  y'\n",
        "a: [x,\n  y]\n",
        "a: \"\\u0041\"\n",
        "a: 1\na: 2\n",
        "1: a\n",
        "<<: {a: 1}\n",
        "\ta: 1\n",
        "a: 1\rb: 2\n",
        "a: x\r \n",
        "a: x\u0085y\n",
        "a: x\u2028y\n",
        "a: x\u0080\n",
        "a: \"x\\n caf\u00e9\"\n",
        "a: x\ufeff\n",
        "\ufeffa: 1\n",
        "%YAML 1.2\n---\na: 1\n",
        "a: 1\n...\n",
        "a: 1\n---\nb: 2\n",
        "- a\n",
        "scalar\n",
        "? a\n: b\n",
        "a: {b}\n",
        "a: {b: }\n",
        "a: [b, ]\n",
        "a: [b: c]\n",
      })
  void outsideTheSubsetDeclines(String yaml) {
    assertNull(
        FastYamlParser.parse("inv/a.yaml", yaml.getBytes(StandardCharsets.UTF_8), LIMITS), yaml);
  }

  @Test
  void deepNestingDeclinesSoTheSlowPathReportsTheLimit() {
    StringBuilder y = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      y.append(" ".repeat(i)).append("k:\n");
    }
    byte[] bytes = y.toString().getBytes(StandardCharsets.UTF_8);
    assertNull(FastYamlParser.parse("inv/a.yaml", bytes, LIMITS));
    ParseResult r = parser.parse(new SourceFile("inv/a.yaml", bytes, "x"));
    assertEquals(1, r.findings().size());
    assertTrue(r.findings().get(0).message().contains("nest deeper"), r.findings().toString());
  }
}
