package dev.weft.compile;

import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import java.util.List;

/**
 * Writes the headroom arithmetic term by term, for {@code weft explain-headroom DEVICE PORT}. Plain
 * text, one term a line, no trailing spaces; same input, same text.
 */
public final class HeadroomExplainer {

  private HeadroomExplainer() {}

  /**
   * @param device device name (for the heading)
   * @param port port name
   * @param in the inputs
   * @param profile the ASIC profile used
   */
  public static String explain(String device, String port, HeadroomInput in, AsicProfile profile) {
    StringBuilder out = new StringBuilder();
    out.append("PFC headroom for ").append(device).append(' ').append(port).append('\n');
    out.append("  inputs: speed ")
        .append(in.speedGbps())
        .append("G, cable ")
        .append(in.cableMetres())
        .append(" m, port MTU ")
        .append(in.portMtu())
        .append(" B, lossless MTU ")
        .append(in.losslessMtu())
        .append(" B\n");
    out.append("  ASIC profile: ")
        .append(profile.asic())
        .append(" version ")
        .append(profile.version())
        .append(" (")
        .append(profile.source())
        .append(")\n");
    out.append("    cell-size ")
        .append(profile.cellSizeBytes())
        .append(" B, mac-phy-delay ")
        .append(Headroom.plain(profile.macPhyDelayBytes()))
        .append(" B, pipeline-latency ")
        .append(Headroom.plain(profile.pipelineLatencyBytes()))
        .append(" B, peer-response fallback ")
        .append(Headroom.plain(profile.peerResponseBytes()))
        .append(" B (not used), small-packet-percentage ")
        .append(profile.smallPacketPercentage())
        .append('\n');
    HeadroomResult r;
    try {
      r = Headroom.compute(in, profile);
    } catch (HeadroomException e) {
      out.append("  cannot compute: ").append(e.getMessage()).append('\n');
      return out.toString();
    }
    for (HeadroomResult.Term t : r.terms()) {
      out.append("  ").append(t.name()).append(" = ").append(t.formula());
      String value = Headroom.plain(t.value());
      if (!t.formula().equals(value)) {
        out.append(" = ").append(value);
      }
      if (t.note() != null) {
        out.append("   # ").append(t.note());
      }
      out.append('\n');
    }
    out.append("  result: xoff ")
        .append(r.xoff())
        .append(" B, xon ")
        .append(r.xon())
        .append(" B, size ")
        .append(r.size())
        .append(" B\n");
    return out.toString();
  }

  /**
   * Explains the headroom of {@code device port} as the compiler computes it (same inputs: port
   * speed, port MTU, the link's cable length, the fabric's NIC MTU as lossless MTU, the switch's
   * ASIC profile).
   *
   * @throws IllegalArgumentException with a one-line message when the port's headroom cannot be
   *     explained (unknown device or port, no ASIC profile, a missing input)
   * @throws AsicProfileException when the switch's profile file is broken
   */
  public static String explain(
      FabricModel model, AsicProfiles profiles, String device, String port) {
    PortInputs p = inputs(model, profiles, device, port);
    return explain(device, port, p.in(), p.profile()) + p.sources();
  }

  /**
   * The same port's headroom beside the platform's own table ({@link HeadroomTable}): the row for
   * the port's speed and cable length, its xon, xoff, size and dynamic threshold, Weft's value and
   * the difference, and whether they agree within {@link HeadroomComparison#MARGIN}; or, when the
   * table has no row for that key, which lengths it has at that speed.
   *
   * @throws IllegalArgumentException as {@link #explain(FabricModel, AsicProfiles, String, String)}
   */
  public static String beside(
      FabricModel model, AsicProfiles profiles, String device, String port, HeadroomTable table) {
    PortInputs p = inputs(model, profiles, device, port);
    long speedMbps = p.in().speedGbps() * 1000;
    long cable = p.in().cableMetres();
    StringBuilder out = new StringBuilder();
    out.append(table.title()).append(" (").append(table.source()).append(")\n");
    out.append("  ").append(table.lookup()).append('\n');
    var found = table.row(speedMbps, cable);
    if (found.isEmpty()) {
      List<String> cables = table.cablesAt(speedMbps);
      out.append("  no row for speed ")
          .append(speedMbps)
          .append(" and cable ")
          .append(cable)
          .append(" m: ")
          .append(
              cables.isEmpty()
                  ? "the table has no row at " + speedMbps + " (speeds: " + speeds(table) + ")"
                  : "at " + speedMbps + " it has " + String.join(", ", cables))
          .append('\n');
      return out.toString();
    }
    HeadroomTable.Row row = found.get();
    out.append("  row at ")
        .append(table.source())
        .append(':')
        .append(row.line())
        .append(": speed ")
        .append(row.speedMbps())
        .append(", cable ")
        .append(row.cable())
        .append(": size ")
        .append(row.size())
        .append(" B, xon ")
        .append(row.xon())
        .append(" B, xoff ")
        .append(row.xoff())
        .append(" B, dynamic_th ")
        .append(row.dynamicTh())
        .append('\n');
    HeadroomResult weft;
    try {
      weft = Headroom.compute(p.in(), p.profile());
    } catch (HeadroomException e) {
      out.append("  Weft: cannot compute: ").append(e.getMessage()).append('\n');
      return out.toString();
    }
    HeadroomComparison c = new HeadroomComparison(row, weft);
    line(out, "xon", row.xon(), weft.xon(), c.xonDifference());
    line(out, "xoff", row.xoff(), weft.xoff(), c.xoffDifference());
    line(out, "size", row.size(), weft.size(), c.sizeDifference());
    Integer alpha =
        model.fabric() == null || model.fabric().pfc() == null
            ? null
            : model.fabric().pfc().dynamicThreshold();
    out.append("  dynamic_th: table ")
        .append(row.dynamicTh())
        .append(", Weft ")
        .append(alpha == null ? "not set (fabric.pfc.dynamic-threshold)" : alpha)
        .append('\n');
    out.append("  within the margin (")
        .append(HeadroomComparison.MARGIN)
        .append(", xon and xoff each): ")
        .append(
            c.withinMargin()
                ? "yes"
                : "no ("
                    + (c.xonWithinMargin() ? "" : "xon")
                    + (c.xonWithinMargin() || c.xoffWithinMargin() ? "" : ", ")
                    + (c.xoffWithinMargin() ? "" : "xoff")
                    + ")")
        .append('\n');
    if (c.sharedHeadroomPool()) {
      out.append(
          "  the table's size equals its xon: its xoff comes from a shared headroom pool, so the"
              + " size is not comparable with Weft's reserved xoff + xon\n");
    }
    out.append("  Weft's value uses this port's MTUs (port ")
        .append(p.in().portMtu())
        .append(" B, lossless ")
        .append(p.in().losslessMtu())
        .append(" B); docs/headroom-vs-sonic.md compares every row at SONiC's own MTUs\n");
    return out.toString();
  }

  private static void line(StringBuilder out, String name, long table, long weft, long diff) {
    out.append("  ")
        .append(name)
        .append(": table ")
        .append(table)
        .append(" B, Weft ")
        .append(weft)
        .append(" B, Weft - table ")
        .append(HeadroomComparison.signed(diff, table))
        .append('\n');
  }

  private static String speeds(HeadroomTable table) {
    return String.join(", ", table.speeds().stream().map(String::valueOf).toList());
  }

  /** The inputs of one port's headroom and, as a line, where each came from. */
  private record PortInputs(HeadroomInput in, AsicProfile profile, String sources) {}

  private static PortInputs inputs(
      FabricModel model, AsicProfiles profiles, String device, String port) {
    Switch s =
        model
            .switchNamed(device)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no switch named '" + device + "' in inventory " + model.inventory()));
    EffectivePort ep = null;
    for (EffectivePort candidate : model.effectivePorts()) {
      if (candidate.deviceName().equals(device) && candidate.portName().equals(port)) {
        ep = candidate;
        break;
      }
    }
    if (ep == null) {
      throw new IllegalArgumentException("switch '" + device + "' has no port '" + port + "'");
    }
    if (s.asic() == null) {
      throw new IllegalArgumentException(
          Where.self(s.at())
              + ": switch '"
              + device
              + "' has no asic, so it has no headroom profile");
    }
    AsicProfile profile =
        profiles
            .lookup(s.asic())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        Where.of(s.at(), "asic")
                            + ": no ASIC profile for asic '"
                            + s.asic()
                            + "' (asic-profile-missing)"));
    if (ep.speed() == null) {
      throw new IllegalArgumentException(
          Where.self(ep.port().at()) + ": port " + port + " has no speed");
    }
    if (ep.mtu() == null) {
      throw new IllegalArgumentException(
          Where.self(ep.port().at()) + ": port " + port + " has no MTU");
    }
    if (ep.cableLength() == null) {
      throw new IllegalArgumentException(
          (ep.link() == null ? Where.self(ep.port().at()) : Where.self(ep.link().at()))
              + ": port "
              + port
              + (ep.link() == null ? " has no link" : "'s link has no cable-length"));
    }
    if (model.fabric() == null || model.fabric().mtu() == null) {
      throw new IllegalArgumentException(
          "the fabric has no mtu.nic, the lossless MTU of the formula");
    }
    HeadroomInput in =
        new HeadroomInput(
            ep.speed().value().gbps(),
            ep.cableLength().value().metres(),
            ep.mtu().value(),
            model.fabric().mtu().nic());
    String sources =
        "  sources: speed "
            + ep.speed().origin()
            + " ("
            + ep.speed().layer()
            + "), port MTU "
            + ep.mtu().origin()
            + " ("
            + ep.mtu().layer()
            + "), cable length "
            + ep.cableLength().origin()
            + ", lossless MTU (fabric mtu.nic) "
            + Where.of(model.fabric().mtu().at(), "nic")
            + "\n";
    return new PortInputs(in, profile, sources);
  }
}
