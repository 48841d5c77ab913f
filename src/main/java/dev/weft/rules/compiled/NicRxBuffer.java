package dev.weft.rules.compiled;

import dev.weft.compile.CompiledNic;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A NIC receive-buffer plan ({@code nic-qos.prio2buffer}, {@code buffer-size}) the mlx5 driver
 * refuses or that makes lossy traffic lossless: a PFC priority sharing its buffer with a priority
 * without PFC (the driver makes a buffer lossless when any of its priorities has PFC, so the lossy
 * one is paused too), a buffer size that is no whole number of 128-byte cells (the NIC keeps whole
 * cells and reads back less, so the script reports it as differing forever), and a lossless buffer
 * smaller than the driver's own minimum: xoff + max MTU + one cell, where xoff = (301 + 2.16 ×
 * cable metres) × speed Gb/s + 2.72 × MTU (drivers/net/ethernet/mellanox/mlx5/core/en/
 * port_buffer.c, calculate_xoff and update_xoff_threshold; speed at least 40 Gb/s, cable 7 m when
 * none is declared, max MTU at least 9216).
 */
public final class NicRxBuffer extends PerNicRule {

  static final String ID = "nic-rx-buffer";

  /** The port buffer cell of ConnectX-5 and later (MLX5E_BUFFER_CELL_SHIFT 7). */
  static final long CELL = 128;

  /** The driver's floor for the netdev's max MTU (MINIMUM_MAX_MTU). */
  static final long MAX_MTU = 9216;

  /** mlx5's cable length when none is set (MLX5E_DEFAULT_CABLE_LEN). */
  static final long DEFAULT_CABLE_METRES = 7;

  public NicRxBuffer() {
    super(ID, Severity.ERROR);
  }

  @Override
  List<Problem> check(Nic n, RuleInput input) {
    CompiledNic nic = n.nic();
    List<Integer> p2b = nic.knobs().prio2buffer();
    List<Long> sizes = nic.knobs().bufferSize();
    List<Problem> out = new ArrayList<>();
    if (sizes != null) {
      for (int b = 0; b < sizes.size(); b++) {
        if (sizes.get(b) % CELL != 0) {
          out.add(
              new Problem(
                  nic.owner("buffer_size"),
                  "sizes receive buffer "
                      + b
                      + " at "
                      + sizes.get(b)
                      + " bytes, not a whole number of 128-byte cells: the NIC keeps "
                      + sizes.get(b) / CELL * CELL,
                  "a multiple of 128 bytes",
                  sizes.get(b) + " bytes"));
        }
      }
    }
    if (p2b == null || p2b.size() != 8) {
      return out;
    }
    List<Integer> lossless = nic.pfcPriorities();
    for (int p : lossless) {
      int buffer = p2b.get(p);
      for (int q = 0; q < 8; q++) {
        if (p2b.get(q) == buffer && !lossless.contains(q)) {
          out.add(
              new Problem(
                  nic.owner("prio2buffer"),
                  "puts lossy priority "
                      + q
                      + " into receive buffer "
                      + buffer
                      + " with lossless priority "
                      + p
                      + ": the buffer pauses, so priority "
                      + q
                      + " becomes lossless too",
                  "lossless priorities in buffers of their own",
                  "priorities " + p + " and " + q + " in buffer " + buffer));
          break;
        }
      }
      if (sizes != null && sizes.size() == 8) {
        long need = minimumLossless(nic);
        if (sizes.get(buffer) < need) {
          out.add(
              new Problem(
                  nic.owner("buffer_size"),
                  "sizes lossless receive buffer "
                      + buffer
                      + " (priority "
                      + p
                      + ") at "
                      + sizes.get(buffer)
                      + " bytes, below the "
                      + need
                      + " bytes the mlx5 driver needs at "
                      + Math.max(40, nic.speedGbps() == null ? 40 : nic.speedGbps())
                      + " Gb/s over "
                      + cableMetres(nic)
                      + " m: it refuses the buffer",
                  "at least " + need + " bytes",
                  sizes.get(buffer) + " bytes"));
        }
      }
    }
    return out;
  }

  private static long cableMetres(CompiledNic nic) {
    return nic.cableLengthMetres() == null ? DEFAULT_CABLE_METRES : nic.cableLengthMetres();
  }

  /** xoff + max MTU + one cell, the mlx5 driver's minimum for a lossless buffer. */
  static long minimumLossless(CompiledNic nic) {
    long speedMbps = 1000L * Math.max(40, nic.speedGbps() == null ? 40 : nic.speedGbps());
    long mtu = nic.mtu() == null ? 0 : nic.mtu();
    long xoff = (301 + 216 * cableMetres(nic) / 100) * speedMbps / 1000 + 272 * mtu / 100;
    return xoff + Math.max(MAX_MTU, mtu) + CELL;
  }
}
