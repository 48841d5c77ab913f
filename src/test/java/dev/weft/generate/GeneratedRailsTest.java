package dev.weft.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import dev.weft.rules.intent.OversubscriptionTarget;
import dev.weft.rules.intent.RailMismatch;
import dev.weft.rules.intent.RailSpinesDiffer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
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
 * writes passes the rail rules (at 1,024 GPUs here; the 32,768-GPU run is in scripts/bench's
 * validate row).
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
