package dev.weft.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The hardware the generator writes for one switch: its {@code asic} and {@code hwsku}, the port
 * names it may use in order, and the speed every one of those ports runs at. A switch is given its
 * ports from the front of {@link #ports()}; one that needs more than the model has is refused when
 * the inventory is written, never by writing a port the SKU lacks.
 *
 * @param asic the intent's {@code asic}, e.g. {@code spectrum-4}
 * @param hwsku the intent's {@code hwsku}, e.g. {@code Mellanox-SN5600-O128}
 * @param speed the ports' speed as the intent spells it, e.g. {@code 400G}
 * @param ports the port names at that speed, in the order the generator takes them
 */
public record SwitchModel(String asic, String hwsku, String speed, List<String> ports) {

  /**
   * The SN5600-O128 the generator has always written: 128 × 400G, each 800G cage split into two
   * 400G ports of 4 lanes, so the names step by 4 (Ethernet0 ... Ethernet508).
   */
  public static final SwitchModel SN5600_O128 =
      new SwitchModel("spectrum-4", "Mellanox-SN5600-O128", "400G", stepping(128, 4));

  public SwitchModel {
    ports = List.copyOf(ports);
    if (ports.isEmpty()) {
      throw new IllegalArgumentException(hwsku + ": a switch model needs ports");
    }
  }

  /** Port {@code i} (0-based) of the model. */
  public String port(int i) {
    if (i >= ports.size()) {
      throw new IllegalArgumentException(
          hwsku
              + " has "
              + ports.size()
              + " ports at "
              + speed
              + "; the fabric's shape needs port "
              + (i + 1));
    }
    return ports.get(i);
  }

  /** The port profile suffix for this speed, e.g. {@code 400g}. */
  String profileSuffix() {
    return speed.toLowerCase(Locale.ROOT);
  }

  private static List<String> stepping(int count, int step) {
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add("Ethernet" + (i * step));
    }
    return out;
  }
}
