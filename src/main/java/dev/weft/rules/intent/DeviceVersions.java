package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import dev.weft.model.Versions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Every version a device of the inventory states: its switch OS (by platform) or its NIC firmware
 * (by model).
 */
final class DeviceVersions {

  private DeviceVersions() {}

  /**
   * One stated version.
   *
   * @param nic true for NIC firmware, false for a switch OS
   * @param key the platform (switch OS) or the NIC model the pins are keyed by
   * @param running what runs, in words: {@code sonic 202411}, {@code firmware 28.43.1014}
   * @param who the device in words: {@code leaf-01}, {@code gpu-001 eth0 (connectx-7)}
   */
  record Stated(
      boolean nic,
      String key,
      String value,
      String running,
      String who,
      String device,
      String port,
      Location at,
      String path) {

    /**
     * The intent key the fabric's pin for it sits at, e.g. {@code
     * fabric.versions.nic-firmware.connectx-7}.
     */
    String pinAt(String suffix) {
      return "fabric.versions." + (nic ? "nic-firmware" : "switch-os") + suffix + "." + key;
    }
  }

  /** The fabric's {@code versions}, or null when the inventory gives none. */
  static Versions of(FabricModel model) {
    Fabric fabric = model == null ? null : model.fabric();
    return fabric == null ? null : fabric.versions();
  }

  /**
   * A version rule's findings: every stated version that has a pin in {@code nicPins} (by NIC
   * model) or {@code switchPins} (by platform) and that {@code judge} finds wrong against it (it
   * returns the finding's text and values, or null), placed at the device's version line.
   */
  static List<Finding> judge(
      FabricModel model,
      Map<String, String> nicPins,
      Map<String, String> switchPins,
      BiFunction<Stated, String, Finding> judge) {
    List<Finding> findings = new ArrayList<>();
    if (nicPins.isEmpty() && switchPins.isEmpty()) {
      return findings;
    }
    each(
        model,
        v -> {
          String pin = (v.nic() ? nicPins : switchPins).get(v.key());
          Finding f = pin == null ? null : judge.apply(v, pin);
          if (f != null) {
            findings.add(f.at(v.at()).onDevice(v.device()).onPort(v.port()).withPath(v.path()));
          }
        });
    return findings;
  }

  static void each(FabricModel model, Consumer<Stated> action) {
    List<Switch> switches = model.switches();
    for (int i = 0; i < switches.size(); i++) {
      Switch s = switches.get(i);
      if (s.osVersion() != null && s.platform() != null) {
        action.accept(
            new Stated(
                false,
                s.platform(),
                s.osVersion(),
                s.platform() + " " + s.osVersion(),
                s.name(),
                s.name(),
                null,
                Roce.at(s.at(), "os-version"),
                "/switches/" + i + "/os-version"));
      }
    }
    List<Host> hosts = model.hosts();
    for (int i = 0; i < hosts.size(); i++) {
      Host h = hosts.get(i);
      for (int j = 0; j < h.nics().size(); j++) {
        Nic n = h.nics().get(j);
        if (n.model() != null && n.firmware() != null) {
          action.accept(
              new Stated(
                  true,
                  n.model(),
                  n.firmware(),
                  "firmware " + n.firmware(),
                  h.name() + " " + n.name() + " (" + n.model() + ")",
                  h.name(),
                  n.name(),
                  Roce.at(n.at(), "firmware"),
                  "/hosts/" + i + "/nics/" + j + "/firmware"));
        }
      }
    }
  }
}
