package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.eos.EosPack;
import dev.weft.platform.nxos.NxosPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import org.junit.jupiter.api.Test;

/**
 * Values a server prints differently are read by value by the NX-OS and EOS readers (decimal64 with
 * trailing zeros, the enumeration names of later NX-OS releases), and a reference to what the reply
 * does not define is one {@link ReadException} that names the vendor path. (The damaged-reply fuzz
 * of every vendor reader is {@link VendorReaderInputTest}.)
 */
class NxosEosReaderInputTest {
  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-e");

  private static String rendered(String platform, String device) {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device(device).orElseThrow();
    return new Renderer(TemplateFolders.builtIn())
        .renderDeviceAs(sw, platform, FABRIC.fabric())
        .text("config.xml");
  }

  @Test
  void numbersAndNamesAreReadByValue() throws Exception {
    String nx = rendered("nxos", "nx-leaf-1");
    CompiledSwitch expected = new NxosPack().read(nx, "nx-leaf-1", "x");
    // NX-OS 10.x names what 9.3(x) numbers; a server may print leading zeros
    String printed =
        nx.replace("<mode>1</mode>", "<mode>on</mode>")
            .replace(
                "<watchDogInterval>1</watchDogInterval>", "<watchDogInterval>on</watchDogInterval>")
            .replace("<mtu>9214</mtu>", "<mtu>09214</mtu>")
            .replace("<minThreshold>150000</minThreshold>", "<minThreshold>+150000</minThreshold>");
    assertEquals(expected, new NxosPack().read(printed, "nx-leaf-1", "x"));

    String eos = rendered("eos", "eos-spine-1");
    CompiledSwitch eosExpected = new EosPack().read(eos, "eos-spine-1", "x");
    // netconfd prints decimal64 with all its fraction digits; hex digits in either case
    String eosPrinted =
        eos.replace(
                "<default-timeout>0.4</default-timeout>", "<default-timeout>0.40</default-timeout>")
            .replace(
                "<default-polling-interval>0.1</default-polling-interval>",
                "<default-polling-interval>0.100</default-polling-interval>")
            .replace(
                "<priorities-no-drop>18</priorities-no-drop>",
                "<priorities-no-drop>018</priorities-no-drop>");
    assertThrows(
        ReadException.class,
        () -> new EosPack().read(eosPrinted, "eos-spine-1", "x"),
        "three hex digits");
    assertEquals(
        eosExpected,
        new EosPack()
            .read(
                eosPrinted.replace("<priorities-no-drop>018</", "<priorities-no-drop>18</"),
                "eos-spine-1",
                "x"));
  }

  @Test
  void anUndefinedReferenceNamesTheVendorPath() {
    String nx =
        rendered("nxos", "nx-leaf-1")
            .replace(
                "<sys-items><pmap-items><name>weft-out</name>",
                "<sys-items><pmap-items><name>nope</name>");
    ReadException e =
        assertThrows(ReadException.class, () -> new NxosPack().read(nx, "n", "n get-config"));
    assertEquals(
        "n get-config: policy-map 'nope' is in effect but not defined under "
            + "/System/ipqos-items/queuing-items/p-items/name-items/PMapInst-list",
        e.getMessage());
    String eos =
        rendered("eos", "eos-spine-1")
            .replace(
                "<threshold-unit>BYTES</threshold-unit>",
                "<threshold-unit>SEGMENTS</threshold-unit>");
    ReadException u =
        assertThrows(ReadException.class, () -> new EosPack().read(eos, "e", "e get-config"));
    assertTrue(
        u.getMessage()
            .startsWith(
                "e get-config: /qos/queues/queue[3]/ecn/config/threshold-unit: expected BYTES"),
        u.getMessage());
  }
}
