package dev.weft.platform.nxos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.platform.Feature;
import dev.weft.platform.PerQueueEcn;
import dev.weft.platform.RenderGap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What the NX-OS 9.3(2) device model cannot hold of a switch's values, each a {@code render-gap}:
 * the value the device gets instead is what {@link NxosPack#normalise} gives and drift compares.
 */
final class NxosRenderGaps {
  private NxosRenderGaps() {}

  /**
   * {@code gaps} (feature → reason) the switch uses, and each value of it the model cannot hold.
   */
  static List<RenderGap> of(CompiledSwitch sw, Map<Feature, String> gaps) {
    // the pack's fixed gaps hold for every NX-OS switch: limits of the platform
    List<RenderGap> out = new ArrayList<>(RenderGap.usedBy(sw, gaps, gaps.keySet()));
    CompiledWatchdog wd = sw.watchdog();
    if (Feature.WATCHDOG.usedBy(sw)) {
      CompiledWatchdog held = NxosPack.watchdog(sw);
      if (wd.action().equals("forward")) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "the PFC watchdog's disableAction drops (false) or only logs"
                    + " (true): action forward is rendered as drop"));
      }
      if (held.detectionMs() != wd.detectionMs()) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "detection is a shutdown multiplier (1..11) of the device's "
                    + NxosModel.INTERVAL_MS
                    + " ms interval: "
                    + wd.detectionMs()
                    + " ms becomes "
                    + held.detectionMs()
                    + " ms"));
      }
      if (wd.pollMs() != NxosModel.INTERVAL_MS || wd.restorationMs() != NxosModel.RESTORE_MS) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "the model has no watchdog interval or auto-restore leaf: the"
                    + " device's "
                    + NxosModel.INTERVAL_MS
                    + " ms poll and "
                    + NxosModel.RESTORE_MS
                    + " ms restoration apply"));
      }
    }
    if (sw.linkPause() || sw.ports().stream().anyMatch(CompiledPort::linkPause)) {
      out.add(
          RenderGap.ofPlatform(
              Feature.PFC, "802.3x link pause has no typed leaf in the model; it is not rendered"));
    }
    if (!PerQueueEcn.uniform(sw)) {
      out.add(
          new RenderGap(
              Feature.ECN,
              "the system queuing policy marks and schedules each queue for the whole"
                  + " switch: the switch's queues are rendered, per-port differences are not"));
    }
    if (Feature.HASH.usedBy(sw) && NxosModel.hashMode(sw.ecmpHashFields()) == null) {
      out.add(
          new RenderGap(
              Feature.HASH,
              "no ip load-sharing mode selects exactly "
                  + String.join(", ", sw.ecmpHashFields())
                  + " (modes: "
                  + String.join(", ", new TreeSet<>(NxosModel.HASH_MODES.keySet()))
                  + "); none is rendered"));
    }
    RenderGap.portWatchdogActions(sw, "disableAction follows the switch's one watchdog action")
        .ifPresent(out::add);
    RenderGap.nonEctKept(sw, "the queuing class's random-detect ecn has no non-ECT setting")
        .ifPresent(out::add);
    out.sort((a, b) -> a.feature().compareTo(b.feature()));
    return out;
  }
}
