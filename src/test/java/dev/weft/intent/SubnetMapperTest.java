package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.ib.IbFixtures;
import dev.weft.model.Subnet;
import dev.weft.units.Speed;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubnetMapperTest {

  @Test
  void mapsEveryFieldWithItsLine() {
    IbFixtures.Built b = IbFixtures.pod();
    Subnet s = b.model().subnet();
    assertEquals(List.of(), b.mapperFindings());
    assertEquals(List.of("ftree", "updn"), s.routingEngines());
    assertEquals(new Speed(400), s.rate());
    assertEquals(4096, s.mtu());
    assertEquals(15, s.subnetManagers().get(0).priority());
    assertEquals(0x0101L, s.partitions().get(1).pkey());
    assertEquals("0x0101", s.partitions().get(1).pkeyText());
    assertTrue(s.qosEnabled());
    assertTrue(s.sharpEnabled());
    assertEquals(16, s.qos().sl2vl().size());
    assertEquals(b.at("/subnet/qos/sl2vl/2"), s.qos().sl2vlAt().get(2));
    assertEquals(b.at("/subnet/partitions/1/pkey"), s.partitions().get(1).at().of("pkey"));
    assertEquals(b.at("/subnet/lmc"), s.at().of("lmc"));
  }

  @Test
  void oddShapesAreFindingsNotExceptions() {
    IbFixtures.Topology t = IbFixtures.fatTree(2, 2, 1);
    Map<String, Object> s = IbFixtures.podSubnet(t);
    s.put("routing-engine", "ftree"); // not a list
    s.put("rate", "400 G"); // space before the unit
    s.put("lmc", "zero"); // not a number
    IbFixtures.mapAt(s, "qos").put("sl2vl", new ArrayList<>(List.of(0L, "one")));
    IbFixtures.mapAt(s, "partitions/1/members/0").put("membership", "fool");
    IbFixtures.Built b = IbFixtures.build(t, s);
    List<String> where =
        b.mapperFindings().stream().map(f -> f.location().line() + " " + f.rule()).toList();
    assertEquals(5, b.mapperFindings().size(), b.mapperFindings().toString());
    for (Finding f : b.mapperFindings()) {
      assertEquals("schema", f.rule());
    }
    assertTrue(where.contains(b.at("/subnet/rate").line() + " schema"), where.toString());
    assertTrue(
        where.contains(b.at("/subnet/partitions/1/members/0/membership").line() + " schema"),
        where.toString());
    assertNull(b.model().subnet().rate());
    assertEquals(List.of(), b.model().subnet().routingEngines());
  }

  @Test
  void pkeysParse() {
    assertEquals(0x7fffL, SubnetMapper.parsePkey("0x7fff"));
    assertEquals(257L, SubnetMapper.parsePkey("257"));
    assertNull(SubnetMapper.parsePkey("0x01G1"));
    assertNull(SubnetMapper.parsePkey("0x"));
    assertNull(SubnetMapper.parsePkey(null));
  }
}
