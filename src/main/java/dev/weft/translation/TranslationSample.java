package dev.weft.translation;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The switches {@code weft validate} renders in memory and reads back: one per shape, where a shape
 * is the whole compiled switch with its names taken out (its own name, management address, link
 * peers and intent lines) and, per port, the cable length and the headroom bytes that follow from
 * it. Two switches of one shape run the same template branches, with the same values except those
 * per-port numbers, so reading one back proves the translation of both but for the names and the
 * headroom figures (each sampled switch's own headroom is still read back and compared in full);
 * {@code weft render} reads back every file it writes. Generated fabrics give every link its own
 * cable length: with the lengths in the shape, a 8,192-GPU fabric had 112 shapes among its 320
 * switches; without, a handful, so validate pays for a handful of renders.
 */
public final class TranslationSample {

  private TranslationSample() {}

  /** The first switch of each shape, in device order. */
  public static List<CompiledSwitch> of(CompiledFabric fabric) {
    Set<CompiledSwitch> seen = new HashSet<>();
    List<CompiledSwitch> out = new ArrayList<>();
    for (CompiledDevice d : fabric.devices()) {
      if (d instanceof CompiledSwitch sw && seen.add(shape(sw))) {
        out.add(sw);
      }
    }
    return out;
  }

  /** {@code sw} without the names that differ between switches of one design. */
  static CompiledSwitch shape(CompiledSwitch sw) {
    List<CompiledPort> ports = new ArrayList<>(sw.ports().size());
    for (CompiledPort p : sw.ports()) {
      ports.add(
          p.toBuilder()
              .peer(null) // the peer's device and port too
              .cableLengthMetres(null)
              .headroom(List.of())
              .provenance(Map.of())
              .build());
    }
    return sw.toBuilder()
        .name("")
        .managementHost(null)
        .managementPort(null)
        .provenance(Map.of())
        .ports(ports)
        .build();
  }
}
