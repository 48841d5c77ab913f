package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.drift.Drift;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.platform.eos.EosPack;
import dev.weft.platform.nxos.NxosPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Drift through the nxos and eos packs without a device: a rendered roce-pod-e payload changed in
 * the vendor's shape, read back and compared, each finding at the intent line with the path in the
 * vendor's model; and what the vendor's model cannot hold of a switch's values is a render gap
 * each.
 */
class NxosEosDriftCompareTest {
  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-e");

  private static CompiledSwitch sw(String device) {
    return (CompiledSwitch) FABRIC.device(device).orElseThrow();
  }

  private static List<String> drift(LiveProfile profile, String device, String from, String to)
      throws Exception {
    CompiledSwitch sw = sw(device);
    String rendered =
        new Renderer(TemplateFolders.builtIn())
            .renderDevice(sw, FABRIC.fabric())
            .text("config.xml");
    String config = rendered.replace(from, to);
    List<Finding> found =
        Drift.compare(
            profile.normalise(sw),
            profile.read(config, device, "x"),
            Tolerance.of(sw),
            profile.paths(),
            profile.notAudited().keySet());
    return found.stream().map(f -> f.rule() + " " + f.path() + " " + f.location().file()).toList();
  }

  @Test
  void nxosHashAndWatchdogDriftNameCiscosPaths() throws Exception {
    NxosPack nxos = new NxosPack();
    assertEquals(List.of(), drift(nxos, "nx-leaf-1", "", ""));
    assertEquals(
        List.of(
            "drift-hash /System/ipv4-items/inst-items/iploadsharing-items/loadShareMode inventories/roce-pod-e/fabric.yaml"),
        drift(
            nxos,
            "nx-leaf-1",
            "<loadShareMode>srcDestPort</loadShareMode>",
            "<loadShareMode>srcDest</loadShareMode>"));
    assertEquals(
        List.of(
            "drift-watchdog /System/intf-items/phys-items/PhysIf-list/priorflowctrlwd-items/disableAction"
                + " inventories/roce-pod-e/fabric.yaml"),
        drift(
            nxos,
            "nx-leaf-1",
            "<disableAction>false</disableAction>",
            "<disableAction>true</disableAction>"));
  }

  @Test
  void eosWatchdogAndSchedulerDriftNameAristasPaths() throws Exception {
    EosPack eos = new EosPack();
    assertEquals(List.of(), drift(eos, "eos-spine-1", "", ""));
    assertEquals(
        List.of(
            "drift-watchdog /qos/pfc/watchdog/config/action inventories/roce-pod-e/fabric.yaml"),
        drift(eos, "eos-spine-1", "<action>DROP</action>", "<action>NOTIFY_ONLY</action>"));
    String aug = "xmlns=\"http://arista.com/yang/openconfig/qos/augments\"";
    assertEquals(
        List.of(
            "drift-scheduler /qos/queues/queue[3]/config/scheduling inventories/roce-pod-e/fabric.yaml"),
        drift(
            eos,
            "eos-spine-1",
            "<bandwidth " + aug + ">50</bandwidth>",
            "<bandwidth " + aug + ">40</bandwidth>"));
  }

  @Test
  void whatNxosCannotHoldIsARenderGapEach() {
    NxosPack nxos = new NxosPack();
    CompiledSwitch leaf = sw("nx-leaf-1");
    // the compiled leaf has headroom, which NX-OS sizes itself, and ECN profiles that keep non-ECT
    // packets (the default), which random-detect ecn drops: the two gaps of roce-pod-e's leaves
    assertEquals(
        List.of(Feature.ECN, Feature.BUFFERS),
        nxos.renderGaps(leaf).stream().map(RenderGap::feature).toList());
    // both hold for every NX-OS switch whatever its values: stated once per platform
    assertTrue(nxos.renderGaps(leaf).stream().allMatch(RenderGap::platformWide));
    CompiledWatchdog wd = leaf.watchdog();
    CompiledSwitch odd =
        leaf.toBuilder()
            .ecmpHashFields(List.of("src-ip", "dst-ip", "ip-protocol"))
            .watchdog(new CompiledWatchdog(true, "forward", 250, 2000, wd.pollMs()))
            .build();
    List<RenderGap> gaps =
        nxos.renderGaps(odd).stream()
            .filter(g -> g.feature() != Feature.BUFFERS && g.feature() != Feature.ECN)
            .toList();
    assertEquals(
        List.of(Feature.WATCHDOG, Feature.WATCHDOG, Feature.WATCHDOG, Feature.HASH),
        gaps.stream().map(RenderGap::feature).toList(),
        gaps.toString());
    // these follow from the switch's own values: a warning on the switch
    assertTrue(gaps.stream().noneMatch(RenderGap::platformWide), gaps.toString());
    List<String> says =
        List.of(
            "action forward is rendered as drop",
            "250 ms becomes 300 ms",
            "1000 ms restoration apply",
            "selects exactly src-ip, dst-ip, ip-protocol");
    for (int i = 0; i < says.size(); i++) {
      assertTrue(gaps.get(i).reason().contains(says.get(i)), gaps.get(i).toString());
    }
  }

  @Test
  void eosTimersOffItsHundredthsAreARenderGap() {
    EosPack eos = new EosPack();
    CompiledSwitch spine = sw("eos-spine-1");
    // headroom (EOS derives it) and ECN profiles that keep non-ECT packets (the default)
    assertEquals(
        List.of(Feature.BUFFERS, Feature.ECN),
        eos.renderGaps(spine).stream().map(RenderGap::feature).toList());
    CompiledWatchdog wd = spine.watchdog();
    CompiledSwitch odd =
        spine.toBuilder()
            .watchdog(new CompiledWatchdog(true, wd.action(), 405, wd.restorationMs(), wd.pollMs()))
            .build();
    List<RenderGap> gaps =
        eos.renderGaps(odd).stream()
            .filter(g -> g.feature() != Feature.BUFFERS && g.feature() != Feature.ECN)
            .toList();
    assertEquals(List.of(Feature.WATCHDOG), gaps.stream().map(RenderGap::feature).toList());
    assertTrue(
        gaps.get(0).reason().contains("405 ms and 1000 ms become 410 ms and 1000 ms"),
        gaps.toString());
  }
}
