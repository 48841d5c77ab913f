package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.LosslessBuffer;

/**
 * The lossless-buffer knobs of {@code fabric.pfc} that a platform's rendered config may or may not
 * carry ({@link PlatformPack#bufferKnobs}): a knob the intent sets that the platform does not carry
 * is a {@code render-gap} at the knob's line.
 */
public enum BufferKnob {
  /** {@code dynamic-threshold}: the lossless PGs' buffer alpha. */
  DYNAMIC_THRESHOLD(
      "lossless_dynamic_th", "the lossless priority groups' dynamic threshold (alpha)"),
  /** {@code headroom-over-subscription}: the shared headroom pool. */
  SHARED_HEADROOM_POOL("headroom_over_subscription", "a shared headroom pool");

  private final String owner;
  private final String words;

  BufferKnob(String owner, String words) {
    this.owner = owner;
    this.words = words;
  }

  /** The compiled switch's provenance key of the intent line that sets the knob. */
  public String owner() {
    return owner;
  }

  /** What the knob is, for messages. */
  public String words() {
    return words;
  }

  /** Whether the intent sets this knob for {@code sw}. */
  public boolean setFor(CompiledSwitch sw) {
    LosslessBuffer b = sw.losslessBuffer();
    return b != null
        && switch (this) {
          case DYNAMIC_THRESHOLD -> b.dynamicTh() != null;
          case SHARED_HEADROOM_POOL -> b.headroomOverSubscription() != null;
        };
  }
}
