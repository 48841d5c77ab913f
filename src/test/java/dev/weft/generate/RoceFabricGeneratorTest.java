package dev.weft.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RoceFabricGeneratorTest {

  private static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void theLargestPublishedSizeHasTheDocumentedShape() {
    RoceFabricShape shape = RoceFabricShape.forGpus(32768);
    assertEquals(4096, shape.nodes());
    assertEquals(1024, shape.leaves());
    // 128 leaves per rail fill a 128-port spine: one spine group per rail, still two tiers
    RailPlanes planes = RailPlanes.of(shape);
    assertFalse(planes.threeTier());
    assertEquals(8, planes.spineGroups());
    assertEquals(256, planes.spines());
  }

  @Test
  void theLargestBenchSizeNeedsAThirdTier() {
    // 512 leaves per rail: pods of 64 scalable units, spines half down, half up
    RailPlanes planes = RailPlanes.of(RoceFabricShape.forGpus(131072));
    assertTrue(planes.threeTier());
    assertEquals(8, planes.pods());
    assertEquals(2048, planes.spines());
    assertEquals(1024, planes.superSpines());
  }

  @Test
  void everyNicHasExactlyOneLinkAndEveryLeafUplinkReachesASpine() {
    RoceFabricShape shape = RoceFabricShape.forGpus(1024);
    Map<String, String> files = new RoceFabricGenerator().generate("gpu-1024", shape);
    String all = String.join("\n", files.values());
    int nics = count(all, "^      - \\{ name: eth\\d+, rdma-device");
    int hostLinks = count(all, "^  - \\{ a: leaf-\\d+:Ethernet\\d+, b: gpu-");
    int fabricLinks = count(all, "^  - \\{ a: leaf-\\d+:Ethernet\\d+, b: spine-");
    assertEquals(1024, nics);
    assertEquals(nics, hostLinks);
    assertEquals(shape.leaves() * shape.uplinksPerLeaf(), fabricLinks);
  }

  @Test
  void theSameSizeGivesIdenticalFiles() {
    RoceFabricShape shape = RoceFabricShape.forGpus(2048);
    assertEquals(
        new RoceFabricGenerator().generate("f", shape),
        new RoceFabricGenerator().generate("f", shape));
  }

  @Test
  void aGpuCountThatIsNotWholeNodesIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RoceFabricShape.forGpus(12));
    assertEquals("--gpus must be a positive multiple of 8, found 12", e.getMessage());
  }

  @Test
  void hardwareThatWouldLinkTwoSpeedsOrLacksPortsIsRefusedNotWritten() {
    RailPlanes planes = new RailPlanes(new RoceFabricShape(1024, 8, 16, 64), 32);
    SwitchModel slow =
        new SwitchModel(
            "spectrum-2",
            "Mellanox-SN3800-C64",
            "100G",
            java.util.stream.IntStream.range(0, 64).mapToObj(i -> "Ethernet" + i * 4).toList());
    FabricHardware mixed =
        new FabricHardware() {
          @Override
          public SwitchModel leaf(int rail) {
            return rail == 5 ? slow : SwitchModel.SN5600_O128;
          }

          @Override
          public SwitchModel spine(int group, int index) {
            return SwitchModel.SN5600_O128;
          }

          @Override
          public SwitchModel superSpine(int rail) {
            return SwitchModel.SN5600_O128;
          }
        };
    var speeds =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RoceFabricGenerator().generate("x", planes, mixed));
    assertTrue(speeds.getMessage().contains("Mellanox-SN3800-C64 (100G)"), speeds.getMessage());
    SwitchModel small =
        new SwitchModel(
            "spectrum-3", "Mellanox-SN4700-O32", "400G", java.util.List.of("Ethernet0"));
    var ports =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RoceFabricGenerator().generate("x", planes, FabricHardware.uniform(small)));
    assertEquals(
        "Mellanox-SN4700-O32 has 1 ports at 400G; the fabric's shape needs port 2",
        ports.getMessage());
  }

  @Test
  void theDefaultHardwareIsTheSn5600O128Everywhere() {
    Map<String, String> files =
        new RoceFabricGenerator().generate("x", RoceFabricShape.forGpus(1024));
    String all = String.join("", files.values());
    assertFalse(all.contains("100G"), "one speed");
    assertEquals(
        "profiles:\n"
            + "  host-400g: { speed: 400G, role: host-facing }\n"
            + "  fabric-400g: { speed: 400G, role: fabric }\n",
        files.get("profiles.yaml"));
  }
}
