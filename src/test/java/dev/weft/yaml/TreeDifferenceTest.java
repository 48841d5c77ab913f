package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.source.SourceFile;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The comparer {@code WEFT_FAST=verify} relies on: it must see each kind of difference, and none
 * where there is none.
 */
class TreeDifferenceTest {

  private static MapNode tree(String yaml) {
    return new YamlParser(LoadLimits.defaults())
        .parseWithSnakeYaml(new SourceFile("f.yaml", yaml.getBytes(StandardCharsets.UTF_8), null))
        .root();
  }

  @Test
  void theSameTreeFromBothParsersHasNoDifference() {
    String yaml = "a: 1\nb:\n  - x\n  - {c: true}\nd: 2.5\n";
    MapNode fast =
        FastYamlParser.parse(
            "f.yaml", yaml.getBytes(StandardCharsets.UTF_8), LoadLimits.defaults());
    assertNull(TreeDifference.between(fast, tree(yaml)));
  }

  @Test
  void eachKindOfDifferenceIsNamedWithItsPlace() {
    assertEquals(
        "the value at 1:4 is Long '1' in the fast path, String '1' in snakeyaml-engine",
        TreeDifference.between(tree("a: 1\n"), tree("a: '1'\n")).replace("Integer", "Long"));
    assertEquals(
        "at 1:1 the keys differ: 'a' (fast path) against 'b'",
        TreeDifference.between(tree("a: 1\n"), tree("b: 1\n")));
    assertEquals(
        "the mapping at 1:1 has 2 keys in the fast path, 1 in snakeyaml-engine",
        TreeDifference.between(tree("a: 1\nb: 2\n"), tree("a: 1\n")));
    assertEquals(
        "the list at 1:4 has 2 items in the fast path, 1 in snakeyaml-engine",
        TreeDifference.between(tree("a: [1, 2]\n"), tree("a: [1]\n")));
    assertEquals(
        "at 1:4 the fast path built a list, snakeyaml-engine a scalar",
        TreeDifference.between(tree("a: [1]\n"), tree("a: 1\n")));
    assertEquals(
        "a node is at 2:4 in the fast path, at 1:4 in snakeyaml-engine",
        TreeDifference.between(tree("a:\n   1\n"), tree("a: 1\n")));
  }
}
