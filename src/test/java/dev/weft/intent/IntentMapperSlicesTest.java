package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import dev.weft.testing.TestYaml;
import dev.weft.yaml.MapNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mapper maps switches, hosts and links in parallel slices: results and findings must come back
 * in list order, the same on every run, across slice boundaries.
 */
class IntentMapperSlicesTest {

  private static final int SWITCHES = 2_000; // several slices

  private static String inventory() {
    StringBuilder yaml =
        new StringBuilder(TestYaml.ROCE.substring(0, TestYaml.ROCE.indexOf("switches:")));
    yaml.append("switches:\n");
    for (int i = 0; i < SWITCHES; i++) {
      // every 7th switch has a port naming an unknown profile: a mapper finding at a known place
      String profile = i % 7 == 0 ? "hots-400g" : "host-400g";
      yaml.append("  - name: leaf-")
          .append(i)
          .append("\n    role: leaf\n    platform: sonic\n    ports:\n")
          .append("      - { name: Ethernet0, profile: ")
          .append(profile)
          .append(" }\n");
    }
    yaml.append("hosts: []\nlinks: []\n");
    return yaml.toString();
  }

  @Test
  void switchesAndFindingsKeepListOrderAcrossSlices() {
    MapNode root = TestYaml.parse("inv/pod.yaml", inventory()).root();
    MapResult first = new IntentMapper().map("inv", root, "inv/pod.yaml");

    List<String> names = first.model().switches().stream().map(Switch::name).toList();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < SWITCHES; i++) {
      expected.add("leaf-" + i);
    }
    assertEquals(expected, names);

    List<Finding> findings = first.findings();
    assertEquals((SWITCHES + 6) / 7, findings.size());
    for (Finding f : findings) {
      int i = Integer.parseInt(f.device().substring("leaf-".length()));
      assertEquals(0, i % 7, f.toString());
      assertEquals("/switches/" + i + "/ports/0/profile", f.path());
      // the header's lines, `switches:`, then five lines per switch with the port on the fifth
      int header =
          TestYaml.ROCE.substring(0, TestYaml.ROCE.indexOf("switches:")).split("\n").length;
      assertEquals(header + 6 + 5 * i, f.location().line(), f.toString());
    }
    for (int run = 0; run < 5; run++) {
      MapResult again = new IntentMapper().map("inv", root, "inv/pod.yaml");
      assertEquals(findings, again.findings());
      assertEquals(first.model().switches(), again.model().switches());
    }
    FabricModel model = first.model();
    assertEquals(SWITCHES, model.effectivePorts().size());
  }
}
