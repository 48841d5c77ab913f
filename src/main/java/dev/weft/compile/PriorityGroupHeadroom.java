package dev.weft.compile;

import java.util.List;

/**
 * The PFC headroom of one lossless ingress priority group, in bytes.
 *
 * @param pg the priority group 0..7
 * @param priorities the PFC priorities mapped into it
 * @param xoff the xoff in effect: computed, or overridden in intent, or read from a device
 * @param xon the xon in effect
 * @param size the reserved size in effect ({@code xoff + xon} when computed)
 * @param requiredXoff the minimum xoff computed by {@link Headroom} for this port; null when it
 *     could not be computed (no ASIC profile, no cable length...), in which case a finding says why
 * @param origin {@code computed}, {@code override} (intent), {@code device} (rendered/live config)
 *     or {@code dynamic}: the device computes the headroom itself and its config does not hold it
 *     (SONiC's dynamic buffer model, {@code BUFFER_PG ... profile: NULL}); xoff, xon and size are
 *     then 0 and mean nothing
 */
public record PriorityGroupHeadroom(
    int pg,
    List<Integer> priorities,
    long xoff,
    long xon,
    long size,
    Long requiredXoff,
    String origin) {

  public static final String COMPUTED = "computed";
  public static final String OVERRIDE = "override";
  public static final String DEVICE = "device";
  public static final String DYNAMIC = "dynamic";

  /** True when the device computes this headroom and the config it was read from holds none. */
  public boolean dynamic() {
    return DYNAMIC.equals(origin);
  }

  public PriorityGroupHeadroom {
    priorities = List.copyOf(priorities);
  }
}
