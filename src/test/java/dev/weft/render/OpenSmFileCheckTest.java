package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.ib.IbFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenSmFileCheckTest {

  final Map<String, String> files =
      OpenSmTestRenderer.render(
          IbFixtures.pod().model(), IbFixtures.pod().model().subnet().subnetManagers().get(0));

  /**
   * Replaces the first line starting with {@code prefix} and returns the edited text and that line
   * number.
   */
  static Map.Entry<String, Integer> edit(String text, String prefix, String replacement) {
    List<String> lines = new java.util.ArrayList<>(text.lines().toList());
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        lines.set(i, replacement);
        return Map.entry(String.join("\n", lines) + "\n", i + 1);
      }
    }
    throw new IllegalArgumentException("no line starts with " + prefix);
  }

  static void flaggedAt(String file, String text, int line, String words) {
    List<Finding> f = OpenSmFileCheck.check("ufm-01/" + file, file, text);
    assertEquals(1, f.size(), f.toString());
    assertEquals(line, f.get(0).location().line(), f.toString());
    assertEquals("ufm-01/" + file, f.get(0).location().file());
    assertTrue(f.get(0).message().contains(words), f.get(0).message());
  }

  @Test
  void theRenderedFilesAreClean() {
    files.forEach(
        (name, text) -> assertEquals(List.of(), OpenSmFileCheck.check(name, name, text), name));
  }

  @Test
  void unknownKey() {
    var e = edit(files.get("opensm.conf"), "lmc ", "routing_engin ftree");
    flaggedAt("opensm.conf", e.getKey(), e.getValue(), "unknown opensm.conf key 'routing_engin'");
  }

  @Test
  void outOfRangeValuesOpenSmWouldReplace() {
    var e = edit(files.get("opensm.conf"), "sm_priority ", "sm_priority 99");
    flaggedAt("opensm.conf", e.getKey(), e.getValue(), "outside 0..15");
    e = edit(files.get("opensm.conf"), "qos_sl2vl ", "qos_sl2vl 0,1,2,99,0,0,0,0,0,0,0,0,0,0,0,0");
    flaggedAt("opensm.conf", e.getKey(), e.getValue(), "'99' is outside 0..15");
    e = edit(files.get("opensm.conf"), "qos_vlarb_low ", "qos_vlarb_low 0:0,1:300");
    flaggedAt("opensm.conf", e.getKey(), e.getValue(), "'300' is outside 0..255");
    e = edit(files.get("opensm.conf"), "routing_engine ", "routing_engine ftree,foo");
    flaggedAt("opensm.conf", e.getKey(), e.getValue(), "'foo' is not a routing engine");
  }

  @Test
  void badPkeyAndMembershipWord() {
    var e = edit(files.get("partitions.conf"), "tenant-a=", "tenant-a=0x01G1, ipoib :");
    flaggedAt("partitions.conf", e.getKey(), e.getValue(), "P_Key '0x01G1' is not a number");
    e =
        edit(
            files.get("partitions.conf"),
            "    0x0002c90300b00003=full",
            "    0x0002c90300b00003=fool,");
    flaggedAt("partitions.conf", e.getKey(), e.getValue(), "membership 'fool'");
    e = edit(files.get("partitions.conf"), "tenant-b=", "tenant-b=0x0102, ipoib, mtu=9 :");
    flaggedAt("partitions.conf", e.getKey(), e.getValue(), "mtu= takes an IB MTU code");
  }

  @Test
  void qosPolicyWithoutDefault() {
    var e = edit(files.get("qos-policy.conf"), "        name: DEFAULT", "        name: BASE");
    // with a qos-ulps default OpenSM still has a default level
    assertEquals(List.of(), OpenSmFileCheck.check("q", "qos-policy.conf", e.getKey()));
    String noUlps = e.getKey().substring(0, e.getKey().indexOf("\nqos-ulps")) + "\n";
    List<Finding> f = OpenSmFileCheck.check("q", "qos-policy.conf", noUlps);
    assertEquals(1, f.size(), f.toString());
    assertTrue(f.get(0).message().contains("no level named DEFAULT"));
  }
}
