package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code ok} means in a summary ("devices: 3 of 6 ok", the dashboard's status bar): read, in
 * sync with the intent, and without a finding at warning or above (a PFC storm, lossless drops, a
 * night without counters). A device's status alone says only that its config is as intended.
 */
public final class OkDevices {

  private OkDevices() {}

  /** The devices that are ok, in report order. */
  public static List<DeviceStatus> of(List<DeviceStatus> devices, List<Finding> findings) {
    Set<String> flagged = flagged(findings);
    return devices.stream()
        .filter(d -> d.status() == DeviceStatus.Status.OK && !flagged.contains(d.name()))
        .toList();
  }

  /** The devices with a finding at warning or above that is not waived. */
  public static Set<String> flagged(List<Finding> findings) {
    Set<String> out = new HashSet<>();
    for (Finding f : findings) {
      if (f.device() != null && !f.waived() && f.severity() != Severity.INFO) {
        out.add(f.device());
      }
    }
    return out;
  }
}
