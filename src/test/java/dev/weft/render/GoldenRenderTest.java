package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.compile.CompiledFabric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every rendered file of the example inventories compared byte for byte with {@code
 * src/test/resources/golden/render/<inventory>/<device>/<file>}. Run with {@code
 * -Dgolden.update=true} to rewrite the goldens (see the README next to them).
 */
class GoldenRenderTest {
  static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "render");

  @TestFactory
  Stream<DynamicTest> renderedFilesMatchGoldens() throws IOException {
    boolean update = Boolean.getBoolean("golden.update");
    List<DynamicTest> tests = new ArrayList<>();
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      MemorySink sink = new MemorySink();
      RenderResult result = renderer.render(fabric, RenderOptions.all(), sink);
      assertTrue(result.findings().isEmpty(), inventory + ": " + result.findings());
      Path root = Examples.projectRoot().resolve(GOLDEN).resolve(inventory);
      Map<String, byte[]> files = sink.files();
      if (update) {
        rewrite(root, files);
      }
      TreeSet<String> golden = new TreeSet<>();
      if (Files.isDirectory(root)) {
        try (Stream<Path> walk = Files.walk(root)) {
          walk.filter(Files::isRegularFile)
              .forEach(p -> golden.add(root.relativize(p).toString().replace('\\', '/')));
        }
      }
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        String name = inventory + "/" + file.getKey();
        tests.add(
            DynamicTest.dynamicTest(
                name, () -> compare(root.resolve(file.getKey()), file.getValue(), name)));
      }
      for (String stale : golden) {
        if (!files.containsKey(stale)) {
          tests.add(
              DynamicTest.dynamicTest(
                  inventory + "/" + stale + " (stale)",
                  () ->
                      fail(
                          "golden "
                              + inventory
                              + "/"
                              + stale
                              + " is no longer rendered; run with -Dgolden.update=true")));
        }
      }
    }
    return tests.stream();
  }

  private static void rewrite(Path root, Map<String, byte[]> files) throws IOException {
    if (Files.isDirectory(root)) {
      try (Stream<Path> walk = Files.walk(root)) {
        for (Path p : walk.sorted((a, b) -> b.compareTo(a)).toList()) {
          Files.delete(p);
        }
      }
    }
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      Path target = root.resolve(file.getKey());
      Files.createDirectories(target.getParent());
      Files.write(target, file.getValue());
    }
  }

  private static void compare(Path golden, byte[] actual, String name) throws IOException {
    if (!Files.exists(golden)) {
      fail("no golden for " + name + "; run with -Dgolden.update=true and review the new file");
    }
    byte[] expected = Files.readAllBytes(golden);
    if (Arrays.equals(expected, actual)) {
      return;
    }
    Path dump = Examples.projectRoot().resolve("target/golden-actual").resolve(name);
    Files.createDirectories(dump.getParent());
    Files.write(dump, actual);
    String[] want = new String(expected, StandardCharsets.UTF_8).split("\n", -1);
    String[] got = new String(actual, StandardCharsets.UTF_8).split("\n", -1);
    int line = 0;
    while (line < want.length && line < got.length && want[line].equals(got[line])) {
      line++;
    }
    fail(
        name
            + " differs from its golden at line "
            + (line + 1)
            + ":\n- "
            + (line < want.length ? want[line] : "<end of file>")
            + "\n+ "
            + (line < got.length ? got[line] : "<end of file>")
            + "\nactual written to "
            + dump
            + "; if the change is intended, run with -Dgolden.update=true");
  }
}
