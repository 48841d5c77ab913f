package dev.weft.platform.eos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.platform.ReadException;
import dev.weft.platform.SavedConfig;
import dev.weft.render.Examples;
import dev.weft.testing.CorpusPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The EOS running-config text reader judged on configurations no one here wrote: every {@code .cfg}
 * of the vendored AVD corpus ({@code src/test/resources/corpus/avd/}, the EOS CLI AVD's {@code
 * eos_cli_config_gen} renders for its test cases) is recognised as EOS, read through the pack, and
 * its plan, by value, compared with its expectation file in {@code
 * src/test/resources/corpus-expect/avd/} (the shape the SONiC corpus uses; the README there says
 * how the EOS ones were written). A corpus file without an expectation fails.
 */
class EosCorpusReadTest {

  private static final Path ROOT = Examples.projectRoot();
  private static final Path CORPUS = ROOT.resolve("src/test/resources/corpus");
  private static final Path EXPECT = ROOT.resolve("src/test/resources/corpus-expect");

  static List<String> files() throws IOException {
    return CorpusPlan.files("avd", ".cfg");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void readsThePlanTheFileHolds(String file) throws Exception {
    String text = Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8);
    assertEquals(
        OptionalInt.of(1),
        new EosPack().recognises(new SavedConfig("cfg", text, null)),
        file + " is EOS text");
    Path expectFile = EXPECT.resolve(file.replaceAll("\\.cfg$", ".expect.json"));
    EosPack pack = new EosPack();
    if (!Files.exists(expectFile)) {
      String read;
      try {
        read = Json.write(new TreeMap<>(CorpusPlan.of(pack.read(text, "avd", file))));
      } catch (ReadException e) {
        read = "unreadable: " + e.getMessage();
      }
      throw new AssertionError(
          file + " has no expectation: write " + ROOT.relativize(expectFile) + " (read: " + read);
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> expected =
        (Map<String, Object>) Json.parse(Files.readString(expectFile, StandardCharsets.UTF_8));
    if (expected.containsKey("unreadable")) {
      ReadException e = assertThrows(ReadException.class, () -> pack.read(text, "avd", file));
      assertTrue(
          e.getMessage().contains((String) expected.get("unreadable")),
          file + ": " + e.getMessage());
      return;
    }
    Map<String, Object> plan = new TreeMap<>(CorpusPlan.of(pack.read(text, "avd", file)));
    expected.remove("validate-errors"); // what validate says of its import: ImportCorpusPageTest
    plan.put("input", expected.get("input"));
    assertEquals(Json.write(expected), Json.write(plan), file);
  }
}
