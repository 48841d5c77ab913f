package dev.weft.platform.junos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shapes Junos configurations take that Weft's own render does not: classes of any name, a
 * wildcard {@code class-of-service interfaces} stanza, a classifier under a unit, PFC keyed on DSCP
 * code points, breakout sub-ports; each read by value.
 */
class JunosReaderShapesTest {

  private static final String COS =
      "class-of-service {\n"
          + "  classifiers {\n    dscp ai {\n"
          + "      forwarding-class CNP { loss-priority low code-points 110000; }\n"
          + "      forwarding-class NO-LOSS { loss-priority low code-points [ 011010 af41 ]; }\n"
          + "    }\n    dscp other {\n"
          + "      forwarding-class NO-LOSS { loss-priority low code-points 000001; }\n"
          + "    }\n  }\n"
          + "  drop-profiles { any-name { interpolate { fill-level [ 55 90 ];"
          + " drop-probability [ 0 100 ]; } } }\n"
          + "  forwarding-classes {\n    class CNP queue-num 3;\n"
          + "    class NO-LOSS queue-num 4 no-loss pfc-priority 3;\n"
          + "    class BULK queue-num 1;\n  }\n"
          + "  congestion-notification-profile {\n    by-dscp {\n"
          + "      input { dscp { code-point 011010 { pfc; } } }\n"
          + "      output { ieee-802.1 { code-point 011 { flow-control-queue 4; } } }\n"
          + "    }\n  }\n"
          + "  interfaces {\n"
          + "    et-* {\n      congestion-notification-profile by-dscp;\n"
          + "      scheduler-map m;\n      unit * { classifiers { dscp ai; } }\n    }\n"
          + "    et-0/0/9 { scheduler-map m; }\n  }\n"
          + "  scheduler-maps { m { forwarding-class CNP scheduler cnp-strict;"
          + " forwarding-class NO-LOSS scheduler roce; } }\n"
          + "  schedulers {\n    roce { transmit-rate percent 60;"
          + " drop-profile-map loss-priority any protocol any drop-profile any-name;"
          + " explicit-congestion-notification; }\n"
          + "    cnp-strict { priority strict-high; }\n  }\n}\n";

  private static final String INTERFACES =
      "interfaces {\n"
          + "  et-0/0/0 { number-of-sub-ports 2; speed 400g; }\n"
          + "  et-0/0/0:0 { mtu 9216; }\n  et-0/0/0:1 { mtu 9216; speed 200g; }\n"
          + "  et-0/0/8 { mtu 9216; }\n  et-0/0/9 { mtu 9216; }\n"
          + "  irb { unit 2 { family inet; } }\n  lo0 { unit 0; }\n}\n";

  private static CompiledSwitch read() throws Exception {
    return JunosReader.read(INTERFACES + COS, "leaf", "shapes.conf");
  }

  @Test
  void classesOfAnyNameArePrioritiesByValue() throws Exception {
    assertEquals(
        Map.of("CNP", 6, "NO-LOSS", 3, "BULK", 1), JunosReader.classPriorities(COS, "shapes.conf"));
    CompiledSwitch sw = read();
    assertEquals(List.of(3), sw.losslessPriorities());
    assertEquals(List.of(0, 1, 2, 4, 4, 5, 3, 7), sw.priorityToQueue());
    // the classifier the ports bind ('ai'), not the one no port binds ('other')
    assertEquals(Map.of(26, 3, 34, 3, 48, 6), sw.dscpToPriority());
    EcnProfile ecn = sw.ecnProfiles().get(0);
    assertEquals(5_500_000, ecn.minBytes());
    assertEquals(9_000_000, ecn.maxBytes());
  }

  @Test
  void aWildcardStanzaAppliesToMatchingPortsAndAPortsOwnStanzaReplacesIt() throws Exception {
    CompiledSwitch sw = read();
    CompiledPort wild = sw.port("et-0/0/8");
    assertEquals(List.of(3), wild.pfcPriorities());
    assertTrue(wild.trustDscp(), "the classifier under unit * applies");
    assertEquals(2, wild.queues().size());
    CompiledPort own = sw.port("et-0/0/9");
    assertEquals(List.of(), own.pfcPriorities());
    assertFalse(own.trustDscp());
  }

  @Test
  void pfcKeyedOnADscpCodePointIsThePriorityTheClassifierGivesIt() throws Exception {
    CompiledPort p = read().port("et-0/0/8");
    assertEquals(List.of(3), p.pfcPriorities());
    assertEquals(4, p.pfcPriorityToQueue().get(3));
    assertTrue(p.queues().stream().anyMatch(q -> q.queue() == 4 && q.lossless()), p.toString());
  }

  @Test
  void breakoutSubPortsArePortsWithTheirParentsSpeedAndLogicalInterfacesAreNot() throws Exception {
    CompiledSwitch sw = read();
    assertEquals(
        List.of("et-0/0/0:0", "et-0/0/0:1", "et-0/0/8", "et-0/0/9"),
        sw.ports().stream().map(CompiledPort::name).toList());
    assertEquals(400, sw.port("et-0/0/0:0").speedGbps());
    assertEquals(200, sw.port("et-0/0/0:1").speedGbps(), "its own speed wins");
    assertNull(sw.port("et-0/0/8").speedGbps());
  }
}
