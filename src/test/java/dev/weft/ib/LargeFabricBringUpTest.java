package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.IbExpectedState;
import dev.weft.compile.IbFabricState;
import dev.weft.compile.IbsimTopology;
import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.testing.LabTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated 1,024-host fat tree (16 spines, 32 leaves, 32 hosts per leaf, two SM hosts) renders
 * and comes up under the real OpenSM with both SMs. The bring-up time is recorded in {@code
 * target/ib-bringup-1024.txt} for the report; it is not asserted (no timing thresholds in tests).
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim"})
class LargeFabricBringUpTest {

  @Test
  void thousandHostFatTreeComesUpCleanlyWithFtree(@TempDir Path tmp) throws Exception {
    FabricModel model =
        IbFixtures.build(
                IbFixtures.fatTree(16, 32, 32),
                IbFixtures.podSubnet(IbFixtures.fatTree(16, 32, 32)))
            .model();
    assertEquals(1026, model.hosts().size());
    OpenSmRenderer.Output out = OpenSmTestRenderer.renderAll(model);
    List<String> sms = new ArrayList<>();
    for (SubnetManager sm : model.subnet().subnetManagers()) {
      Path dir = tmp.resolve(sm.host());
      Files.createDirectories(dir);
      for (Map.Entry<String, String> f : out.devices().get(sm.host()).entrySet()) {
        Files.writeString(dir.resolve(f.getKey()), f.getValue());
      }
      sms.add(IbsimTopology.nodeId(sm.host(), "mlx5_0") + "=" + dir);
    }
    Path net = Files.writeString(tmp.resolve("fabric.net"), out.topology());

    try (IbLab lab = new IbLab(OpenSmTestRenderer.projectDir(), tmp.resolve("lab"))) {
      IbLab.Run up = lab.up(net, sms);
      Matcher t = Pattern.compile("subnet up in ([0-9.]+)s").matcher(up.out());
      assertTrue(t.find(), up.out());
      Files.writeString(
          OpenSmTestRenderer.projectDir().resolve("target/ib-bringup-1024.txt"),
          "1,024-host fat tree (48 switches, 1,026 HCAs, 2 SMs): ibsim start to SUBNET UP in "
              + t.group(1)
              + " s\n");

      assertEquals(List.of(), lab.query("errors").lines());
      List<String> routing = lab.query("routing").lines();
      assertTrue(
          !routing.isEmpty()
              && routing.stream()
                  .allMatch(l -> l.endsWith("ftree tables configured on all switches")),
          String.join("\n", routing));

      // iblinkinfo prints each link from both ends (switch and CA); unwired switch ports have no
      // peer ("")
      List<String> wired =
          lab.query("links").lines().stream()
              .filter(l -> l.contains("==(") && !l.contains("\"\" ("))
              .toList();
      int linkEnds = 2 * (16 * 32 + 1026);
      assertEquals(linkEnds, wired.size());
      assertEquals(List.of(), wired.stream().filter(l -> !l.contains("Active/  LinkUp")).toList());

      // partitions reached both ends of the host range
      IbFabricState expected = IbExpectedState.of(model);
      for (String line :
          lab.query("pkeys", IbFixtures.hcaGuid(0), IbFixtures.hcaGuid(1023)).lines()) {
        String guid = line.split(" ")[1];
        TreeSet<Integer> got =
            Arrays.stream(line.replaceAll("^.*pkeys=", "").split(","))
                .map(Integer::decode)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected.ports().get(guid).pkeys(), got, line);
      }
    }
  }
}
