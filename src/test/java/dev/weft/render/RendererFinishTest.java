package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.weft.accel.Accelerators;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Renderer#finish} against what it did before it wrote bytes itself. */
class RendererFinishTest {

  private static byte[] before(String output, String text) throws JsonException {
    if (output.endsWith(".json")) {
      return Json.write(Json.parse(text)).getBytes(StandardCharsets.UTF_8);
    }
    String trimmed = text.stripTrailing();
    return (trimmed.isEmpty() ? "" : trimmed + "\n").getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void textFilesEndInOneNewlineAsBefore() throws JsonException {
    List<String> texts =
        List.of(
            "",
            "\n",
            " \t\r\n\u000b\f\u001c\u001f",
            "a",
            "a\n\n\n",
            "a \n \t",
            "  lead\n",
            "caf\u00e9\n",
            "x\u2028\n",
            "x\u2003 ",
            "x\u00a0\n",
            "x\u0085\n",
            "\u20ac",
            "\u3000",
            "ok\u3000\n",
            "a\ud83d\ude00\n",
            "line\r\n");
    for (String text : texts) {
      assertArrayEquals(
          before("roce-qos.sh", text),
          Renderer.finish("roce-qos.sh", text, "leaf-01", Accelerators.on()),
          text);
    }
    Random random = new Random(3);
    String alphabet = "ab \n\t\r\u00e9\u2028\u00a0\u3000\u001f";
    for (int i = 0; i < 5000; i++) {
      StringBuilder text = new StringBuilder();
      for (int n = random.nextInt(8); n > 0; n--) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      assertArrayEquals(
          before("nccl.env", text.toString()),
          Renderer.finish("nccl.env", text.toString(), "leaf-01", Accelerators.on()),
          text.toString());
    }
  }

  @Test
  void jsonFilesAreCanonicalAsBefore() throws JsonException {
    String text =
        "{\"PORT\": {\"Ethernet8\": {\"mtu\": \"9100\"}, \"Ethernet0\": {\"mtu\": \"9100\"}}, \"A\": []}\n\n";
    assertArrayEquals(
        before("config_db.json", text),
        Renderer.finish("config_db.json", text, "leaf-01", Accelerators.on()));
  }
}
