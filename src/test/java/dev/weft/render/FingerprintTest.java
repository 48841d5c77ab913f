package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FingerprintTest {
  private static String of(Object value) {
    return new Fingerprint.Encoder().add("data", value).fingerprint();
  }

  @Test
  void inputsThatPrintAlikeFingerprintApart() {
    Map<String, Object> ab = new LinkedHashMap<>();
    ab.put("a", "b");
    List<Object> inputs =
        List.of(
            List.of("ab", "c"),
            List.of("a", "bc"),
            List.of("a", "b"),
            ab,
            List.of(ab),
            1,
            1L,
            "1",
            true,
            "true",
            List.of(),
            Map.of(),
            "",
            "é",
            "e",
            List.of(List.of()),
            Map.of("a", List.of("b")));
    Set<String> seen = new HashSet<>();
    for (Object input : inputs) {
      seen.add(of(input));
    }
    assertEquals(inputs.size(), seen.size());
    assertEquals(of(List.of("é", 3)), of(List.of("é", 3)), "same input, same fingerprint");
  }

  /** Map.of and HashMap iterate in an order that can change from one JVM run to the next. */
  @Test
  void mapsFingerprintByContentNotIterationOrder() {
    Map<Object, Object> forward = new LinkedHashMap<>();
    Map<Object, Object> backward = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) {
      forward.put("k" + i, i);
      backward.put("k" + (19 - i), 19 - i);
    }
    assertEquals(of(forward), of(backward));
    assertEquals(
        of(Map.of("priority", 3, "dscp", List.of(26))),
        of(new java.util.TreeMap<>(Map.of("priority", 3, "dscp", List.of(26)))));
    Map<Object, Object> mixed = new LinkedHashMap<>();
    mixed.put(1, "int");
    mixed.put("1", "string");
    Map<Object, Object> swapped = new LinkedHashMap<>();
    swapped.put("1", "int");
    swapped.put(1, "string");
    assertNotEquals(of(mixed), of(swapped));
  }

  @Test
  void aCopyIsIndependentOfItsOriginal() {
    Fingerprint.Encoder base = new Fingerprint.Encoder().add("data", List.of("x"));
    String before = base.fingerprint();
    Fingerprint.Encoder copy = base.copy().add("template", "t1");
    assertEquals(before, base.fingerprint());
    assertNotEquals(before, copy.fingerprint());
    assertEquals(copy.fingerprint(), base.copy().add("template", "t1").fingerprint());
  }

  /** What the manifest's input uses: the same fingerprint as adding the tail to a copy. */
  @Test
  void aTailGivesTheFingerprintOfACopyWithTheTailAdded() {
    Map<String, Object> port = Map.of("name", "Ethernet0", "queues", List.of(Map.of("queue", 3)));
    Fingerprint.Encoder base = new Fingerprint.Encoder().add("data", List.of(port, port, "x"));
    Fingerprint.Encoder tail =
        new Fingerprint.Encoder()
            .add("sonic/config_db.json.j2", "0123456789abcdef")
            .add("sonic/manifest.properties", "unreadable");
    String expected =
        base.copy()
            .add("sonic/config_db.json.j2", "0123456789abcdef")
            .add("sonic/manifest.properties", "unreadable")
            .fingerprint();
    assertEquals(expected, base.fingerprintThen(tail));
    assertEquals(expected, base.fingerprintThen(tail), "neither encoder changes");
    assertNotEquals(
        expected,
        base.fingerprintThen(new Fingerprint.Encoder().add("sonic/config_db.json.j2", "x")));
    assertEquals(base.fingerprint(), base.fingerprintThen(new Fingerprint.Encoder()));
  }

  @Test
  void fileFingerprintSeesEverySingleByteChange() {
    byte[] content = "{\n    \"a\": \"1\"\n}\n".repeat(50).getBytes(StandardCharsets.UTF_8);
    String original = Fingerprint.of(content);
    List<String> changed = new ArrayList<>();
    for (int i = 0; i < content.length; i++) {
      byte[] edited = content.clone();
      edited[i] ^= 0x20;
      changed.add(Fingerprint.of(edited));
    }
    changed.forEach(fp -> assertNotEquals(original, fp));
    assertEquals(16, original.length());
  }
}
