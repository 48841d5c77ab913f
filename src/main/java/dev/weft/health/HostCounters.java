package dev.weft.health;

import dev.weft.platform.CounterProblem;
import dev.weft.platform.Counters;
import dev.weft.platform.TextTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GPU host's RDMA NIC counters, read over SSH, per NIC of the intent:
 *
 * <ul>
 *   <li>{@code ethtool -S <netdev>} (the mlx5 driver's Ethernet counters, kernel documentation
 *       "mlx5 ethtool counters"): {@code rx_prio<p>_pause} and {@code tx_prio<p>_pause} (pause
 *       frames per priority), {@code rx_prio<p>_packets} and {@code tx_prio<p>_packets} (traffic
 *       per priority), and {@code rx_discards_phy} (packets the port dropped for want of receive
 *       buffer);
 *   <li>{@code rdma statistic show link <rdma-device>/1} (iproute2's rdma tool: the RDMA device's
 *       hardware counters, which is where mlx5 keeps its congestion and transport counters, not in
 *       ethtool): {@code np_cnp_sent} (CNPs sent as notification point), {@code rp_cnp_handled}
 *       (CNPs acted on as reaction point), {@code out_of_sequence} and {@code packet_seq_err}
 *       (packets that arrived out of order: drops upstream or reordering, each costing a go-back-N
 *       retransmission).
 * </ul>
 *
 * Counters are kept under the NIC's netdev name: the per-priority ones as {@code
 * <kind>:<priority>}, the others as {@code <kind>:0}.
 */
final class HostCounters {

  /** Pause frames per priority: the same kinds as a switch port's. */
  static final String PFC_RX = Counters.PFC_RX;

  static final String PFC_TX = Counters.PFC_TX;

  /** Packets per priority, received and sent. */
  static final String PRIO_RX = "prio-rx";

  static final String PRIO_TX = "prio-tx";
  static final String RX_DISCARDS = "rx-discards";
  static final String CNP_SENT = "cnp-sent";
  static final String CNP_HANDLED = "cnp-handled";
  static final String OUT_OF_SEQUENCE = "out-of-sequence";
  static final String PACKET_SEQ_ERR = "packet-seq-err";

  /** Netdev and RDMA device names Weft puts in a command line: nothing a shell would interpret. */
  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,31}");

  private static final Pattern ETHTOOL_LINE =
      Pattern.compile("^\\s*([A-Za-z0-9_.\\[\\]-]+):\\s*(\\S+)\\s*$");
  private static final Pattern PRIO = Pattern.compile("(rx|tx)_prio([0-7])_(pause|packets)");
  private static final Map<String, String> RDMA =
      Map.of(
          "np_cnp_sent",
          CNP_SENT,
          "rp_cnp_handled",
          CNP_HANDLED,
          "out_of_sequence",
          OUT_OF_SEQUENCE,
          "packet_seq_err",
          PACKET_SEQ_ERR);

  /** One RDMA NIC: its netdev and, when the intent names it, its RDMA device. */
  record Nic(String netdev, String rdmaDevice) {}

  private HostCounters() {}

  static String ethtool(String netdev) {
    return "ethtool -S " + netdev;
  }

  static String rdma(String rdmaDevice) {
    return "rdma statistic show link " + rdmaDevice + "/1";
  }

  static List<String> commands(List<Nic> nics) {
    List<String> out = new ArrayList<>();
    for (Nic n : nics) {
      if (SAFE_NAME.matcher(n.netdev()).matches()) {
        out.add(ethtool(n.netdev()));
      }
      if (n.rdmaDevice() != null && SAFE_NAME.matcher(n.rdmaDevice()).matches()) {
        out.add(rdma(n.rdmaDevice()));
      }
    }
    return out;
  }

  static Counters parse(
      List<Nic> nics, Map<String, String> outputs, List<CounterProblem> problems) {
    Map<String, Map<String, Long>> counters = new TreeMap<>();
    for (Nic n : nics) {
      if (!SAFE_NAME.matcher(n.netdev()).matches()
          || (n.rdmaDevice() != null && !SAFE_NAME.matcher(n.rdmaDevice()).matches())) {
        problems.add(
            new CounterProblem(
                n.netdev(),
                ethtool(n.netdev()),
                "not asked: the NIC's name "
                    + "holds characters the host's shell would interpret (expected letters, digits, '.', '_', '-')"));
        continue;
      }
      String ethtool = outputs.get(ethtool(n.netdev()));
      if (ethtool != null) {
        ethtool(n.netdev(), ethtool, counters, problems);
      }
      String rdma = n.rdmaDevice() == null ? null : outputs.get(rdma(n.rdmaDevice()));
      if (rdma != null) {
        rdma(n, rdma, counters, problems);
      }
    }
    return new Counters(counters);
  }

  /** {@code NIC statistics:} then one {@code name: value} line per counter. */
  private static void ethtool(
      String netdev,
      String text,
      Map<String, Map<String, Long>> counters,
      List<CounterProblem> problems) {
    String command = ethtool(netdev);
    int taken = 0;
    int lineNo = 0;
    for (String line : text.lines().toList()) {
      lineNo++;
      if (line.isBlank() || line.strip().endsWith("statistics:")) {
        continue;
      }
      Matcher m = ETHTOOL_LINE.matcher(line);
      if (!m.matches()) {
        problems.add(
            new CounterProblem(
                netdev,
                command,
                "line " + lineNo + ": expected `name: value`, found \"" + shorten(line) + "\""));
        return;
      }
      String name = m.group(1);
      Matcher prio = PRIO.matcher(name);
      String kind = null;
      int index = 0;
      if (prio.matches()) {
        boolean rx = prio.group(1).equals("rx");
        kind = prio.group(3).equals("pause") ? (rx ? PFC_RX : PFC_TX) : (rx ? PRIO_RX : PRIO_TX);
        index = Integer.parseInt(prio.group(2));
      } else if (name.equals("rx_discards_phy")) {
        kind = RX_DISCARDS;
      }
      if (kind == null) {
        continue;
      }
      Long value = TextTables.count(m.group(2));
      if (value == null) {
        problems.add(
            new CounterProblem(
                netdev,
                command,
                "line "
                    + lineNo
                    + ": "
                    + name
                    + ": expected a count (a whole number >= 0), found \""
                    + shorten(m.group(2))
                    + "\""));
        continue;
      }
      counters.computeIfAbsent(netdev, k -> new TreeMap<>()).put(Counters.name(kind, index), value);
      taken++;
    }
    if (taken == 0) {
      problems.add(
          new CounterProblem(
              netdev,
              command,
              "expected the mlx5 counters rx_prio<p>_pause,"
                  + " tx_prio<p>_pause and rx_discards_phy, found none (is "
                  + netdev
                  + " an RDMA NIC's netdev?)"));
    }
  }

  /** {@code link <dev>/<port>} then name-value pairs, whitespace-separated. */
  private static void rdma(
      Nic nic,
      String text,
      Map<String, Map<String, Long>> counters,
      List<CounterProblem> problems) {
    String command = rdma(nic.rdmaDevice());
    String[] words = text.strip().split("\\s+");
    if (words.length < 2 || !words[0].equals("link") || !words[1].equals(nic.rdmaDevice() + "/1")) {
      problems.add(
          new CounterProblem(
              nic.netdev(),
              command,
              "expected `link "
                  + nic.rdmaDevice()
                  + "/1` and name-value pairs, found \""
                  + shorten(text.strip())
                  + "\""));
      return;
    }
    for (int i = 2; i + 1 < words.length; i += 2) {
      String kind = RDMA.get(words[i]);
      if (kind == null) {
        continue;
      }
      Long value = TextTables.count(words[i + 1]);
      if (value == null) {
        problems.add(
            new CounterProblem(
                nic.netdev(),
                command,
                words[i]
                    + ": expected a count (a whole number >= 0), found \""
                    + shorten(words[i + 1])
                    + "\""));
        continue;
      }
      counters
          .computeIfAbsent(nic.netdev(), k -> new TreeMap<>())
          .put(Counters.name(kind, 0), value);
    }
    if (words.length % 2 != 0) {
      problems.add(
          new CounterProblem(
              nic.netdev(),
              command,
              "expected name-value pairs, found \""
                  + shorten(words[words.length - 1])
                  + "\" without a value"));
    }
  }

  private static String shorten(String s) {
    String clean = s.replaceAll("\\p{Cntrl}", "?");
    return clean.length() <= 60 ? clean : clean.substring(0, 60) + "…";
  }
}
