package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.ib.IbFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OpenSmRendererTest {

  final IbFixtures.Built pod = IbFixtures.pod();
  final OpenSmRenderer.Output out = OpenSmTestRenderer.renderAll(pod.model());

  @Test
  void everySmGetsTheFourFilesAndTheFabricATopology() {
    assertEquals(List.of("ufm-01", "ufm-02"), List.copyOf(out.devices().keySet()));
    out.devices()
        .values()
        .forEach(
            files ->
                assertEquals(
                    OpenSmTestRenderer.FILES.stream().sorted().toList(),
                    List.copyOf(files.keySet())));
    assertTrue(out.topology().contains("Switch\t7 \"leaf-01\""), out.topology());
  }

  @Test
  void renderingTwiceIsByteIdentical() {
    OpenSmRenderer.Output again = OpenSmTestRenderer.renderAll(IbFixtures.pod().model());
    assertEquals(out.devices(), again.devices());
    assertEquals(out.topology(), again.topology());
  }

  @Test
  void theTwoSmConfigsDifferOnlyInGuidAndPriority() {
    Map<String, String> a = out.devices().get("ufm-01");
    Map<String, String> b = out.devices().get("ufm-02");
    for (String f : List.of("partitions.conf", "qos-policy.conf", "root-guids.conf")) {
      assertEquals(a.get(f), b.get(f), f);
    }
    List<String> la = a.get("opensm.conf").lines().toList();
    List<String> lb = b.get("opensm.conf").lines().toList();
    assertEquals(la.size(), lb.size());
    List<String> differing =
        java.util.stream.IntStream.range(0, la.size())
            .filter(i -> !la.get(i).equals(lb.get(i)))
            .mapToObj(i -> la.get(i).split(" ")[0])
            .collect(Collectors.toList());
    assertEquals(List.of("#", "guid", "sm_priority"), differing);
    assertTrue(lb.contains("sm_priority 14"));
  }

  @Test
  void mtuAndRateAreWrittenAsIbCodes() {
    String parts = out.devices().get("ufm-01").get("partitions.conf");
    assertTrue(parts.contains("tenant-a=0x0101, ipoib, mtu=5, rate=21, sl=0 :"), parts);
    assertTrue(parts.contains("    0x0002c90300b00001=full,\n"), parts);
    assertTrue(parts.contains("Default=0x7fff :\n    ALL=limited,\n    SELF=full ;\n"), parts);
  }

  @Test
  void qosAndRoutingKeysAreTheIntents() {
    String conf = out.devices().get("ufm-01").get("opensm.conf");
    for (String line :
        List.of(
            "routing_engine ftree,updn",
            "root_guid_file /etc/opensm/root-guids.conf",
            "qos TRUE",
            "qos_max_vls 8",
            "max_op_vls 4",
            "qos_vlarb_high 0:64,1:64",
            "qos_vlarb_low 0:64,1:64,2:64",
            "qos_sl2vl 0,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0",
            "sharp_enabled 2",
            "guid 0x0002c90300b00021")) {
      assertTrue(conf.lines().anyMatch(line::equals), () -> "missing '" + line + "' in\n" + conf);
    }
    assertEquals(
        "0x0002c903000a0000\n0x0002c903000a0001\n",
        out.devices().get("ufm-01").get("root-guids.conf"));
    assertTrue(
        out.devices()
            .get("ufm-01")
            .get("qos-policy.conf")
            .contains("name: DEFAULT\n        sl: 0\n"));
  }

  @Test
  void unwrittenValuesAreLeftToOpenSm() {
    var t = IbFixtures.fatTree(2, 4, 4);
    var s = IbFixtures.podSubnet(t);
    s.remove("qos");
    s.remove("routing-engine");
    s.remove("sharp");
    String conf =
        OpenSmTestRenderer.renderAll(IbFixtures.build(t, s).model())
            .devices()
            .get("ufm-01")
            .get("opensm.conf");
    assertTrue(conf.contains("qos FALSE"));
    assertFalse(conf.contains("routing_engine"));
    assertFalse(conf.contains("qos_sl2vl"));
    assertFalse(conf.contains("sharp_enabled"));
  }
}
