package dev.weft.platform;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.Locale;

/**
 * The parts of the RoCE plan drift compares and platforms may lack, one per {@code drift-*} id:
 * what a pack cannot render is a {@code render-gap}, what it cannot read over its transport is
 * {@code not-audited}, each named by these words.
 */
public enum Feature {
  CLASSIFICATION,
  PFC,
  ECN,
  SCHEDULER,
  WATCHDOG,
  BUFFERS,
  MTU,
  HASH;

  /** The lower-case word used in ids, reports and docs, e.g. {@code pfc}. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the intent asks {@code sw} for any of this feature. */
  public boolean usedBy(CompiledSwitch sw) {
    return switch (this) {
      case CLASSIFICATION -> !sw.dscpToPriority().isEmpty();
      case PFC -> !sw.losslessPriorities().isEmpty();
      case ECN -> !sw.ecnProfiles().isEmpty();
      case SCHEDULER -> !sw.queues().isEmpty();
      case WATCHDOG -> sw.watchdog() != null && sw.watchdog().enabled();
      case BUFFERS ->
          sw.losslessBuffer() != null
              || sw.ports().stream()
                  .anyMatch(p -> !p.headroom().isEmpty() || p.cableLengthMetres() != null);
      case MTU -> sw.ports().stream().map(CompiledPort::mtu).anyMatch(m -> m != null);
      case HASH -> !sw.ecmpHashFields().isEmpty();
    };
  }
}
