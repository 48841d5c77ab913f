package dev.weft.adopt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every text import writes reads back, through the project's YAML reader, as the same text (never a
 * number, bool or null).
 */
class YamlTextTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Ethernet0",
        "et-0/0/0",
        "leaf-01:Ethernet0",
        "yes",
        "No",
        "on",
        "null",
        "~",
        "0x1F",
        "1e5",
        "202411",
        "28.43.1014",
        "3.0",
        "127.0.0.1",
        "a: b",
        "# not a comment",
        "-dash",
        "quote \" and \\ back",
        "Rail-optimised 2-tier RoCE pod, 16 GPU nodes",
        "ethernet-1/2",
        "400G",
        ".inf",
        "1_000",
        "@at",
        "*alias"
      })
  void readsBackAsTheSameText(String value) {
    String yaml = "k: " + YamlText.text(value) + "\n";
    ParseResult r =
        new YamlParser(LoadLimits.defaults())
            .parse(new SourceFile("t.yaml", yaml.getBytes(StandardCharsets.UTF_8), null));
    assertTrue(r.ok(), yaml + r.findings());
    ScalarNode node = (ScalarNode) r.root().get("k").orElseThrow();
    assertEquals(value, node.value(), yaml);
  }
}
