package dev.weft.compile;

import dev.weft.model.NicQos;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A NIC's receive buffers, ETS and DCQCN reaction-point parameters as {@code roce-qos.sh} sets
 * them; each null (or empty) when the intent does not write it, and the script then leaves it.
 *
 * @param prio2buffer 8 entries, priority → receive buffer, or null
 * @param bufferSize 8 entries, receive buffer → bytes, or null
 * @param tsa 8 entries {@code strict}/{@code ets} per traffic class, or null
 * @param bw 8 entries, percent per traffic class, or null (given with {@code tsa})
 * @param dcqcnRp MLNX_OFED parameter name ({@code rpg_ai_rate}) → value in the NIC's unit (µs for
 *     times, Mb/s for rates), in {@link #RP_PARAMETERS} order; empty when none is written
 */
public record NicKnobs(
    List<Integer> prio2buffer,
    List<Long> bufferSize,
    List<String> tsa,
    List<Integer> bw,
    Map<String, Long> dcqcnRp) {

  /** No knob written: the NIC keeps what it has. */
  public static final NicKnobs NONE = new NicKnobs(null, null, null, null, Map.of());

  public NicKnobs {
    prio2buffer = prio2buffer == null ? null : List.copyOf(prio2buffer);
    bufferSize = bufferSize == null ? null : List.copyOf(bufferSize);
    tsa = tsa == null ? null : List.copyOf(tsa);
    bw = bw == null ? null : List.copyOf(bw);
    dcqcnRp =
        dcqcnRp == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dcqcnRp));
  }

  /** True when the intent writes none of the knobs. */
  public boolean none() {
    return prio2buffer == null && bufferSize == null && tsa == null && dcqcnRp.isEmpty();
  }

  /**
   * One reaction-point parameter: its intent key, its MLNX_OFED sysfs name (the upstream debugfs
   * name is {@code rp_} and the name without {@code rpg_}), the largest value the NIC takes, and
   * how to read it from the intent in the NIC's unit.
   */
  public record RpParameter(
      String key, String ofedName, long max, Function<NicQos.DcqcnRp, Long> value) {

    /** The upstream mlx5 debugfs name in {@code cc_params}: {@code rpg_ai_rate} → rp_ai_rate. */
    public String debugfsName() {
      return "rp_" + (ofedName.startsWith("rpg_") ? ofedName.substring(4) : ofedName);
    }
  }

  private static final long U32 = 0xffff_ffffL;

  /**
   * The parameters the intent can write, in the order the script sets them. Units and ranges:
   * NVIDIA's "DCQCN CC Parameters" (dce_tcp_rtt 1..131071 µs); the others are 32-bit fields of the
   * firmware's cong_control_r_roce_ecn_rp (include/linux/mlx5/mlx5_ifc.h), bounded further by the
   * schema and the rule nic-dcqcn-rp.
   */
  public static final List<RpParameter> RP_PARAMETERS =
      List.of(
          new RpParameter("time-reset", "rpg_time_reset", U32, r -> micros(r.timeReset())),
          new RpParameter("ai-rate", "rpg_ai_rate", U32, r -> number(r.aiRate())),
          new RpParameter("hai-rate", "rpg_hai_rate", U32, r -> number(r.haiRate())),
          new RpParameter("min-rate", "rpg_min_rate", U32, r -> number(r.minRate())),
          new RpParameter("min-dec-fac", "rpg_min_dec_fac", 100, r -> number(r.minDecFac())),
          new RpParameter(
              "rate-reduce-monitor-period",
              "rate_reduce_monitor_period",
              U32,
              r -> micros(r.rateReduceMonitorPeriod())),
          new RpParameter(
              "initial-alpha-value",
              "initial_alpha_value",
              1023,
              r -> number(r.initialAlphaValue())),
          new RpParameter("dce-tcp-g", "dce_tcp_g", 1023, r -> number(r.dceTcpG())),
          new RpParameter("dce-tcp-rtt", "dce_tcp_rtt", 131_071, r -> micros(r.dceTcpRtt())));

  /** The parameter with MLNX_OFED name {@code ofedName}, or null. */
  public static RpParameter parameter(String ofedName) {
    for (RpParameter p : RP_PARAMETERS) {
      if (p.ofedName().equals(ofedName)) {
        return p;
      }
    }
    return null;
  }

  /** The sizes in bytes, or null. */
  static List<Long> bytes(List<dev.weft.units.Size> sizes) {
    if (sizes == null) {
      return null;
    }
    List<Long> out = new ArrayList<>(sizes.size());
    sizes.forEach(s -> out.add(s.bytes()));
    return out;
  }

  private static Long micros(dev.weft.units.TimeSpan t) {
    return t == null ? null : t.micros();
  }

  private static Long number(Integer i) {
    return i == null ? null : i.longValue();
  }
}
