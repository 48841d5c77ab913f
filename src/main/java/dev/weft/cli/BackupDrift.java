package dev.weft.cli;

import dev.weft.adopt.ConfigFolder;
import dev.weft.adopt.DeviceConfig;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code weft drift --from-backup DIR}: drift without the network. Each switch's reading is made
 * from its file in DIR ({@code weft backup}'s layout, recognised as {@code weft import} recognises
 * it: {@link ConfigFolder}) through its platform's own reader, then compared by the same code as a
 * live read ({@link DriftAudit#compare}), so a backup and the device it was taken from drift alike.
 * A switch without a file, or whose file its reader refuses, is that switch's status; the others
 * are still compared.
 */
final class BackupDrift {

  /** The status reason of a switch whose file is not in the folder. */
  static final String NO_BACKUP = "no-backup";

  private BackupDrift() {}

  /**
   * One result per switch, in the order given.
   *
   * @param dir the backup folder
   * @param shown how findings name the folder (as the user gave it)
   */
  static List<DriftAudit.Result> compare(
      Path dir, String shown, List<CompiledSwitch> switches, Platforms platforms)
      throws IOException {
    Map<String, String> platformOf = new TreeMap<>();
    switches.forEach(s -> platformOf.put(s.name(), s.platform()));
    // the intent's platform decides the reader: a file is never sniffed into another platform
    ConfigFolder.Contents contents =
        ConfigFolder.read(dir, d -> Optional.ofNullable(platformOf.get(d)), platforms);
    Map<String, DeviceConfig> files = new TreeMap<>();
    contents.configs().forEach(c -> files.putIfAbsent(c.device(), c));
    List<DriftAudit.Result> out = new ArrayList<>();
    for (CompiledSwitch sw : switches) {
      LiveTarget target = new LiveTarget(sw, null, null, "read from " + shown);
      Reading reading =
          reading(target, files.get(sw.name()), contents.findings(), shown, platforms);
      out.add(DriftAudit.compare(target, reading, platforms));
    }
    return List.copyOf(out);
  }

  private static Reading reading(
      LiveTarget target,
      DeviceConfig file,
      List<Finding> folderFindings,
      String shown,
      Platforms platforms) {
    String device = target.name();
    if (file == null) {
      // a file that is there but could not be taken (too large) says so; no file at all is
      // unreachable, as a device that does not answer
      Optional<Finding> refused =
          folderFindings.stream().filter(f -> device.equals(f.device())).findFirst();
      if (refused.isPresent()) {
        return new Reading(
            device,
            new DeviceStatus(device, DeviceStatus.Status.ERROR, "unreadable"),
            List.of(refused.get()),
            null,
            null,
            null);
      }
      return LiveReader.unreachable(
          target,
          NO_BACKUP,
          device
              + ": no file "
              + String.join(", ", List.of(device + ".xml", device + ".json", device + ".txt"))
              + " in "
              + shown
              + " (the layout weft backup writes)");
    }
    Optional<LiveProfile> profile = platforms.live(file.platform());
    if (profile.isEmpty()) {
      return LiveReader.error(
          target,
          "no-reader",
          device + ": platform " + file.platform() + " has no reader for " + file.file());
    }
    try {
      CompiledSwitch live = profile.get().read(file.text(), device, file.file());
      return new Reading(device, DeviceStatus.ok(device), List.of(), null, null, live);
    } catch (ReadException e) {
      Finding f =
          Finding.of(
                  LiveReader.REPLY_INVALID,
                  Severity.ERROR,
                  device
                      + ": the "
                      + file.platform()
                      + " reader refused the backup"
                      + (e.path() == null ? "" : " at " + e.path())
                      + ": "
                      // the reader's message names the file (it was given as the source) and
                      // where in it
                      + (e.getMessage().contains(file.file())
                          ? e.getMessage()
                          : file.file() + ": " + e.getMessage()))
              .at(Location.ofFile(file.file()))
              .onDevice(device)
              .withPath(e.path())
              .withValues("a config the " + file.platform() + " reader accepts", "refused");
      return new Reading(
          device,
          new DeviceStatus(device, DeviceStatus.Status.ERROR, LiveReader.REPLY_INVALID),
          List.of(f),
          null,
          null,
          null);
    }
  }
}
