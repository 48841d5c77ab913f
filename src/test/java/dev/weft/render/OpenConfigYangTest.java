package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.testing.LabTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rendered OpenConfig payload is valid for the project's own YANG modules ({@code yang/}, the
 * modules the real netconfd test device loads), checked by libyang's yanglint (Debian {@code
 * libyang2-tools}, installed by {@code scripts/install-test-deps}).
 */
@LabTest(needs = {"/usr/bin/yanglint", "/usr/sbin/netconfd"})
class OpenConfigYangTest {
  private static final String IETF = "/usr/share/yuma/modules/ietf";

  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> renderedPayloadValidates() {
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<DynamicTest> tests = new ArrayList<>();
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledSwitch sw : fabric.switches()) {
        if (sw.asic() == null) {
          continue; // no headroom to render: the OpenConfig platform requires it
        }
        tests.add(
            DynamicTest.dynamicTest(
                inventory + "/" + sw.name(),
                () -> {
                  Renderer.DeviceOutput out =
                      renderer.renderDeviceAs(sw, "openconfig", fabric.fabric());
                  assertTrue(out.findings().isEmpty(), out.findings().toString());
                  assertEquals("", yanglint(out.text("config.xml"), sw.name()));
                }));
      }
    }
    return tests.stream();
  }

  private String yanglint(String config, String name) throws IOException, InterruptedException {
    // yanglint takes the data without the NETCONF <config> wrapper.
    int start = config.indexOf('\n') + 1;
    int end = config.lastIndexOf("</config>");
    Path data = dir.resolve(name + ".xml");
    Files.writeString(data, config.substring(start, end));
    Path yang = Examples.projectRoot().resolve("yang");
    List<String> cmd =
        new ArrayList<>(List.of("yanglint", "-p", IETF, "-p", yang.toString(), "-t", "config"));
    try (Stream<Path> modules = Files.list(yang)) {
      modules
          .filter(p -> p.toString().endsWith(".yang"))
          .sorted()
          .forEach(p -> cmd.add(p.toString()));
    }
    cmd.add(IETF + "/iana-if-type@2014-05-08.yang");
    cmd.add(data.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "yanglint hung");
    assertEquals(0, p.exitValue(), output);
    return output.trim();
  }
}
