package dev.weft.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import dev.weft.rules.intent.OversubscriptionTarget;
import dev.weft.rules.intent.RailMismatch;
import dev.weft.rules.intent.RailSpinesDiffer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft generate} writes rails, scalable units and the leaves' oversubscription, and what it
 * writes passes the rail rules and every other rule at {@code --fail-on warning}: at 1,024 GPUs
 * (one spine group), at the smallest size with two spine groups (4,352), and for a three-tier
 * fabric (pods and super-spines) built with small switches; scripts/bench validates 32,768 and
 * 131,072 the same way and stops on a finding.
 */
class GeneratedRailsTest {

  private static final List<Rule> RAIL_RULES =
      List.of(new RailMismatch(), new RailSpinesDiffer(), new OversubscriptionTarget());

  private static List<String> railFindings(Path dir, Map<String, String> files) throws Exception {
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path file = dir.resolve(f.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, f.getValue());
    }
    FabricModel model = TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir)).model();
    List<String> out = new ArrayList<>();
    for (Rule r : RAIL_RULES) {
      for (Finding f : r.check(new RuleInput(model, null, LocalDate.of(2026, 6, 1)))) {
        out.add(f.rule() + " " + f.device() + " " + f.port());
      }
    }
    return out;
  }

  @Test
  void aGeneratedFabricDeclaresEveryRailAndPassesTheRailRules(@TempDir Path dir) throws Exception {
    Map<String, String> files =
        new RoceFabricGenerator().generate("gpu-1024", RoceFabricShape.forGpus(1024));
    String all = String.join("\n", files.values());
    assertEquals(
        1024, all.split("speed: 400G, rail: \\d+ }", -1).length - 1, "every NIC declares a rail");
    assertEquals(List.of(), railFindings(dir, files));
  }

  private static Path write(Path dir, Map<String, String> files) throws Exception {
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path file = dir.resolve(f.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, f.getValue());
    }
    return dir;
  }

  /** Twelve scalable units of 4 nodes on 8-port spines: three pods, super-spines above them. */
  private static RailPlanes threeTiers() {
    return new RailPlanes(new RoceFabricShape(384, 8, 4, 64), 8);
  }

  @Test
  void theSmallestSizeWithTwoSpineGroupsPassesEveryRule(@TempDir Path dir) throws Exception {
    // 17 scalable units: 8 rails x 17 leaves no longer fit a 128-port spine, so rails 0-3 and 4-7
    // get a spine group each.
    RailPlanes planes = RailPlanes.of(RoceFabricShape.forGpus(4352));
    assertEquals(2, planes.spineGroups());
    assertEquals(1, RailPlanes.of(RoceFabricShape.forGpus(4096)).spineGroups());
    write(dir, new RoceFabricGenerator().generate("gpu-4352", planes));
    Weft.Run run = Weft.run("validate", dir.toString(), "--fail-on", "warning");
    assertEquals(0, run.exitCode(), run::toString);
  }

  @Test
  void aThreeTierFabricPassesEveryRule(@TempDir Path dir) throws Exception {
    RailPlanes planes = threeTiers();
    assertTrue(planes.threeTier());
    assertEquals(3, planes.pods());
    assertEquals(2, planes.superGroupsPerRail());
    write(dir, new RoceFabricGenerator().generate("three-tier", planes));
    Weft.Run run = Weft.run("validate", dir.toString(), "--fail-on", "warning");
    assertEquals(0, run.exitCode(), run::toString);
  }

  @Test
  void uplinksSwappedBetweenPodsAreFoundOnEachLeafAgainstItsOwnPod(@TempDir Path dir)
      throws Exception {
    // leaf-0001 (pod 1, rail 0) and leaf-0033 (pod 2, rail 0) exchange the spines of their first
    // uplink. Each is held to its own pod's spines; the other leaves of either pod are not flagged.
    Map<String, String> files = new RoceFabricGenerator().generate("three-tier", threeTiers());
    files.put(
        "spines/group-001.yaml",
        files
            .get("spines/group-001.yaml")
            .replace(
                "a: leaf-0001:Ethernet16, b: spine-0001:Ethernet0,",
                "a: leaf-0001:Ethernet16, b: spine-0033:Ethernet0,"));
    files.put(
        "spines/group-009.yaml",
        files
            .get("spines/group-009.yaml")
            .replace(
                "a: leaf-0033:Ethernet16, b: spine-0033:Ethernet0,",
                "a: leaf-0033:Ethernet16, b: spine-0001:Ethernet0,"));
    write(dir, files);
    FabricModel model = TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir)).model();
    List<Finding> found =
        new RailSpinesDiffer().check(new RuleInput(model, null, LocalDate.of(2026, 6, 1)));
    assertEquals(List.of("leaf-0001", "leaf-0033"), found.stream().map(Finding::device).toList());
    assertTrue(
        found
            .get(0)
            .message()
            .endsWith(
                "; missing [spine-0001]; extra [spine-0033]: a rail's leaves reach the same spines"),
        found.get(0)::message);
    assertTrue(
        found
            .get(1)
            .message()
            .endsWith(
                "; missing [spine-0033]; extra [spine-0001]: a rail's leaves reach the same spines"),
        found.get(1)::message);
  }

  @Test
  void twoNicsSwappedInTheGeneratedLinksAreFound(@TempDir Path dir) throws Exception {
    // The same check, proven able to fail: gpu-0001's eth0 and eth1 exchange leaves.
    Map<String, String> files =
        new RoceFabricGenerator().generate("gpu-1024", RoceFabricShape.forGpus(1024));
    String key =
        files.keySet().stream()
            .filter(k -> files.get(k).contains(":eth0, cable"))
            .findFirst()
            .orElseThrow();
    String text = files.get(key);
    String first = text.lines().filter(l -> l.contains(":eth0, cable")).findFirst().orElseThrow();
    String node = first.replaceAll(".*b: ([^:]+):eth0.*", "$1");
    files.put(
        key,
        text.replace(node + ":eth0, cable", node + ":ethX, cable")
            .replace(node + ":eth1, cable", node + ":eth0, cable")
            .replace(node + ":ethX, cable", node + ":eth1, cable"));
    assertEquals(
        List.of("rail-mismatch " + node + " eth1", "rail-mismatch " + node + " eth0"),
        railFindings(dir, files));
  }
}
