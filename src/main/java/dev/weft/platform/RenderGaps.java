package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code render-gap} findings of one switch: each part of the plan the intent uses that the
 * switch's platform cannot express (its pack's {@link PlatformPack#renderGaps(CompiledSwitch)}),
 * located at the intent line that asks for it. A gap is a warning: the rest of the plan renders,
 * and nothing is carried only as a comment. {@link #of} adds the pack's {@link
 * PlatformPack#renderChecks render checks} (what stops the switch from rendering at all), so {@code
 * weft validate} reports everything a render would.
 */
public final class RenderGaps {

  /** The id of every finding made here. */
  public static final String RULE = "render-gap";

  /**
   * The id of what stops a device from rendering (the renderer's own id, shared by the packs'
   * checks).
   */
  public static final String RENDER_ERROR = "render-error";

  private RenderGaps() {}

  public static List<Finding> of(CompiledSwitch sw, PlatformPack pack) {
    List<Finding> out = new ArrayList<>(pack.renderChecks(sw));
    for (RenderGap gap : pack.renderGaps(sw)) {
      out.add(
          Finding.of(
                  RULE,
                  Severity.WARNING,
                  sw.name()
                      + ": platform "
                      + pack.id()
                      + " cannot express "
                      + gap.feature().word()
                      + " ("
                      + gap.reason()
                      + "); that part of the plan is not in the rendered config")
              .at(owner(sw, gap.feature()))
              .onDevice(sw.name()));
    }
    java.util.Set<BufferKnob> carried = pack.bufferKnobs(sw);
    for (BufferKnob knob : BufferKnob.values()) {
      if (knob.setFor(sw) && !carried.contains(knob)) {
        Location at = sw.provenance().get(knob.owner());
        out.add(
            Finding.of(
                    RULE,
                    Severity.WARNING,
                    sw.name()
                        + ": platform "
                        + pack.id()
                        + " cannot express buffers ("
                        + knob.words()
                        + ": Weft's "
                        + pack.id()
                        + " config has no setting for it); that part of the plan is not in the"
                        + " rendered config, the switch keeps its own")
                .at(at != null ? at : owner(sw, Feature.BUFFERS))
                .onDevice(sw.name()));
      }
    }
    return out;
  }

  /** The intent line that asks {@code sw} for {@code feature}, else the switch's platform line. */
  public static Location owner(CompiledSwitch sw, Feature feature) {
    String key =
        switch (feature) {
          case CLASSIFICATION -> "dscp_to_priority";
          case PFC -> "lossless_priorities";
          case ECN -> "ecn_profiles";
          case SCHEDULER -> "queues";
          case WATCHDOG -> "watchdog";
          case BUFFERS, MTU -> "ports";
          case HASH -> "ecmp_hash_fields";
        };
    Location at = sw.provenance().get(key);
    return at != null ? at : sw.provenance().get("platform");
  }
}
