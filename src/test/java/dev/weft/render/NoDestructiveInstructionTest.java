package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 32: no generated file instructs a command that replaces what the switch runs with the file
 * alone. Every file every example inventory renders to is searched for the replace-style commands
 * of each platform.
 */
class NoDestructiveInstructionTest {

  /**
   * nv config replace, config reload, configure replace, copy ... running-config / startup-config.
   */
  private static final Pattern REPLACE =
      Pattern.compile(
          "nv\\s+config\\s+replace|config\\s+reload|configure\\s+replace|copy\\s+\\S+\\s+(running|startup)-config"
              + "|load\\s+override|replace\\s+pattern",
          Pattern.CASE_INSENSITIVE);

  @Test
  void noRenderedFileOfAnyExampleInstructsAReplace() {
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<String> offending = new ArrayList<>();
    int files = 0;
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledDevice device : fabric.devices()) {
        Renderer.DeviceOutput out = renderer.renderDevice(device, fabric.fabric());
        for (Map.Entry<String, byte[]> f : out.files().entrySet()) {
          files++;
          String text = new String(f.getValue(), StandardCharsets.UTF_8);
          if (REPLACE.matcher(text).find()) {
            offending.add(inventory + "/" + device.name() + "/" + f.getKey());
          }
        }
      }
    }
    assertFalse(files < 50, "the examples rendered only " + files + " files");
    assertEquals(List.of(), offending);
  }
}
