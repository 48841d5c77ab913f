package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * Hand-worked headroom examples. Profile: the built-in spectrum-4 file (sourced from SONiC's
 * platform/mellanox/asic_table.j2): cell 192 B, mac_phy_delay 0.8 KiB = 819.2 B, pipeline_latency
 * 19 KiB = 19 456 B, small_packet_percentage 50. Port MTU 9216, lossless MTU 4200 (fabric mtu.nic).
 *
 * <pre>
 * worst_case_factor = 192/64 = 3                      (cell 192 &gt; 128)
 * cell_occupancy    = (100 - 50 + 50*3)/100 = 2
 * xon               = ceil(19456/1024)*1024 = 19 456  (19 KiB exactly)
 * </pre>
 */
class HeadroomTest {

  private final AsicProfile spectrum4 = AsicProfiles.builtIn().lookup("spectrum-4").orElseThrow();

  /**
   * 400G x 5 m.
   *
   * <pre>
   * bytes_on_cable    = 5 m / 2e8 m/s * 400e9 b/s / 8 = 1 250 B one way; x2 = 2 500
   * peer_response     = 905 quanta * 64 B = 57 920
   * propagation_delay = 9216 + 2500 + 0 + 819.2 + 57920 = 70 455.2
   * xoff_exact        = 4200 + 70455.2 * 2 = 145 110.4
   * xoff              = ceil(145110.4/1024) = 142 -&gt; 142*1024 = 145 408
   * size              = 145408 + 19456 = 164 864 (= 161*1024)
   * </pre>
   */
  @Test
  void fourHundredGigFiveMetres() {
    HeadroomResult r = Headroom.compute(new HeadroomInput(400, 5, 9216, 4200), spectrum4);
    assertEquals(145_408, r.xoff());
    assertEquals(19_456, r.xon());
    assertEquals(164_864, r.size());
    assertEquals(new BigDecimal("1250"), term(r, "bytes_on_cable"));
    assertEquals(new BigDecimal("57920"), term(r, "peer_response"));
    assertEquals(0, new BigDecimal("70455.2").compareTo(term(r, "propagation_delay")));
    assertEquals(0, new BigDecimal("145110.4").compareTo(term(r, "xoff_exact")));
  }

  /**
   * 400G x 100 m.
   *
   * <pre>
   * bytes_on_cable    = 100 / 2e8 * 400e9 / 8 = 25 000 one way; x2 = 50 000
   * propagation_delay = 9216 + 50000 + 819.2 + 57920 = 117 955.2
   * xoff_exact        = 4200 + 117955.2 * 2 = 240 110.4
   * xoff              = ceil(240110.4/1024) = 235 -&gt; 240 640
   * size              = 240640 + 19456 = 260 096
   * </pre>
   */
  @Test
  void fourHundredGigHundredMetres() {
    HeadroomResult r = Headroom.compute(new HeadroomInput(400, 100, 9216, 4200), spectrum4);
    assertEquals(240_640, r.xoff());
    assertEquals(19_456, r.xon());
    assertEquals(260_096, r.size());
    assertEquals(new BigDecimal("25000"), term(r, "bytes_on_cable"));
  }

  /**
   * 100G x 5 m.
   *
   * <pre>
   * bytes_on_cable    = 5 / 2e8 * 100e9 / 8 = 312.5 one way; x2 = 625
   * peer_response     = 394 * 64 = 25 216
   * propagation_delay = 9216 + 625 + 819.2 + 25216 = 35 876.2
   * xoff_exact        = 4200 + 35876.2 * 2 = 75 952.4
   * xoff              = ceil(75952.4/1024) = 75 -&gt; 76 800
   * size              = 76800 + 19456 = 96 256
   * </pre>
   */
  @Test
  void hundredGigFiveMetres() {
    HeadroomResult r = Headroom.compute(new HeadroomInput(100, 5, 9216, 4200), spectrum4);
    assertEquals(76_800, r.xoff());
    assertEquals(96_256, r.size());
    assertEquals(0, new BigDecimal("312.5").compareTo(term(r, "bytes_on_cable")));
    assertEquals(new BigDecimal("25216"), term(r, "peer_response"));
  }

  /** Longer cable, more headroom: the cable term is first order at 400G. */
  @Test
  void longerCableNeedsMoreXoff() {
    long shortCable = Headroom.compute(new HeadroomInput(400, 5, 9216, 4200), spectrum4).xoff();
    long longCable = Headroom.compute(new HeadroomInput(400, 100, 9216, 4200), spectrum4).xoff();
    assertTrue(
        longCable - shortCable > 90_000, "95 m more at 400G adds ~95 000 B after cell occupancy");
  }

  /**
   * Small cells use the other worst-case branch: cell 96 (Spectrum-1) -&gt; 2*96/97 = 1.9793814433
   * (10 places, half-up); occupancy (50 + 50*1.9793814433)/100 = 1.4896907217 (rounded at 10
   * places).
   */
  @Test
  void smallCellBranch() {
    AsicProfile spectrum1 = AsicProfiles.builtIn().lookup("spectrum").orElseThrow();
    HeadroomResult r = Headroom.compute(new HeadroomInput(100, 5, 9216, 4200), spectrum1);
    assertEquals(new BigDecimal("1.9793814433"), term(r, "worst_case_factor"));
    // xoff_exact = 4200 + 35876.2 * 1.48969072165 -> 57 644.1..., ceil to 57*1024 = 58 368
    assertEquals(58_368, r.xoff());
  }

  /**
   * 800G has a sourced value (SONiC's table reuses 905); 1.6T has none and is refused, not guessed.
   */
  @Test
  void unsourcedSpeedIsRefused() {
    assertEquals(
        new BigDecimal("57920"),
        term(Headroom.compute(new HeadroomInput(800, 5, 9216, 4200), spectrum4), "peer_response"));
    HeadroomException e =
        assertThrows(
            HeadroomException.class,
            () -> Headroom.compute(new HeadroomInput(1600, 5, 9216, 4200), spectrum4));
    assertTrue(e.getMessage().contains("1600G"), e.getMessage());
  }

  @Test
  void explainerShowsEveryTerm() {
    String text =
        HeadroomExplainer.explain(
            "leaf-01", "Ethernet0", new HeadroomInput(400, 5, 9216, 4200), spectrum4);
    for (String expected :
        new String[] {
          "worst_case_factor = cell/64 = 192/64 = 3",
          "cell_occupancy = (100 - 50 + 50*3)/100 = 2",
          "bytes_on_cable = 5 m / 2e8 m/s * 400e9 b/s / 8 = 1250",
          "peer_response = 905 quanta * 512 / 8 = 57920",
          "propagation_delay = 9216 + 2500 + 0 + 819.2 + 57920 = 70455.2",
          "xoff = ceil(145110.4 / 1024) * 1024 = 145408",
          "mac_phy_delay = 819.2   # from spectrum-4",
          "result: xoff 145408 B, xon 19456 B, size 164864 B"
        }) {
      assertTrue(text.contains(expected), "missing '" + expected + "' in:\n" + text);
    }
    assertEquals(
        text,
        HeadroomExplainer.explain(
            "leaf-01", "Ethernet0", new HeadroomInput(400, 5, 9216, 4200), spectrum4),
        "same input, same text");
  }

  private static BigDecimal term(HeadroomResult r, String name) {
    return r.terms().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow().value();
  }

  /**
   * domain.md §1.6 illustrates the formula with cell occupancy 1 and no MAC/PHY delay, lossless MTU
   * = port MTU = 9216. A test-only profile (small-packet-percentage 0 makes the occupancy 1; zero
   * delays; not a real ASIC) reproduces its numbers before the 1024-byte rounding:
   *
   * <pre>
   * 400G x 100 m: 9216 + (9216 + 50000 + 57920) = 126 352   ("≈ 126 kB")
   * 400G x 5 m:   9216 + (9216 +  2500 + 57920) =  78 852   ("≈ 78.9 kB")
   * 100G x 5 m:   9216 + (9216 +   625 + 25216) =  44 273   ("≈ 44 kB")
   * </pre>
   */
  @Test
  void reproducesTheDomainIllustration() {
    AsicProfile illustration =
        AsicProfiles.parse(
            "illustration",
            "test",
            """
                # source: test-only profile for domain.md's illustration, not an ASIC
                profile-version=0
                # source: any cell above 128 B; irrelevant when small-packet-percentage is 0
                cell-size=192B
                # source: the illustration ignores MAC/PHY delay
                mac-phy-delay=0B
                # source: the illustration has no xon
                pipeline-latency=0B
                # source: unused
                peer-response=0B
                # source: 0 makes cell_occupancy 1, as the illustration assumes
                small-packet-percentage=0
                """);
    assertEquals(
        0,
        new BigDecimal("126352")
            .compareTo(
                term(
                    Headroom.compute(new HeadroomInput(400, 100, 9216, 9216), illustration),
                    "xoff_exact")));
    assertEquals(
        0,
        new BigDecimal("78852")
            .compareTo(
                term(
                    Headroom.compute(new HeadroomInput(400, 5, 9216, 9216), illustration),
                    "xoff_exact")));
    assertEquals(
        0,
        new BigDecimal("44273")
            .compareTo(
                term(
                    Headroom.compute(new HeadroomInput(100, 5, 9216, 9216), illustration),
                    "xoff_exact")));
    assertEquals(
        124 * 1024,
        Headroom.compute(new HeadroomInput(400, 100, 9216, 9216), illustration).xoff(),
        "126 352 rounds up to 124 KiB");
  }
}
