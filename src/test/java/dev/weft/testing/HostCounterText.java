package dev.weft.testing;

import java.util.List;
import java.util.Locale;

/**
 * Test helper: what a GPU host prints for the counter commands Weft runs on it, for the ssh-lab's
 * counter snapshot file (sections headed {@code ### <command>}): {@code ethtool -S <nic>} as the
 * mlx5 driver prints it (a {@code NIC statistics:} line, then {@code name: value} lines, among them
 * many Weft does not read) and {@code rdma statistic show link <dev>/1} as iproute2 prints it (one
 * line of name-value pairs).
 */
public final class HostCounterText {

  /**
   * One NIC's cumulative counters: packets and pause frames on priority {@code prio} (both
   * directions alike), receive discards, CNPs sent and handled, packets out of sequence.
   */
  public record Nic(
      String netdev,
      String rdmaDevice,
      int prio,
      long packets,
      long pauses,
      long discards,
      long cnpSent,
      long cnpHandled,
      long outOfSequence) {}

  private HostCounterText() {}

  public static String snapshot(List<Nic> nics) {
    StringBuilder s = new StringBuilder();
    for (Nic n : nics) {
      s.append("### ethtool -S ").append(n.netdev()).append('\n').append(ethtool(n));
      s.append("### rdma statistic show link ")
          .append(n.rdmaDevice())
          .append("/1\n")
          .append(rdma(n));
    }
    return s.toString();
  }

  public static String ethtool(Nic n) {
    StringBuilder s = new StringBuilder("NIC statistics:\n");
    line(s, "rx_packets", n.packets() + 12);
    line(s, "tx_packets", n.packets() + 34);
    line(s, "rx_vport_rdma_unicast_packets", n.packets());
    for (int p = 0; p < 8; p++) {
      line(s, "rx_prio" + p + "_bytes", p == n.prio() ? n.packets() * 4096 : 0);
      line(s, "rx_prio" + p + "_packets", p == n.prio() ? n.packets() : 0);
      line(s, "tx_prio" + p + "_bytes", p == n.prio() ? n.packets() * 4096 : 0);
      line(s, "tx_prio" + p + "_packets", p == n.prio() ? n.packets() : 0);
    }
    for (int p = 0; p < 8; p++) {
      line(s, "rx_prio" + p + "_pause", p == n.prio() ? n.pauses() : 0);
      line(s, "rx_prio" + p + "_pause_duration", p == n.prio() ? n.pauses() * 2 : 0);
      line(s, "tx_prio" + p + "_pause", p == n.prio() ? n.pauses() : 0);
      line(s, "tx_prio" + p + "_pause_duration", p == n.prio() ? n.pauses() * 2 : 0);
    }
    line(s, "rx_discards_phy", n.discards());
    line(s, "tx_discards_phy", 0);
    return s.toString();
  }

  public static String rdma(Nic n) {
    return String.format(
        Locale.ROOT,
        "link %s/1 rx_write_requests %d rx_read_requests 0 rx_atomic_requests 0"
            + " out_of_buffer 0 out_of_sequence %d duplicate_request 0 rnr_nak_retry_err 0 packet_seq_err 0"
            + " implied_nak_seq_err 0 local_ack_timeout_err 0 rp_cnp_ignored 0 rp_cnp_handled %d"
            + " np_ecn_marked_roce_packets %d np_cnp_sent %d%n",
        n.rdmaDevice(),
        n.packets(),
        n.outOfSequence(),
        n.cnpHandled(),
        n.cnpSent(),
        n.cnpSent());
  }

  private static void line(StringBuilder s, String name, long value) {
    s.append("     ").append(name).append(": ").append(value).append('\n');
  }
}
