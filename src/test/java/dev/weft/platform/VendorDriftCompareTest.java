package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.platform.junos.JunosPack;
import dev.weft.platform.srlinux.SrlinuxPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Drift through the vendor packs without a device: a rendered roce-pod-d payload changed in the
 * vendor's shape, read back and compared as {@code weft drift} compares (the intent normalised to
 * what the vendor's model holds, the vendor's paths). Unchanged is in sync; the ECMP hash, which
 * the lab tests do not change, is one {@code drift-hash} finding at the intent's hash line with the
 * vendor's path.
 */
class VendorDriftCompareTest {
  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-d");

  private static List<Finding> drift(LiveProfile profile, String device, String from, String to)
      throws Exception {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device(device).orElseThrow();
    String config =
        new Renderer(TemplateFolders.builtIn())
            .renderDeviceAs(sw, profile.platform(), FABRIC.fabric())
            .text("config.xml")
            .replace(from, to);
    return Drift.compare(
        profile.normalise(sw),
        profile.read(config, device, "x"),
        Tolerance.of(sw),
        profile.paths(),
        profile.notAudited().keySet());
  }

  @Test
  void unchangedIsInSyncAndAHashFieldDroppedIsOneHashFinding() throws Exception {
    JunosPack junos = new JunosPack();
    assertEquals(List.of(), drift(junos, "qfx-leaf-1", "", ""));
    List<Finding> j =
        drift(junos, "qfx-leaf-1", "<inet>\n", "<inet>\n          <no-l4-source-port/>\n");
    assertEquals(
        List.of(
            "drift-hash /configuration/forwarding-options/enhanced-hash-key/inet inventories/roce-pod-d/fabric.yaml"),
        j.stream().map(f -> f.rule() + " " + f.path() + " " + f.location().file()).toList());

    SrlinuxPack srl = new SrlinuxPack();
    assertEquals(List.of(), drift(srl, "srl-spine-1", "", ""));
    List<Finding> s =
        drift(
            srl,
            "srl-spine-1",
            "<source-port>true</source-port>",
            "<source-port>false</source-port>");
    assertEquals(
        List.of(
            "drift-hash /system/load-balancing/hash-options inventories/roce-pod-d/fabric.yaml"),
        s.stream().map(f -> f.rule() + " " + f.path() + " " + f.location().file()).toList());
    assertEquals("dst-ip,ip-protocol,l4-dst-port,l4-src-port,src-ip", s.get(0).expected());
    assertEquals("dst-ip,ip-protocol,l4-dst-port,src-ip", s.get(0).actual());
  }
}
