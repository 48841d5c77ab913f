package dev.weft.testing;

import java.util.List;
import java.util.Locale;

/**
 * Test helper: what SONiC's counter commands print (python tabulate "simple" tables, thousands
 * separators), for the ssh-lab's counter snapshot file: one section per command, headed {@code ###
 * <command>}.
 */
public final class SonicCounterText {

  /**
   * One port's cumulative counters: pause frames on priority 3 received and sent, unicast queue 3
   * (RoCE) transmitted and dropped, queue 6 (CNP) transmitted, PFC watchdog storms on queue 3.
   */
  public record Port(
      String name,
      long pfcRx3,
      long pfcTx3,
      long roceTx,
      long roceDrops,
      long cnpTx,
      long storms) {}

  private SonicCounterText() {}

  public static String snapshot(List<Port> ports) {
    StringBuilder s = new StringBuilder();
    s.append("### show pfc counters\n");
    pfc(s, "Port Rx", ports, true);
    s.append('\n');
    pfc(s, "Port Tx", ports, false);
    s.append("### show queue counters\n");
    s.append("     Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes\n");
    s.append("---------  -----  --------------  ---------------  -----------  ------------\n");
    for (Port p : ports) {
      for (int q = 0; q < 8; q++) {
        long tx = q == 3 ? p.roceTx() : q == 6 ? p.cnpTx() : 0;
        long drops = q == 3 ? p.roceDrops() : 0;
        s.append(
            String.format(
                Locale.ROOT,
                "%9s  %5s  %14s  %15s  %11s  %12s%n",
                p.name(),
                "UC" + q,
                n(tx),
                n(tx * 1024),
                n(drops),
                n(drops * 1024)));
      }
    }
    s.append("### show pfcwd stats\n");
    s.append(
        "      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP\n");
    s.append(
        "-----------  -----------  -------------------------  ------------  ------------  -----------------  -----------------\n");
    for (Port p : ports) {
      s.append(
          String.format(
              Locale.ROOT,
              "%11s  %11s  %25s  %12s  %12s  %17s  %17s%n",
              p.name() + ":3",
              p.storms() > 0 ? "stormed" : "operational",
              p.storms() + "/" + p.storms(),
              "0/" + p.storms() * 100,
              "0/0",
              "0/0",
              "0/0"));
    }
    return s.toString();
  }

  private static void pfc(StringBuilder s, String title, List<Port> ports, boolean rx) {
    s.append(String.format(Locale.ROOT, "%11s", title));
    for (int p = 0; p < 8; p++) {
      s.append(String.format(Locale.ROOT, "  %12s", "PFC" + p));
    }
    s.append('\n').append("-----------");
    for (int p = 0; p < 8; p++) {
      s.append("  ------------");
    }
    s.append('\n');
    for (Port port : ports) {
      s.append(String.format(Locale.ROOT, "%11s", port.name()));
      for (int p = 0; p < 8; p++) {
        long v = p == 3 ? (rx ? port.pfcRx3() : port.pfcTx3()) : 0;
        s.append(String.format(Locale.ROOT, "  %12s", n(v)));
      }
      s.append('\n');
    }
  }

  private static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }
}
