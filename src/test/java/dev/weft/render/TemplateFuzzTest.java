package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.fuzz.Fuzz;
import dev.weft.testing.FileTrees;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A site's template (a {@code --templates} override) on fuzzed text, loaded and rendered as the
 * renderer does it for one switch of the example roce-pod-a, inside the sandbox (no Java calls, no
 * files outside the template folders) and the budgets (output size, time). The render gives a text
 * or one-line problems naming the template, never an exception, and never more than the budget
 * allows. Seeds (TemplateFuzzTestInputs/): the small built-in templates and templates that broke a
 * sandbox or a budget elsewhere.
 */
class TemplateFuzzTest {

  /** Small budgets so a runaway input ends quickly; the contract does not depend on their size. */
  private static final long MAX_OUTPUT = 1 << 20;

  private static final Duration TIME_LIMIT = Duration.ofSeconds(2);

  private static final Map<String, Object> DATA = leafData();

  private static Map<String, Object> leafData() {
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    CompiledSwitch leaf = (CompiledSwitch) fabric.device("leaf-01").orElseThrow();
    return DeviceContext.of(
        leaf, fabric.fabric(), TestPlatforms.PLATFORMS.pack("sonic").orElseThrow());
  }

  @FuzzTest
  void anyTemplateRendersOrIsAProblem(byte[] bytes) throws IOException {
    Path dir = Files.createTempDirectory("weft-fuzz-templates");
    try {
      Files.write(dir.resolve("fuzz.j2"), bytes);
      TemplateEngine engine =
          new TemplateEngine(TemplateFolders.withOverrides(dir), MAX_OUTPUT, TIME_LIMIT);
      TemplateEngine.Outcome out = Fuzz.typedOnly(() -> engine.render("fuzz.j2", DATA));
      assertNotNull(out, "no outcome");
      assertTrue(out.text().length() <= MAX_OUTPUT, "output beyond the budget");
      if (!out.ok()) {
        assertEquals("", out.text(), "half a file handed out");
        out.problems()
            .forEach(p -> assertNotNull(p.template(), "a problem without its template: " + p));
      }
    } finally {
      FileTrees.delete(dir);
    }
  }
}
