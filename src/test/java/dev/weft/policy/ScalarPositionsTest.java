package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.finding.Location;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every character of an expression maps back to the file position where it was written, in every
 * YAML scalar style: checked character by character against the file text, with the real YAML
 * parser.
 */
class ScalarPositionsTest {

  private static final List<String> FILES =
      List.of(
          "condition: port.speed <= speed('400G') && port.role == 'fabric'\n",
          "condition: \"port.speed <= speed('400G') && port.role == \\\"fabric\\\"\"\n",
          "condition: 'port.speed <= speed(''400G'')'\n",
          "condition: |\n  port.role == 'fabric' ||\n    port.speed <= 400\n",
          "condition: >-\n  port.role == 'fabric'\n  || port.speed <= 400\n",
          "a: 1\ncondition: port.role == 'fabric' ||\n  port.speed <= 400   # a comment\nb: 2\n",
          "nested:\n  condition: |-\n    [1, 2].all(x,\n      x < port.speed)\n");

  @TestFactory
  Stream<DynamicTest> everyCharacterMapsToWhereItIsWritten() {
    return FILES.stream()
        .map(
            text ->
                DynamicTest.dynamicTest(
                    text.replace("\n", "⏎"),
                    () -> {
                      MapNode root =
                          new YamlParser(LoadLimits.defaults())
                              .parse(
                                  new SourceFile(
                                      "rule.yaml", text.getBytes(StandardCharsets.UTF_8), null))
                              .root();
                      MapNode holder = root.get("nested").map(n -> (MapNode) n).orElse(root);
                      ScalarNode s = (ScalarNode) holder.get("condition").orElseThrow();
                      ScalarPositions positions = new ScalarPositions(text, s.location(), s.text());
                      String[] lines = text.split("\n", -1);
                      for (int i = 0; i < s.text().length(); i++) {
                        char c = s.text().charAt(i);
                        if (Character.isWhitespace(c)) {
                          continue;
                        }
                        Location at = positions.atOffset(i);
                        assertEquals(
                            c,
                            lines[at.line() - 1].charAt(at.column() - 1),
                            "character " + i + " of " + s.text() + " at " + at);
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> celLinesAndColumnsCountWithinTheValue() {
    String text = "condition: |\n  port.role == 'fabric' ||\n    port.spead <= 400\n";
    MapNode root =
        new YamlParser(LoadLimits.defaults())
            .parse(new SourceFile("rule.yaml", text.getBytes(StandardCharsets.UTF_8), null))
            .root();
    ScalarNode s = (ScalarNode) root.get("condition").orElseThrow();
    ScalarPositions positions = new ScalarPositions(text, s.location(), s.text());
    String valueLine = s.text().split("\n")[1];
    String fileLine = text.split("\n")[2];
    return Stream.of(
        DynamicTest.dynamicTest(
            "line 2",
            () ->
                assertEquals(
                    new Location("rule.yaml", 3, fileLine.indexOf("spead") + 1),
                    positions.at(2, valueLine.indexOf("spead")))));
  }
}
