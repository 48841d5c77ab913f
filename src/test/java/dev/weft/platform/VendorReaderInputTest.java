package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.eos.EosPack;
import dev.weft.platform.junos.JunosPack;
import dev.weft.platform.nxos.NxosPack;
import dev.weft.platform.srlinux.SrlinuxPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What a real server might return that the vendor readers (Junos, SR Linux, NX-OS, EOS) must
 * survive: every element of a rendered payload removed in turn, every leaf value replaced with
 * nonsense. The reader either reads the config or throws a {@link ReadException} of one line that
 * names the source; it never throws anything else. Values the server prints differently are read by
 * value.
 */
class VendorReaderInputTest {
  private static final Pattern LEAF =
      Pattern.compile("<([A-Za-z0-9.-]+)(?: xmlns=\"[^\"]*\")?>([^<]+)</\\1>");
  private static final Pattern ELEMENT =
      Pattern.compile("<([A-Za-z0-9.-]+)(?: xmlns=\"[^\"]*\")?>");

  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-d");
  private static final CompiledFabric POD_E = Examples.compile("roce-pod-e");

  /** A pack and the example switch whose rendered payload its reader gets, damaged. */
  private record Payload(LiveProfile profile, CompiledFabric fabric, String device) {
    String rendered() {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(device).orElseThrow();
      return new Renderer(TemplateFolders.builtIn())
          .renderDeviceAs(sw, profile.platform(), fabric.fabric())
          .text("config.xml");
    }
  }

  private static String rendered(String platform, String device) {
    return new Payload(
            platform.equals("junos") ? new JunosPack() : new SrlinuxPack(), FABRIC, device)
        .rendered();
  }

  @TestFactory
  Stream<DynamicTest> damagedRepliesAreReadOrRefusedWithOneLocatedLine() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Payload payload :
        List.of(
            new Payload(new JunosPack(), FABRIC, "qfx-leaf-1"),
            new Payload(new SrlinuxPack(), FABRIC, "srl-spine-1"),
            new Payload(new NxosPack(), POD_E, "nx-leaf-1"),
            new Payload(new EosPack(), POD_E, "eos-spine-1"))) {
      LiveProfile profile = payload.profile();
      String config = payload.rendered();
      tests.add(
          DynamicTest.dynamicTest(
              profile.platform() + ": every leaf value replaced",
              () -> {
                Matcher m = LEAF.matcher(config);
                List<String> nonsense = List.of("x!", "99999999999999999999999", "", "-1", "1.5");
                int n = 0;
                while (m.find()) {
                  // each leaf gets one kind of nonsense, in turn: every leaf is damaged, every kind
                  // is used
                  readOrRefuse(
                      profile,
                      config.substring(0, m.start(2))
                          + nonsense.get(n % nonsense.size())
                          + config.substring(m.end(2)));
                  n++;
                }
                assertTrue(n > 40, "too few leaves to be a real payload: " + n);
              }));
      tests.add(
          DynamicTest.dynamicTest(
              profile.platform() + ": every element removed",
              () -> {
                Matcher m = ELEMENT.matcher(config);
                while (m.find()) {
                  String close = "</" + m.group(1) + ">";
                  int end = config.indexOf(close, m.end());
                  if (end > 0) {
                    readOrRefuse(
                        profile,
                        config.substring(0, m.start()) + config.substring(end + close.length()));
                  }
                }
              }));
    }
    return tests.stream();
  }

  private static void readOrRefuse(LiveProfile profile, String xml) {
    try {
      profile.read(xml, "dev", "dev get-config");
    } catch (ReadException e) {
      assertTrue(e.getMessage().startsWith("dev get-config"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void numbersAndNamesAreReadByValue() throws Exception {
    String junos = rendered("junos", "qfx-leaf-1");
    CompiledSwitch expected = new JunosPack().read(junos, "qfx-leaf-1", "x");
    // how a server may print the same values: decimal64 with trailing zeros, DSCP aliases, leading
    // zeros
    String printed =
        junos
            .replace("<fill-level>1.50000</fill-level>", "<fill-level>1.500000000</fill-level>")
            .replace("<code-points>011010</code-points>", "<code-points>af31</code-points>")
            .replace("<mtu>9216</mtu>", "<mtu>09216</mtu>");
    assertEquals(expected, new JunosPack().read(printed, "qfx-leaf-1", "x"));

    String srl = rendered("srlinux", "srl-spine-1");
    CompiledSwitch srlExpected = new SrlinuxPack().read(srl, "srl-spine-1", "x");
    String srlPrinted =
        srl.replace("<dscp><value>26</value>", "<dscp><value>AF31</value>")
            .replace(
                "<min-threshold>150000</min-threshold>", "<min-threshold>+150000</min-threshold>");
    assertEquals(srlExpected, new SrlinuxPack().read(srlPrinted, "srl-spine-1", "x"));
  }

  @Test
  void listsInAnotherOrderReadTheSame() throws Exception {
    // a server returns list entries in its own order (netconfd: insertion order; real boxes: often
    // by key)
    String junos = rendered("junos", "qfx-leaf-1");
    String junosShuffled =
        reversed(
            reversed(reversed(junos, "      ", "interface"), "        ", "class"),
            "      ",
            "drop-profiles");
    assertNotEquals(junos, junosShuffled);
    assertEquals(
        new JunosPack().read(junos, "qfx-leaf-1", "x"),
        new JunosPack().read(junosShuffled, "qfx-leaf-1", "x"));

    String srl = rendered("srlinux", "srl-spine-1");
    String srlShuffled = reversed(reversed(srl, "  ", "interface"), "    ", "pfc-mapping-profile");
    assertNotEquals(srl, srlShuffled);
    assertEquals(
        new SrlinuxPack().read(srl, "srl-spine-1", "x"),
        new SrlinuxPack().read(srlShuffled, "srl-spine-1", "x"));
  }

  /**
   * {@code xml} with every run of adjacent {@code <tag>} blocks at {@code indent} in reverse order.
   */
  private static String reversed(String xml, String indent, String tag) {
    Pattern block =
        Pattern.compile(
            "\\n"
                + indent
                + "<"
                + tag
                + "[ >](?:.(?!\\n"
                + indent
                + "</"
                + tag
                + ">))*.\\n"
                + indent
                + "</"
                + tag
                + ">",
            Pattern.DOTALL);
    Matcher run = Pattern.compile("(?:" + block.pattern() + ")+", Pattern.DOTALL).matcher(xml);
    StringBuilder out = new StringBuilder();
    while (run.find()) {
      List<String> blocks = new ArrayList<>();
      block.matcher(run.group()).results().forEach(r -> blocks.add(r.group()));
      Collections.reverse(blocks);
      run.appendReplacement(out, Matcher.quoteReplacement(String.join("", blocks)));
    }
    run.appendTail(out);
    return out.toString();
  }

  @Test
  void aDanglingReferenceNamesTheVendorPath() {
    String srl =
        rendered("srlinux", "srl-spine-1")
            .replace("<queue-name>q4</queue-name>", "<queue-name>q9</queue-name>");
    ReadException e =
        assertThrows(ReadException.class, () -> new SrlinuxPack().read(srl, "s", "s get-config"));
    assertTrue(e.getMessage().startsWith("s get-config: /qos/"), e.getMessage());
    assertTrue(
        e.getMessage().endsWith(": queue 'q9' is not defined under /qos/queues/queue"),
        e.getMessage());
    String junos =
        rendered("junos", "qfx-leaf-1")
            .replace("<scheduler>rdma</scheduler>", "<scheduler>nope</scheduler>");
    ReadException j =
        assertThrows(ReadException.class, () -> new JunosPack().read(junos, "j", "j get-config"));
    assertTrue(
        j.getMessage()
            .contains(
                "/configuration/class-of-service/interfaces/interface[et-0/0/0]/scheduler-map: "
                    + "scheduler 'nope' is not defined"),
        j.getMessage());
  }
}
