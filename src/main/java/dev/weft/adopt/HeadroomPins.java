package dev.weft.adopt;

import dev.weft.compile.AsicProfile;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.Headroom;
import dev.weft.compile.HeadroomException;
import dev.weft.compile.HeadroomInput;
import dev.weft.compile.HeadroomResult;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The headroom an imported port keeps as written on the device ({@code headroom: { xoff, xon, size
 * }}): where the device's config holds each lossless priority group's values (SONiC's traditional
 * buffer model) and Weft would compute others, or cannot compute any (no ASIC profile for the
 * switch, no cable length). Without the pin the imported intent would replace the device's headroom
 * with the computed one, and drift against its own import would never be clean (issue 31).
 */
final class HeadroomPins {

  /** A device's own headroom for every lossless PG of a port, in bytes. */
  record Pin(long xoff, long xon, long size) {

    /** As the intent writes it: a flow mapping of byte counts. */
    String text() {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("xoff", YamlText.bytes(xoff));
      m.put("xon", YamlText.bytes(xon));
      m.put("size", YamlText.bytes(size));
      return YamlText.flow(m);
    }
  }

  private final Predicate<String> readsWholeHeadroom;
  private final Function<String, Optional<AsicProfile>> asicOf;
  private final Map<String, Optional<AsicProfile>> asics = new HashMap<>(); // loaded once a device
  private final int nicMtu;

  /**
   * @param readsWholeHeadroom the devices whose config holds each PG's xoff, xon and size
   * @param asicOf each device's ASIC profile, when the import knows its ASIC
   * @param nicMtu the fabric's NIC MTU as the import writes it (an input of the computation)
   */
  HeadroomPins(
      Predicate<String> readsWholeHeadroom,
      Function<String, Optional<AsicProfile>> asicOf,
      int nicMtu) {
    this.readsWholeHeadroom = readsWholeHeadroom;
    this.asicOf = asicOf;
    this.nicMtu = nicMtu;
  }

  /** No pins: every port's headroom is the computed one. */
  static HeadroomPins none() {
    return new HeadroomPins(device -> false, device -> Optional.empty(), 0);
  }

  /**
   * The pin for one port: its PGs' common values when the device holds them and they are not what
   * the intent would compute; empty when the device computes its own (dynamic), holds none, gives
   * its PGs different values (the intent holds one per port), or holds the computed values.
   */
  Optional<Pin> of(String device, CompiledPort port) {
    List<PriorityGroupHeadroom> pgs = port.headroom();
    if (pgs.isEmpty() || !readsWholeHeadroom.test(device)) {
      return Optional.empty();
    }
    PriorityGroupHeadroom first = pgs.get(0);
    Pin pin = new Pin(first.xoff(), first.xon(), first.size());
    for (PriorityGroupHeadroom pg : pgs) {
      if (pg.dynamic() || !pin.equals(new Pin(pg.xoff(), pg.xon(), pg.size()))) {
        return Optional.empty();
      }
    }
    return computed(device, port).filter(pin::equals).isPresent()
        ? Optional.empty()
        : Optional.of(pin);
  }

  /** What the intent would compute for the port, when its ASIC, speed, MTU and cable are known. */
  private Optional<Pin> computed(String device, CompiledPort port) {
    Optional<AsicProfile> asic = asics.computeIfAbsent(device, asicOf);
    if (asic.isEmpty()
        || port.speedGbps() == null
        || port.mtu() == null
        || port.cableLengthMetres() == null) {
      return Optional.empty();
    }
    try {
      HeadroomResult r =
          Headroom.compute(
              new HeadroomInput(port.speedGbps(), port.cableLengthMetres(), port.mtu(), nicMtu),
              asic.get());
      return Optional.of(new Pin(r.xoff(), r.xon(), r.size()));
    } catch (HeadroomException e) {
      return Optional
          .empty(); // no computed value (a speed without pause quanta): keep the device's
    }
  }
}
