package dev.weft.cli;

import dev.weft.adopt.ConfigFolder;
import dev.weft.adopt.DeviceConfig;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupFile;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.source.InventorySource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code weft import --live}: the skeleton's switches read as {@code weft backup} reads them (the
 * same live readers, options and whole-config reply), each config then kept exactly as a backup
 * file would hold it, so an import from the devices and one from their backup see the same text. A
 * device that cannot be read keeps its status and findings (unreachable, error); the others still
 * import.
 */
final class LiveImport {

  /**
   * The configs read, and the statuses of the devices that could not be read (their findings are in
   * contents).
   */
  record Read(ConfigFolder.Contents contents, List<DeviceStatus> failed) {
    Read {
      failed = List.copyOf(failed);
    }
  }

  private final NetconfOptions netconf;

  LiveImport(NetconfOptions netconf) {
    this.netconf = netconf;
  }

  Read read(Pipeline pipeline, InventorySource skeleton) {
    Pipeline.Run run = pipeline.compile(skeleton);
    if (run.compiled() == null) {
      String first =
          run.findings().stream()
              .filter(f -> f.severity() == Severity.ERROR)
              .findFirst()
              .map(Finding::message)
              .orElse("it does not compile");
      throw new UsageException("--skeleton " + skeleton.inventoryPath() + ": " + first);
    }
    List<CompiledSwitch> managed =
        run.compiled().switches().stream().filter(s -> s.managementHost() != null).toList();
    Map<String, String> platforms = new TreeMap<>();
    managed.forEach(s -> platforms.put(s.name(), s.platform()));
    List<LiveTarget> targets =
        DeviceTargets.select(run.model(), managed, netconf.devices, netconf.credentials);
    LiveSettings settings =
        new LiveSettings(
            netconf.parallel(),
            netconf.timeout(),
            netconf.hostKeys(),
            netconf.client(),
            System::getenv,
            LiveSettings.Hook.NONE,
            null,
            CrashReport.forDevices());
    List<DeviceConfig> configs = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<DeviceStatus> failed = new ArrayList<>();
    List<Reading> readings;
    try {
      readings =
          new LiveReader(settings, pipeline.platforms())
              .read(targets, LiveReader.Mode.WHOLE_CONFIG);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted");
    }
    Map<String, LiveTarget> byName = new TreeMap<>();
    targets.forEach(t -> byName.put(t.name(), t));
    for (Reading r : readings) {
      findings.addAll(r.findings());
      BackupFile file =
          !r.read()
              ? null
              : r.data() != null
                  ? BackupFile.xml(r.data())
                  : r.text() != null ? BackupFile.text(r.text()) : null;
      if (file == null) {
        failed.add(r.status());
        continue;
      }
      LiveTarget t = byName.get(r.device());
      // findings and comments name the device's address where a backup's would name its file
      String where = t.endpoint().label() + " running config";
      configs.add(
          new DeviceConfig(
              r.device(),
              platforms.get(r.device()),
              where,
              new String(file.content(), StandardCharsets.UTF_8),
              file.extension()));
    }
    return new Read(new ConfigFolder.Contents(configs, findings), failed);
  }
}
