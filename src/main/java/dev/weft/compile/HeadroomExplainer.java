package dev.weft.compile;

import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;

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
    return explain(device, port, in, profile)
        + "  sources: speed "
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
  }
}
