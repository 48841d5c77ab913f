package dev.weft.adopt;

import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The switch-wide parts of the RoCE plan that go into {@code fabric}, each compared and voted on
 * separately, so a fabric of two platforms (one that carries the ECMP hash, one that does not)
 * still gets every part from the devices that hold it.
 */
enum PlanPart {
  CLASSIFICATION,
  PFC,
  QUEUES,
  WATCHDOG,
  HASH,
  CONGESTION,
  /** The lossless PGs' buffer alpha ({@code pfc.dynamic-threshold}). */
  BUFFER;

  /** {@code target} with this part taken from {@code source}. */
  CompiledSwitch apply(CompiledSwitch target, CompiledSwitch source) {
    CompiledSwitch.Builder b = target.toBuilder();
    switch (this) {
      case CLASSIFICATION ->
          b.dscpToPriority(source.dscpToPriority()).priorityToQueue(source.priorityToQueue());
      case PFC ->
          b.losslessPriorities(source.losslessPriorities())
              .priorityToPriorityGroup(source.priorityToPriorityGroup())
              .linkPause(source.linkPause());
      case QUEUES -> b.queues(source.queues()).ecnProfiles(source.ecnProfiles());
      case WATCHDOG -> b.watchdog(source.watchdog());
      case HASH -> b.ecmpHashFields(source.ecmpHashFields());
      case CONGESTION -> b.congestionControl(source.congestionControl());
      case BUFFER -> b.losslessBuffer(source.losslessBuffer());
    }
    return b.build();
  }

  /**
   * This part of {@code sw} in a form where equal means the same plan (names of ECN profiles left
   * out).
   */
  Object key(CompiledSwitch sw) {
    return switch (this) {
      case CLASSIFICATION -> List.of(sw.dscpToPriority(), sw.priorityToQueue());
      case PFC -> List.of(sw.losslessPriorities(), sw.linkPause());
      case QUEUES -> queues(sw);
      case WATCHDOG -> Objects.requireNonNullElse((Object) sw.watchdog(), "none");
      case HASH -> new TreeSet<>(sw.ecmpHashFields());
      case CONGESTION -> Objects.requireNonNullElse(sw.congestionControl(), "none");
      case BUFFER ->
          sw.losslessBuffer() == null || sw.losslessBuffer().dynamicTh() == null
              ? "none"
              : sw.losslessBuffer().dynamicTh();
    };
  }

  private static List<String> queues(CompiledSwitch sw) {
    Map<String, EcnProfile> ecn = new TreeMap<>();
    sw.ecnProfiles().forEach(p -> ecn.put(p.name(), p));
    List<String> out = new ArrayList<>();
    for (CompiledQueue q : sw.queues()) {
      EcnProfile p = q.ecnProfile() == null ? null : ecn.get(q.ecnProfile());
      out.add(
          q.queue()
              + " "
              + q.scheduler()
              + " "
              + q.weight()
              + " "
              + (p == null
                  ? "-"
                  : p.minBytes()
                      + "/"
                      + p.maxBytes()
                      + "/"
                      + p.probability()
                      + (p.dropNonEct() ? "/drop-non-ect" : "")));
    }
    out.sort(null);
    return out;
  }
}
