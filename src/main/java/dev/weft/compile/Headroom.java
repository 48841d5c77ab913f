package dev.weft.compile;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The PFC headroom calculator: a pure function of port speed, cable length, port MTU, lossless MTU
 * and an {@link AsicProfile}. It is SONiC's dynamic-buffer formula (domain.md §1.6; SONiC {@code
 * doc/qos/dynamically-headroom-calculation.md}; sonic-swss {@code
 * cfgmgr/buffer_headroom_mellanox.lua}):
 *
 * <pre>
 * worst_case_factor = cell &gt; 2*64 ? cell/64 : (2*cell)/(1+cell)
 * cell_occupancy    = (100 - small% + small% * worst_case_factor) / 100
 * bytes_on_cable    = cable_m / 2e8 m/s * speed_bps / 8                  (one way)
 * peer_response     = pause_quanta(speed) * 512 / 8
 * propagation_delay = port_mtu + 2*bytes_on_cable + mac_phy_delay + peer_response
 * xoff = ceil1024(lossless_mtu + propagation_delay * cell_occupancy)
 * xon  = ceil1024(pipeline_latency)
 * size = ceil1024(xoff + xon)                                             (no shared headroom pool)
 * </pre>
 *
 * <p>Choices, each deliberate:
 *
 * <ul>
 *   <li>Signal speed in the medium is 2e8 m/s, as domain.md §1.6 states. SONiC's Mellanox script
 *       uses 1.98e8 and also scales the cable term by 1000/1024 (it divides bits by 8*1024 after
 *       multiplying Mb/s by 1e9); we keep plain bytes so the result can be checked by hand.
 *   <li>Peer response comes only from the pause-quanta table ({@link PauseQuanta}). A speed without
 *       an entry is refused with {@link HeadroomException}: the ASIC's {@code peer_response_time}
 *       fallback (3.8 KiB) is far below the 400G table value (57 920 B), so using it for a faster
 *       port would understate headroom.
 *   <li>No gearbox (the intent has no gearbox model): its term is 0. The Mellanox 8-lane adjustment
 *       needs the lane count, which the intent does not carry; not applied.
 *   <li>Rounding: exact decimal arithmetic; a non-terminating quotient (only {@code 2c/(1+c)} for
 *       cells &le; 128 B) is rounded half-up at 10 decimal places; xoff, xon and size are then
 *       rounded UP to a whole multiple of 1024 bytes, as SONiC's script does. Results are integers.
 * </ul>
 */
public final class Headroom {

  /** Signal propagation speed in fibre/copper, m/s (domain.md §1.6: "v_media ≈ 2e8 m/s"). */
  static final BigDecimal MEDIA_SPEED = new BigDecimal("200000000");

  static final int MINIMAL_PACKET = 64;
  static final long ROUNDING = 1024;
  private static final int SCALE = 10;

  private Headroom() {}

  /**
   * @throws HeadroomException when the speed has no sourced pause-quanta value
   */
  public static HeadroomResult compute(HeadroomInput in, AsicProfile profile) {
    OptionalInt quanta = PauseQuanta.forSpeed(in.speedGbps());
    if (quanta.isEmpty()) {
      throw new HeadroomException(
          "no sourced pause-quanta value for "
              + in.speedGbps()
              + "G (IEEE 802.3 Annex 31B as quoted by SONiC covers "
              + PauseQuanta.knownSpeeds()
              + "); headroom is not computed rather than guessed");
    }
    List<HeadroomResult.Term> terms = new ArrayList<>();
    long cell = profile.cellSizeBytes();
    BigDecimal wcf;
    String wcfFormula;
    if (cell > 2L * MINIMAL_PACKET) {
      wcf = div(BigDecimal.valueOf(cell), BigDecimal.valueOf(MINIMAL_PACKET));
      wcfFormula = "cell/64 = " + cell + "/64";
    } else {
      wcf = div(BigDecimal.valueOf(2 * cell), BigDecimal.valueOf(1 + cell));
      wcfFormula = "(2*cell)/(1+cell) = " + (2 * cell) + "/" + (1 + cell);
    }
    terms.add(
        term(
            "worst_case_factor",
            wcfFormula,
            wcf,
            "cell size " + cell + " B from " + profile.asic()));

    int small = profile.smallPacketPercentage();
    BigDecimal occupancy =
        div(
            BigDecimal.valueOf(100 - small).add(BigDecimal.valueOf(small).multiply(wcf)),
            BigDecimal.valueOf(100));
    terms.add(
        term(
            "cell_occupancy",
            "(100 - " + small + " + " + small + "*" + plain(wcf) + ")/100",
            occupancy,
            "small-packet-percentage " + small));

    BigDecimal speedBps =
        BigDecimal.valueOf(in.speedGbps()).multiply(BigDecimal.valueOf(1_000_000_000L));
    BigDecimal cableOneWay =
        div(
            BigDecimal.valueOf(in.cableMetres()).multiply(speedBps),
            MEDIA_SPEED.multiply(BigDecimal.valueOf(8)));
    terms.add(
        term(
            "bytes_on_cable",
            in.cableMetres() + " m / 2e8 m/s * " + in.speedGbps() + "e9 b/s / 8",
            cableOneWay,
            "one way"));
    BigDecimal cableRoundTrip = cableOneWay.multiply(BigDecimal.valueOf(2));
    terms.add(
        term(
            "2*bytes_on_cable",
            "2 * " + plain(cableOneWay),
            cableRoundTrip,
            "XOFF travels one way while data still travels the other"));
    terms.add(term("bytes_on_gearbox", "0", BigDecimal.ZERO, "no gearbox modelled"));

    BigDecimal peer = BigDecimal.valueOf((long) quanta.getAsInt() * PauseQuanta.BYTES_PER_QUANTUM);
    terms.add(
        term(
            "peer_response",
            quanta.getAsInt() + " quanta * 512 / 8",
            peer,
            "IEEE 802.3 Annex 31B pause quanta for " + in.speedGbps() + "G"));
    BigDecimal macPhy = profile.macPhyDelayBytes();
    terms.add(term("mac_phy_delay", plain(macPhy), macPhy, "from " + profile.asic()));

    BigDecimal portMtu = BigDecimal.valueOf(in.portMtu());
    BigDecimal propagation = portMtu.add(cableRoundTrip).add(macPhy).add(peer);
    terms.add(
        term(
            "propagation_delay",
            in.portMtu()
                + " + "
                + plain(cableRoundTrip)
                + " + 0 + "
                + plain(macPhy)
                + " + "
                + plain(peer),
            propagation,
            "port_mtu + 2*bytes_on_cable + 2*bytes_on_gearbox"
                + " + mac_phy_delay + peer_response"));

    BigDecimal xoffRaw = BigDecimal.valueOf(in.losslessMtu()).add(propagation.multiply(occupancy));
    terms.add(
        term(
            "xoff_exact",
            in.losslessMtu() + " + " + plain(propagation) + " * " + plain(occupancy),
            xoffRaw,
            "lossless_mtu + propagation_delay * cell_occupancy"));
    long xoff = ceil1024(xoffRaw);
    terms.add(
        term("xoff", "ceil(" + plain(xoffRaw) + " / 1024) * 1024", BigDecimal.valueOf(xoff), null));

    long xon = ceil1024(profile.pipelineLatencyBytes());
    terms.add(
        term(
            "xon",
            "ceil(" + plain(profile.pipelineLatencyBytes()) + " / 1024) * 1024",
            BigDecimal.valueOf(xon),
            "pipeline_latency from " + profile.asic()));
    long size = ceil1024(BigDecimal.valueOf(xoff + xon));
    terms.add(
        term(
            "size",
            xoff + " + " + xon,
            BigDecimal.valueOf(size),
            "xoff + xon (reserved per PG; no shared headroom pool)"));
    return new HeadroomResult(xoff, xon, size, terms);
  }

  static long ceil1024(BigDecimal bytes) {
    return bytes.divide(BigDecimal.valueOf(ROUNDING), 0, RoundingMode.CEILING).longValueExact()
        * ROUNDING;
  }

  private static BigDecimal div(BigDecimal a, BigDecimal b) {
    try {
      return a.divide(b);
    } catch (ArithmeticException nonTerminating) {
      return a.divide(b, SCALE, RoundingMode.HALF_UP);
    }
  }

  static String plain(BigDecimal v) {
    BigDecimal s = v.stripTrailingZeros();
    return (s.scale() < 0 ? s.setScale(0) : s).toPlainString();
  }

  private static HeadroomResult.Term term(
      String name, String formula, BigDecimal value, String note) {
    return new HeadroomResult.Term(name, formula, value, note);
  }
}
