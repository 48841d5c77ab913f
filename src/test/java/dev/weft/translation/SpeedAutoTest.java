package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code speed: auto} (a port whose configuration fixes no speed) end to end on one leaf per
 * platform (src/test/resources/speed-auto): auto on the port wins over its profile's 400G and owns
 * the port's speed line; NVUE and EOS write {@code auto}, the XML platforms write no speed for that
 * port and the profile's speed for the other; every rendered file reads back as the plan; SONiC,
 * whose PORT entry must hold a speed, and OpenConfig, whose file carries the headroom Weft computes
 * from the speed of a lossless port, refuse their leaf with one error each at the line that says
 * auto.
 */
class SpeedAutoTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final int SONIC_LINE = 36;
  private static final int OPENCONFIG_LINE = 39;

  private static CompiledFabric fabric() throws Exception {
    return Examples.compile(Examples.projectRoot(), Path.of("src/test/resources/speed-auto"));
  }

  @Test
  void autoOnThePortWinsOverTheProfileAndOwnsTheSpeedLine() throws Exception {
    CompiledFabric f = fabric();
    assertEquals(7, f.switches().size());
    for (CompiledSwitch s : f.switches()) {
      CompiledPort auto = s.ports().get(0);
      CompiledPort fixed = s.ports().get(1);
      assertNull(auto.speedGbps(), s.name());
      assertEquals(400, fixed.speedGbps(), s.name());
      // the line's `speed: auto`, right of the port's name on the same flow-style line
      assertEquals(auto.owner("name").line(), auto.owner("speed_gbps").line(), s.name());
      assertTrue(auto.owner("speed_gbps").column() > auto.owner("name").column(), s.name());
    }
  }

  @Test
  void sonicAndOpenconfigRefuseTheirLeafAtTheAutoLineAndNothingElse() throws Exception {
    CompiledFabric f = fabric();
    List<Renderer.Blocker> blockers = RENDERER.preflight(f);
    assertEquals(2, blockers.size(), blockers.toString());
    for (Renderer.Blocker b : blockers) {
      assertEquals(Renderer.Blocker.Cause.NO_SPEED, b.cause());
      assertEquals(Severity.ERROR, b.finding().severity());
      assertTrue(b.finding().message().contains("no fixed speed (speed: auto)"), b.toString());
    }
    Finding sonic = blockers.get(1).finding();
    assertEquals(List.of("sonic-leaf", "Ethernet0"), List.of(sonic.device(), sonic.port()));
    assertEquals(SONIC_LINE, sonic.location().line());
    assertTrue(sonic.message().contains("port configuration requires one"), sonic.message());
    Finding oc = blockers.get(0).finding(); // in device order
    assertEquals(List.of("oc-leaf", "Ethernet0"), List.of(oc.device(), oc.port()));
    assertEquals(OPENCONFIG_LINE, oc.location().line());
    assertTrue(oc.message().contains("no computed headroom"), oc.message());
  }

  @Test
  void nvueAndEosWriteAutoAndTheXmlPlatformsWriteNoSpeedForThatPort() throws Exception {
    CompiledFabric f = fabric();
    String nvue = text(f, "nvue-leaf", "startup.yaml");
    assertTrue(
        nvue.contains(
            "      swp1:\n        type: swp\n        description: gpu-001:eth0\n        link:\n          mtu: 9216\n          speed: auto\n"),
        nvue);
    assertTrue(nvue.contains("          speed: 400G\n"), nvue);
    String eos = text(f, "eos-leaf", "weft-qos.eos.cfg");
    assertTrue(
        eos.contains(
            "interface Ethernet1/1\n   description gpu-001:eth4\n   mtu 9216\n   speed auto\n"),
        eos);
    assertTrue(
        eos.contains(
            "interface Ethernet2/1\n   description gpu-001:eth5\n   mtu 9216\n   speed 400g\n"),
        eos);
    for (String[] xml :
        List.of(
            new String[] {"srl-leaf", "<port-speed>"},
            new String[] {"qfx-leaf", "<speed>"},
            new String[] {"nx-leaf", "<speed>"})) {
      String text = text(f, xml[0], "config.xml");
      assertEquals(1, count(text, xml[1]), xml[0] + ": only the fixed port has a speed\n" + text);
      assertFalse(text.contains("auto"), xml[0]);
    }
  }

  @Test
  void everyRenderedFileReadsBackAsThePlan() throws Exception {
    CompiledFabric f = fabric();
    int checked = 0;
    for (CompiledSwitch s : f.switches()) {
      if (s.platform().equals("sonic") || s.platform().equals("openconfig")) {
        continue; // refused above
      }
      Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
      assertEquals(List.of(), CHECK.check(s, out.files()), s.name());
      checked++;
    }
    assertEquals(5, checked);
  }

  private static String text(CompiledFabric f, String device, String file) throws Exception {
    CompiledSwitch s = (CompiledSwitch) f.device(device).orElseThrow();
    return RENDERER.renderDevice(s, f.fabric()).text(file);
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
      n++;
    }
    return n;
  }
}
