package dev.weft.cabling;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.live.HostReader;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.model.FabricModel;
import dev.weft.platform.Platforms;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code weft cabling}: the neighbours of every switch and GPU host read (one session each, the
 * same login, host-key check and failure statuses as the audit), then judged against the declared
 * links. A device that cannot be read is that device's status; its links are judged from their
 * other ends.
 */
public final class CablingRun {

  /**
   * What bring-up day found.
   *
   * @param check the cabling findings and every link's state
   * @param findings the devices' own findings (unreachable, errors) followed by the cabling
   *     findings
   * @param devices each device's read status
   */
  public record Outcome(
      CablingCheck.Result check, Rails rails, List<Finding> findings, List<DeviceStatus> devices) {}

  private CablingRun() {}

  public static Outcome run(
      LiveSettings settings,
      Platforms platforms,
      FabricModel model,
      List<LiveTarget> switches,
      List<HostReader.Target> hosts)
      throws InterruptedException {
    NeighbourReads reads = new NeighbourReads(platforms);
    List<Observation> observations = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<DeviceStatus> devices = new ArrayList<>();
    LiveReader.Audit neighboursOnly =
        new LiveReader.Audit(false, sw -> reads.commands(sw.platform()), sw -> null, reads::state);
    List<LiveTarget> readable = new ArrayList<>();
    for (LiveTarget t : switches) {
      if (t.problem() == null && platforms.live(t.intended().platform()).isEmpty()) {
        observations.add(
            Observation.notServed(
                t.name(), "Weft reads nothing from platform " + t.intended().platform() + " yet"));
        devices.add(new DeviceStatus(t.name(), DeviceStatus.Status.NOT_AUDITED, "no-live-profile"));
      } else {
        readable.add(t);
      }
    }
    for (Reading r :
        new LiveReader(settings, platforms).read(readable, LiveReader.Mode.AUDIT, neighboursOnly)) {
      devices.add(r.status());
      findings.addAll(r.findings());
      if (r.read()) {
        String platform =
            switches.stream()
                .filter(t -> t.name().equals(r.device()))
                .findFirst()
                .orElseThrow()
                .intended()
                .platform();
        observations.add(reads.observe(platform, r.device(), r.outputs(), r.unread()));
      }
    }
    List<String> lldp = reads.commands(reads.hostPlatform());
    List<HostReader.Target> hostTargets =
        hosts.stream()
            .map(
                t ->
                    new HostReader.Target(
                        t.name(), lldp, t.endpoint(), t.credentials(), t.owner(), t.problem()))
            .toList();
    for (Reading r : new HostReader(settings).read(hostTargets)) {
      devices.add(r.status());
      findings.addAll(r.findings());
      if (r.read()) {
        observations.add(reads.observe(reads.hostPlatform(), r.device(), r.outputs(), r.unread()));
      }
    }
    CablingCheck check = new CablingCheck(model);
    CablingCheck.Result result = check.check(observations);
    findings.addAll(result.findings());
    findings.sort(Finding.ORDER);
    return new Outcome(result, check.rails(), findings, devices);
  }
}
