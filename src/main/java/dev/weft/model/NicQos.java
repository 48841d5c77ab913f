package dev.weft.model;

import dev.weft.units.Size;
import dev.weft.units.TimeSpan;
import java.util.List;

/**
 * The ConnectX knobs the fabric plan cannot derive: receive buffers, ETS and DCQCN reaction-point
 * parameters ({@code fabric.nic-qos}, or a NIC model's {@code nic-qos}). Every field may be null
 * (not written): {@code roce-qos.sh} then leaves that setting as the NIC has it, so an inventory
 * without them renders exactly what it rendered before they existed.
 *
 * @param prio2buffer 8 entries: the receive buffer (0..7) of each priority ({@code mlnx_qos
 *     --prio2buffer})
 * @param bufferSize 8 entries: the size of each receive buffer ({@code mlnx_qos --buffer_size})
 * @param ets transmit scheduling per NIC traffic class, or null
 * @param dcqcnRp reaction-point parameters, or null
 */
public record NicQos(
    List<Integer> prio2buffer, List<Size> bufferSize, Ets ets, DcqcnRp dcqcnRp, Provenance at) {

  public NicQos {
    prio2buffer = prio2buffer == null ? null : List.copyOf(prio2buffer);
    bufferSize = bufferSize == null ? null : List.copyOf(bufferSize);
  }

  /**
   * ETS per NIC traffic class 0..7 ({@code mlnx_qos --tsa}, {@code --tcbw}); priority n is pinned
   * to traffic class n, so a class's share is its priority's.
   *
   * @param tsa {@code strict} or {@code ets}, 8 entries
   * @param bw guaranteed percent, 8 entries: the ets classes sum to 100, strict ones are 0
   */
  public record Ets(List<String> tsa, List<Integer> bw, Provenance at) {
    public Ets {
      tsa = tsa == null ? List.of() : List.copyOf(tsa);
      bw = bw == null ? List.of() : List.copyOf(bw);
    }
  }

  /**
   * DCQCN reaction-point parameters (MLNX_OFED {@code ecn/roce_rp/<name>}, upstream mlx5 debugfs
   * {@code cc_params/rp_<name>}); each null when not written (the firmware default stays).
   *
   * @param timeReset {@code rpg_time_reset}: time between rate increases without a CNP
   * @param aiRate {@code rpg_ai_rate}: additive-increase step, Mb/s
   * @param haiRate {@code rpg_hai_rate}: hyper-increase step, Mb/s
   * @param minRate {@code rpg_min_rate}: lowest QP rate, Mb/s
   * @param minDecFac {@code rpg_min_dec_fac}: largest single decrease, percent
   * @param rateReduceMonitorPeriod {@code rate_reduce_monitor_period}: shortest time between two
   *     decreases
   * @param initialAlphaValue {@code initial_alpha_value}: alpha at a flow's first CNP, 1/1024
   * @param dceTcpG {@code dce_tcp_g}: alpha gain, 1/1024
   * @param dceTcpRtt {@code dce_tcp_rtt}: alpha update period
   */
  public record DcqcnRp(
      TimeSpan timeReset,
      Integer aiRate,
      Integer haiRate,
      Integer minRate,
      Integer minDecFac,
      TimeSpan rateReduceMonitorPeriod,
      Integer initialAlphaValue,
      Integer dceTcpG,
      TimeSpan dceTcpRtt,
      Provenance at) {}
}
