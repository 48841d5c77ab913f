package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.model.FabricModel;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.Port;
import dev.weft.model.PortRole;
import dev.weft.model.Profile;
import dev.weft.model.Switch;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code headroom: { xoff }} on a port wins over its profile's; the computed minimum is kept beside
 * it.
 */
class HeadroomOverrideFromIntentTest {

  @Test
  void portOverridesProfileOverridesComputed() {
    FabricModel base = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 2, "spectrum-4");
    Map<String, Profile> profiles = new LinkedHashMap<>(base.profiles());
    profiles.put(
        "host-400g",
        new Profile(
            "host-400g",
            new Speed(400),
            null,
            PortRole.HOST_FACING,
            null,
            TestFabrics.prov("profiles.yaml", 2, "speed", "role", "headroom"),
            new Size(200_000)));
    CompiledSwitch leaf =
        compileWithEthernet0(
            base,
            profiles,
            p ->
                new Port(
                    p.name(),
                    p.profile(),
                    null,
                    null,
                    null,
                    null,
                    TestFabrics.prov("switches.yaml", 90, "name", "profile", "headroom"),
                    new Size(100_000)),
            base.switches().get(0).asic());

    PriorityGroupHeadroom port = leaf.port("Ethernet0").headroom().get(0);
    assertEquals(100_000, port.xoff());
    assertEquals(145_408L, port.requiredXoff());
    assertEquals("override", port.origin());
    assertEquals("switches.yaml:93:3", leaf.port("Ethernet0").owner("headroom").toString());

    PriorityGroupHeadroom profile = leaf.port("Ethernet8").headroom().get(0);
    assertEquals(200_000, profile.xoff());
    assertEquals("profiles.yaml:5:3", leaf.port("Ethernet8").owner("headroom").toString());

    assertEquals("computed", leaf.port("Ethernet256").headroom().get(0).origin());
  }

  /** An override on a 1.6T port is used as written: there is no computed minimum to hold it to. */
  @Test
  void overrideOnUnsourcedSpeedIsKeptWithoutMinimum() {
    FabricModel base = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    PriorityGroupHeadroom pg =
        compileWithEthernet0(
                base,
                base.profiles(),
                p ->
                    new Port(
                        p.name(),
                        p.profile(),
                        new Speed(1600),
                        null,
                        null,
                        null,
                        TestFabrics.prov(
                            "switches.yaml", 90, "name", "profile", "speed", "headroom"),
                        new Size(300_000)),
                base.switches().get(0).asic())
            .port("Ethernet0")
            .headroom()
            .get(0);
    assertEquals(
        new PriorityGroupHeadroom(3, List.of(3), 300_000, 19_456, 319_456, null, "override"), pg);
  }

  /**
   * A device's own headroom, imported whole (xoff, xon and size), compiles on a switch that names
   * no ASIC: nothing is computed, the PGs reserve the pins as written (a Broadcom size below xoff
   * included). An xoff alone is not enough there: xon comes from the ASIC profile.
   */
  @Test
  void aWholePinNeedsNoAsicAndAnXoffAloneDoes() {
    PinnedHeadroom whole = new PinnedHeadroom(new Size(177_632), new Size(2_288), new Size(1_248));
    PriorityGroupHeadroom pg = withoutAsic(whole).port("Ethernet0").headroom().get(0);
    assertEquals(
        List.of(177_632L, 2_288L, 1_248L, "override"),
        List.of(pg.xoff(), pg.xon(), pg.size(), pg.origin()));
    assertEquals(null, pg.requiredXoff(), "no ASIC, no computed minimum");
    assertEquals(
        List.of(),
        withoutAsic(PinnedHeadroom.xoffOnly(new Size(177_632))).port("Ethernet0").headroom());
  }

  private static CompiledSwitch withoutAsic(PinnedHeadroom pin) {
    FabricModel base = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    return compileWithEthernet0(
        base,
        base.profiles(),
        p ->
            new Port(
                p.name(),
                p.profile(),
                p.speed(),
                p.mtu(),
                p.role(),
                p.description(),
                TestFabrics.prov("switches.yaml", 90, "name", "profile", "headroom"),
                pin,
                p.vlan(),
                p.exception(),
                p.reason(),
                p.cableLength(),
                p.lag()),
        null);
  }

  /** The base fabric's first switch, with its Ethernet0 replaced and the given ASIC, compiled. */
  private static CompiledSwitch compileWithEthernet0(
      FabricModel base, Map<String, Profile> profiles, UnaryOperator<Port> ethernet0, String asic) {
    Switch s = base.switches().get(0);
    List<Port> ports =
        s.ports().stream().map(p -> p.name().equals("Ethernet0") ? ethernet0.apply(p) : p).toList();
    FabricModel model =
        FabricModel.of(
            base.inventory(),
            base.fabric(),
            profiles,
            List.of(
                new Switch(
                    s.name(),
                    s.role(),
                    s.platform(),
                    asic,
                    s.osVersion(),
                    s.management(),
                    ports,
                    s.nodeGuid(),
                    s.at())),
            base.hosts(),
            base.links(),
            null,
            List.of());
    return Compiler.compile(model, AsicProfiles.builtIn()).fabric().switches().get(0);
  }
}
