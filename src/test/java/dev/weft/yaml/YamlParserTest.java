package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.source.SourceFile;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class YamlParserTest {

  private static final String FILE = "inventories/pod/a.yaml";
  private final YamlParser parser = new YamlParser(LoadLimits.defaults());

  private static SourceFile file(String yaml) {
    return file(yaml.getBytes(StandardCharsets.UTF_8));
  }

  private static SourceFile file(byte[] bytes) {
    return new SourceFile(FILE, bytes, "0");
  }

  private MapNode ok(String yaml) {
    ParseResult r = parser.parse(file(yaml));
    assertEquals(List.of(), r.findings(), "no findings expected");
    assertNotNull(r.root());
    return r.root();
  }

  /** Exactly one located yaml-syntax error, and no tree. */
  private Finding oneError(SourceFile f) {
    ParseResult r = parser.parse(f);
    assertNull(r.root(), "a rejected file yields no tree");
    assertEquals(1, r.findings().size(), () -> "exactly one finding: " + r.findings());
    Finding only = r.findings().get(0);
    assertEquals("yaml-syntax", only.rule());
    assertEquals(Severity.ERROR, only.severity());
    assertNotNull(only.location(), "the finding is located");
    assertEquals(FILE, only.location().file());
    return only;
  }

  private Finding oneError(String yaml) {
    return oneError(file(yaml));
  }

  private static Node at(MapNode map, String... keys) {
    Node n = map;
    for (String k : keys) {
      n = ((MapNode) n).get(k).orElseThrow(() -> new AssertionError("missing key " + k));
    }
    return n;
  }

  private static Object value(MapNode map, String key) {
    return ((ScalarNode) at(map, key)).value();
  }

  // ---- positions ---------------------------------------------------------------------------

  @Test
  void locationsAreOneBasedLineAndColumn() {
    MapNode root = ok("version: 1\nfabric:\n  name: pod-a\n  mtu: { switch: 9216 }\n");
    assertEquals(new Location(FILE, 1, 1), root.location());
    MapNode.Entry fabric = root.entries().get("fabric");
    assertEquals(new Location(FILE, 2, 1), fabric.keyLocation());
    assertEquals(
        new Location(FILE, 3, 3), fabric.value().location(), "block map starts at its first key");
    MapNode.Entry name = ((MapNode) fabric.value()).entries().get("name");
    assertEquals(new Location(FILE, 3, 3), name.keyLocation());
    assertEquals(new Location(FILE, 3, 9), name.value().location());
    assertEquals(new Location(FILE, 4, 18), at(root, "fabric", "mtu", "switch").location());
    assertEquals(new Location(FILE, 1, 10), root.get("version").orElseThrow().location());
  }

  @Test
  void windowsLineEndingsCountLinesTheSame() {
    MapNode root = ok("version: 1\r\nfabric:\r\n  name: pod-a\r\n");
    assertEquals(new Location(FILE, 3, 9), at(root, "fabric", "name").location());
    assertEquals("pod-a", value((MapNode) at(root, "fabric"), "name"));
  }

  @Test
  void listItemsKeepTheirOwnLines() {
    MapNode root = ok("switches:\n  - name: leaf-01\n  - name: leaf-02\n");
    List<Node> items = ((ListNode) at(root, "switches")).items();
    assertEquals(2, items.get(0).location().line());
    assertEquals(5, items.get(0).location().column());
    assertEquals(3, items.get(1).location().line());
  }

  // ---- scalar resolution (YAML 1.2 core schema) ------------------------------------------

  @Test
  void scalarsResolveByTheCoreSchema() {
    MapNode r =
        ok(
            String.join(
                "\n",
                "n1: null",
                "n2: ~",
                "n3:",
                "b1: true",
                "b2: False",
                "i1: 42",
                "i2: -7",
                "i3: 0x1F",
                "i4: 0o17",
                "i5: 123456789012345678901234567890",
                "i6: 0xfe80000000000000",
                "f1: 1.5",
                "f2: 1e3",
                "f3: -.5",
                "s1: yes",
                "s2: on",
                "s3: 2027-03-31",
                "s4: \"42\"",
                "s5: 1_000",
                "s6: 400G",
                "s7: 1.6T",
                "s8: .inf",
                "s9: '1.5'",
                "s10: 150KB",
                "s11: |\n  42\n",
                ""));
    assertNull(value(r, "n1"));
    assertNull(value(r, "n2"));
    assertNull(value(r, "n3"));
    assertEquals(Boolean.TRUE, value(r, "b1"));
    assertEquals(Boolean.FALSE, value(r, "b2"));
    assertEquals(42L, value(r, "i1"));
    assertEquals(-7L, value(r, "i2"));
    assertEquals(31L, value(r, "i3"));
    assertEquals(15L, value(r, "i4"));
    assertEquals(new BigInteger("123456789012345678901234567890"), value(r, "i5"));
    assertEquals(new BigInteger("fe80000000000000", 16), value(r, "i6"));
    assertEquals(new BigDecimal("1.5"), value(r, "f1"));
    assertEquals(new BigDecimal("1e3"), value(r, "f2"));
    assertEquals(new BigDecimal("-.5"), value(r, "f3"));
    assertEquals("yes", value(r, "s1"), "YAML 1.2: yes is text");
    assertEquals("on", value(r, "s2"));
    assertEquals("2027-03-31", value(r, "s3"), "unquoted dates stay text");
    assertEquals("42", value(r, "s4"), "quoted numbers are text");
    assertEquals("1_000", value(r, "s5"));
    assertEquals("400G", value(r, "s6"));
    assertEquals("1.6T", value(r, "s7"));
    assertEquals(".inf", value(r, "s8"));
    assertEquals("1.5", value(r, "s9"));
    assertEquals("150KB", value(r, "s10"));
    assertEquals("42\n", value(r, "s11"), "block scalars are text");
    assertEquals("0x1F", ((ScalarNode) at(r, "i3")).text(), "the text is kept as written");
  }

  @Test
  void absurdNumbersStayText() {
    String digits = "9".repeat(5000);
    MapNode r = ok("a: " + digits + "\nb: 1e999999999\nc: 1e-999999999\nd: 1e300\n");
    assertEquals(digits, value(r, "a"), "no quadratic BigInteger parse of a hostile number");
    assertEquals("1e999999999", value(r, "b"));
    assertEquals("1e-999999999", value(r, "c"));
    assertEquals(new BigDecimal("1e300"), value(r, "d"));
  }

  @Test
  void standardTagsAreHonoured() {
    MapNode r =
        ok("a: !!str 42\nb: !!int \"7\"\nc: !!float 2\nd: !!map {x: 1}\ne: !!seq [1]\nf: ! 12\n");
    assertEquals("42", value(r, "a"));
    assertEquals(7L, value(r, "b"));
    assertEquals(new BigDecimal("2"), value(r, "c"));
    assertInstanceOf(MapNode.class, at(r, "d"));
    assertInstanceOf(ListNode.class, at(r, "e"));
    assertEquals("12", value(r, "f"), "the non-specific tag ! makes a plain scalar text");
  }

  // ---- hardening: each bad input gives exactly one located finding -------------------------

  @Test
  void duplicateKeysNameBothLines() {
    Finding f = oneError("fabric:\n  name: a\n  mtu: 1\n  name: b\n");
    assertEquals(new Location(FILE, 4, 3), f.location());
    assertTrue(
        f.message().contains("'name'")
            && f.message().contains("line 4")
            && f.message().contains("line 2"),
        f.message());
  }

  @Test
  void duplicateTopLevelKeysAreRejected() {
    Finding f = oneError("version: 1\nswitches: []\nversion: 1\n");
    assertEquals(3, f.location().line());
    assertTrue(f.message().contains("line 1"), f.message());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a: !!python/object:os.system {}|!!python/object:os.system",
        "a: !foo bar|!foo",
        "a: !!binary aGVsbG8=|!!binary",
        "a: !!set {x: null}|!!set",
        "a: !<tag:example.com,2000:x> 1|tag:example.com,2000:x",
        "a: !!timestamp 2027-01-01|!!timestamp",
      })
  void customTagsAreRejected(String yaml, String tag) {
    Finding f = oneError(yaml + "\n");
    assertEquals(new Location(FILE, 1, 4), f.location());
    assertTrue(f.message().contains(tag) && f.message().contains("not allowed"), f.message());
  }

  @Test
  void wrongStandardTagIsRejected() {
    Finding f = oneError("a: !!int s3cret\n");
    assertTrue(
        f.message().contains("!!int") && f.message().contains("not an integer"), f.message());
    assertTrue(
        !f.message().contains("s3cret"),
        "values are never echoed (credential files use this parser)");
  }

  @Test
  void aliasBombIsRejectedWithoutExpandingIt() {
    StringBuilder y =
        new StringBuilder(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; c++) {
      y.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        y.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      y.append("]\n");
      prev = c;
    }
    Finding f = oneError(y.toString());
    assertTrue(f.message().contains("alias"), f.message());
    assertTrue(
        f.location().line() > 1, "points at the alias that crossed the budget: " + f.location());
  }

  @Test
  void tooManyAliasesToCollectionsAreRejected() {
    StringBuilder y = new StringBuilder("base: &p {speed: 400G}\nports:\n");
    for (int i = 0; i < 101; i++) {
      y.append("  - *p\n");
    }
    Finding f = oneError(y.toString());
    assertEquals(new Location(FILE, 103, 5), f.location(), "the 101st alias");
    assertTrue(f.message().contains("100"), f.message());
  }

  @Test
  void aliasesToScalarsAreNotCounted() {
    StringBuilder y = new StringBuilder("speed: &s 400G\nports:\n");
    for (int i = 0; i < 500; i++) {
      y.append("  - *s\n");
    }
    MapNode r = ok(y.toString());
    assertEquals(500, ((ListNode) at(r, "ports")).items().size());
  }

  @Test
  void recursiveAliasIsRejected() {
    Finding f = oneError("a: &x [1, *x]\n");
    assertTrue(f.message().contains("recursive"), f.message());
    assertEquals(new Location(FILE, 1, 11), f.location());
  }

  @Test
  void undefinedAliasIsRejected() {
    Finding f = oneError("a: *nope\n");
    assertTrue(f.message().contains("*nope"), f.message());
  }

  @Test
  void anchorsAndAliasesShareTheNodeAndItsLocation() {
    MapNode r = ok("profiles:\n  base: &b {speed: 400G, role: fabric}\nports:\n  - *b\n");
    assertSame(at(r, "profiles", "base"), ((ListNode) at(r, "ports")).items().get(0));
  }

  @Test
  void mergeKeysMergeWithExplicitKeysWinning() {
    MapNode r = ok("d: &d {speed: 400G, mtu: 9216}\np:\n  <<: *d\n  mtu: 4200\n  name: x\n");
    MapNode p = (MapNode) at(r, "p");
    assertEquals(List.of("speed", "mtu", "name"), List.copyOf(p.entries().keySet()));
    assertEquals(4200L, ((ScalarNode) at(p, "mtu")).value());
    assertEquals(
        new Location(FILE, 1, 8),
        p.entries().get("speed").keyLocation(),
        "a merged key keeps where it was written");
  }

  @Test
  void oversizedFileIsOneFindingWithoutParsing() {
    byte[] big = new byte[50 * 1024 * 1024];
    Arrays.fill(big, (byte) 'a');
    Finding f = oneError(file(big));
    assertEquals(Location.ofFile(FILE), f.location());
    assertTrue(f.message().contains("52428800") && f.message().contains("16777216"), f.message());
  }

  @Test
  void deepFlowNestingIsRejectedWithoutStackOverflow() {
    String deep = "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
    Finding f = oneError(deep);
    assertTrue(f.message().contains("64"), f.message());
    assertEquals(1, f.location().line());
  }

  @Test
  void deepMappingNestingIsRejectedWithoutStackOverflow() {
    String deep = "{a: ".repeat(10_000) + "1" + "}".repeat(10_000) + "\n";
    Finding f = oneError(deep);
    assertTrue(f.message().contains("nest deeper"), f.message());
  }

  @Test
  void deepBlockNestingIsRejected() {
    StringBuilder y = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      y.append(" ".repeat(i)).append("k:\n");
    }
    Finding f = oneError(y.toString());
    assertEquals(
        new Location(FILE, 65, 65),
        f.location(),
        "the root map (line 1) is level 1, so level 65 starts on line 65");
  }

  @Test
  void nestingUpToTheLimitIsFine() {
    String y = "a: " + "[".repeat(63) + "]".repeat(63) + "\n";
    assertNotNull(ok(y));
  }

  @Test
  void binaryFileIsRejected() {
    byte[] bytes = "a: 1\nb: x\0y\n".getBytes(StandardCharsets.UTF_8);
    Finding f = oneError(file(bytes));
    assertEquals(new Location(FILE, 2, 5), f.location());
    assertTrue(f.message().contains("binary"), f.message());
  }

  @Test
  void invalidUtf8IsRejected() {
    byte[] bytes = {
      'a', ':', ' ', '1', '\n', 'b', ':', ' ', (byte) 0xC3, (byte) 0xA9, (byte) 0xFF, '\n'
    };
    Finding f = oneError(file(bytes));
    assertEquals(
        new Location(FILE, 2, 5), f.location(), "é counts as one column, then the bad byte");
    assertTrue(f.message().contains("UTF-8") && f.message().contains("0xFF"), f.message());
  }

  @Test
  void controlCharacterIsRejected() {
    Finding f = oneError("a: 1\nb: x\u0007\n");
    assertEquals(new Location(FILE, 2, 5), f.location());
    assertTrue(f.message().contains("U+0007"), f.message());
  }

  @Test
  void emptyFilesAreEmptyMaps() {
    for (String empty : List.of("", "# only a comment\n", "---\n", "\n\n")) {
      MapNode r = ok(empty);
      assertTrue(r.entries().isEmpty(), () -> "'" + empty + "'");
      assertEquals(Location.ofFile(FILE), r.location());
    }
  }

  @Test
  void utf8ByteOrderMarkIsAccepted() {
    byte[] body = "version: 1\n".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[body.length + 3];
    bytes[0] = (byte) 0xEF;
    bytes[1] = (byte) 0xBB;
    bytes[2] = (byte) 0xBF;
    System.arraycopy(body, 0, bytes, 3, body.length);
    ParseResult r = parser.parse(file(bytes));
    assertEquals(List.of(), r.findings());
    assertEquals(1L, ((ScalarNode) r.root().get("version").orElseThrow()).value());
  }

  @Test
  void topLevelListIsRejected() {
    Finding f = oneError("- a\n- b\n");
    assertEquals(new Location(FILE, 1, 1), f.location());
    assertTrue(f.message().contains("mapping") && f.message().contains("a list"), f.message());
  }

  @Test
  void topLevelScalarIsRejected() {
    Finding f = oneError("hunter2\n");
    assertTrue(
        f.message().contains("a single value") && !f.message().contains("hunter2"), f.message());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1: x|1|an integer",
        "true: x|1|a boolean",
        "null: x|1|null",
        "a: {1.5: x}|5|a number",
        "[a, b]: x|1|a list",
        "{a: b}: x|1|a mapping",
      })
  void nonTextKeysAreRejected(String yaml, int column, String found) {
    Finding f = oneError(yaml + "\n");
    assertEquals(column, f.location().column());
    assertTrue(
        f.message().contains("keys must be text") && f.message().contains(found), f.message());
  }

  @Test
  void syntaxErrorIsLocatedAndInPlainWords() {
    Finding f = oneError("fabric:\n  name: a\n  mtu: [1, 2\nswitches: []\n");
    assertTrue(f.message().startsWith("YAML syntax error: "), f.message());
    assertTrue(f.location().line() >= 3, f.location().toString());
    assertTrue(!f.message().contains("\n"), "one line");
  }

  @Test
  void badIndentationIsLocated() {
    Finding f = oneError("fabric:\n  name: a\n   mtu: 1\n");
    assertEquals(new Location(FILE, 3, 7), f.location());
    assertEquals(
        "YAML syntax error: a ':' is not allowed here; check this line's indentation, or quote a value "
            + "that contains ': '",
        f.message());
  }

  @Test
  void tabIndentationIsLocated() {
    Finding f = oneError("fabric:\n\tname: a\n");
    assertEquals(new Location(FILE, 2, 1), f.location());
    assertEquals(
        "YAML syntax error: a tab character; indent YAML with spaces, never tabs", f.message());
  }

  @Test
  void unclosedQuoteNamesWhereTheQuoteStarts() {
    Finding f = oneError("a: 'open\nb: 1\n");
    assertEquals(
        "YAML syntax error: the file ends before a closing quote (while scanning a quoted scalar "
            + "that starts at line 1, column 4)",
        f.message());
  }

  @Test
  void unclosedFlowListNamesWhereItStarts() {
    Finding f = oneError("fabric:\n  mtu: [1, 2\nswitches: []\n");
    assertEquals(new Location(FILE, 3, 9), f.location());
    assertTrue(
        f.message().contains("not closed with ']'") && f.message().contains("line 2, column 8"),
        f.message());
  }

  @Test
  void secondDocumentIsRejected() {
    Finding f = oneError("version: 1\n---\nfabric: {}\n");
    assertEquals(2, f.location().line());
  }

  @Test
  void independentFindingsAreAllReported() {
    ParseResult r = parser.parse(file("a: 1\na: 2\nb: !foo x\n"));
    assertNull(r.root());
    assertEquals(List.of(2, 3), r.findings().stream().map(f -> f.location().line()).toList());
  }

  @Test
  void parserIsReusableAndGivesEqualTrees() {
    String y = "version: 1\nfabric: {name: a}\n";
    assertEquals(parser.parse(file(y)), parser.parse(file(y)));
  }
}
