package dev.weft.cabling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.model.FabricModel;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cabling audit names the rails the intent declares, and falls back to NIC position only
 * without them.
 */
class RailsTest {

  private static final Path PASS = TestYaml.projectDir().resolve("policies/rail-mismatch/pass");

  private static FabricModel read(Path dir) throws Exception {
    return TestPlatforms.intentReader()
        .read(
            new WorkingTreeSource(
                dir.startsWith(TestYaml.projectDir()) ? TestYaml.projectDir() : dir, dir))
        .model();
  }

  @Test
  void declaredRailsWinOverNicPosition(@TempDir Path dir) throws Exception {
    // eth0 is the first NIC (positional rail 0) but declares rail 1, and is cabled to the rail-1
    // leaf.
    String swapped =
        Files.readString(PASS.resolve("fabric.yaml"))
            .replace("{ name: eth0, speed: 400G, rail: 0 }", "{ name: eth0, speed: 400G, rail: 1 }")
            .replace("{ name: eth1, speed: 400G, rail: 1 }", "{ name: eth1, speed: 400G, rail: 0 }")
            .replace("b: gpu-001:eth0", "b: gpu-001:ethX")
            .replace("b: gpu-001:eth1", "b: gpu-001:eth0")
            .replace("b: gpu-001:ethX", "b: gpu-001:eth1");
    Files.writeString(dir.resolve("fabric.yaml"), swapped);
    Rails rails = Rails.of(read(dir));
    assertEquals("gpu-001:eth0 (rail 1)", rails.name(new End("gpu-001", "eth0")));
    assertEquals("gpu-001:eth1 (rail 0)", rails.name(new End("gpu-001", "eth1")));
    assertEquals(1, rails.leaf("leaf-02"));
  }

  @Test
  void aLeafsDeclaredRailWinsOverTheNicsCabledToIt() throws Exception {
    // leaf-01 declares rail 0 but has gpu-001's rail-1 NIC on it (the rule rail-mismatch's fail
    // fixture).
    Rails rails = Rails.of(read(TestYaml.projectDir().resolve("policies/rail-mismatch/fail")));
    assertEquals(0, rails.leaf("leaf-01"));
    assertEquals("leaf-01:Ethernet0 (rail 0)", rails.name(new End("leaf-01", "Ethernet0")));
  }

  @Test
  void withoutDeclaredRailsANicsRailIsItsPosition(@TempDir Path dir) throws Exception {
    String undeclared =
        Files.readString(PASS.resolve("fabric.yaml"))
            .replaceAll("(?m)^ *rail: \\d+\\n", "")
            .replace(", rail: 0 }", " }")
            .replace(", rail: 1 }", " }");
    Files.writeString(dir.resolve("fabric.yaml"), undeclared);
    Rails rails = Rails.of(read(dir));
    assertEquals("gpu-001:eth1 (rail 1)", rails.name(new End("gpu-001", "eth1")));
    assertEquals(1, rails.leaf("leaf-02"));
  }
}
