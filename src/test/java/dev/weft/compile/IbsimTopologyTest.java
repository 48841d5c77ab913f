package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Location;
import dev.weft.ib.IbFixtures;
import dev.weft.model.Endpoint;
import dev.weft.model.Link;
import dev.weft.model.Provenance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IbsimTopologyTest {

  @Test
  void guidsAreTheIntentsAndEveryCableAppearsAtBothEnds() {
    IbsimTopology.Result r = IbsimTopology.write(IbFixtures.pod().model());
    assertEquals(List.of(), r.findings());
    String t = r.text();
    assertTrue(
        t.contains(
            "switchguid=0x0002c903000a0000\nSwitch\t4 \"spine-01\"\t# \"spine-01\"\n[1]\t\"leaf-01\"[6]\n"),
        t);
    // HCA node GUID = port GUID - 1, because ibsim numbers port GUIDs node GUID + port
    assertTrue(
        t.contains(
            "caguid=0x0002c90300b00000\nHca\t1 \"gpu-001/mlx5_0\"\t# \"gpu-001 mlx5_0\"\n[1]\t\"leaf-01\"[1]\n"),
        t);
    assertTrue(t.contains("[1]\t\"gpu-001/mlx5_0\"[1]\n"), t);
    // records are separated by blank lines (ibsim swallows the next header otherwise)
    assertEquals(6 + 18, t.split("\n\n").length - 1);
  }

  @Test
  void aNonNumericSwitchPortIsALocatedFinding() {
    IbFixtures.Topology t = IbFixtures.fatTree(1, 1, 1);
    List<Link> links = new ArrayList<>(t.links());
    Location at = new Location("inventories/x/links.yaml", 7, 5);
    links.add(
        new Link(
            new Endpoint("leaf-01", "Ethernet0", at),
            new Endpoint("spine-01", "9", at),
            null,
            Provenance.at(at)));
    var model =
        IbFixtures.build(
                new IbFixtures.Topology(t.switches(), t.hosts(), links), IbFixtures.podSubnet(t))
            .model();
    IbsimTopology.Result r = IbsimTopology.write(model);
    assertEquals("", r.text());
    assertEquals(1, r.findings().size(), r.findings().toString());
    assertEquals(at, r.findings().get(0).location());
    assertTrue(r.findings().get(0).message().contains("'leaf-01:Ethernet0' must be a port number"));
  }
}
