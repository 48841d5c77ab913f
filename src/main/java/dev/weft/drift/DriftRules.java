package dev.weft.drift;

import dev.weft.live.LiveReader;
import dev.weft.platform.Feature;

/**
 * The ids drift reports. Their explanations are catalogue entries like every rule's ({@code
 * policies/<id>/rule.yaml}, scope {@code tool}), so {@code weft explain drift-pfc} answers and
 * SARIF describes them; docs/drift.md says the same in prose.
 */
public final class DriftRules {

  public static final String CLASSIFICATION = "drift-classification";
  public static final String PFC = "drift-pfc";
  public static final String ECN = "drift-ecn";
  public static final String SCHEDULER = "drift-scheduler";
  public static final String WATCHDOG = "drift-watchdog";
  public static final String BUFFERS = "drift-buffers";
  public static final String MTU = "drift-mtu";
  public static final String HASH = "drift-hash";
  public static final String PORT = "drift-port";
  public static final String UNREACHABLE = LiveReader.UNREACHABLE;
  public static final String DEVICE_ERROR = LiveReader.DEVICE_ERROR;
  public static final String REPLY_INVALID = LiveReader.REPLY_INVALID;
  public static final String NOT_AUDITED = DriftAudit.NOT_AUDITED;

  /**
   * What one id means, for ids described in code rather than in a rule.yaml (the remediate ids).
   */
  public record Description(String id, String title, String rationale, String remediation) {}

  private DriftRules() {}

  /** The drift id of a feature's differences. */
  public static String of(Feature feature) {
    return switch (feature) {
      case CLASSIFICATION -> CLASSIFICATION;
      case PFC -> PFC;
      case ECN -> ECN;
      case SCHEDULER -> SCHEDULER;
      case WATCHDOG -> WATCHDOG;
      case BUFFERS -> BUFFERS;
      case MTU -> MTU;
      case HASH -> HASH;
    };
  }
}
