package dev.weft.platform.sonic;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Counters;
import dev.weft.platform.TextTables;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * SONiC's counter commands, parsed: {@code show pfc counters} (a {@code Port Rx} and a {@code Port
 * Tx} table, columns {@code PFC0..PFC7}), {@code show queue counters} (rows {@code Ethernet0 UC3
 * pkts bytes drop-pkts drop-bytes}; multicast queues are not lossless and are skipped), {@code show
 * pfcwd stats} (rows {@code Ethernet0:3 operational storms/restored tx-ok/tx-drop ...}).
 */
final class SonicCounters {

  static final String PFC = "show pfc counters";
  static final String QUEUE = "show queue counters";
  static final String PFCWD = "show pfcwd stats";

  /** The pack's counter source: the three show commands over the SSH login, switch-wide. */
  static final CounterSource SOURCE =
      new CounterSource() {
        @Override
        public List<String> commands(CompiledSwitch sw) {
          return List.of(PFC, QUEUE, PFCWD);
        }

        @Override
        public Counters parse(
            CompiledSwitch sw, Map<String, String> answers, List<CounterProblem> problems) {
          return SonicCounters.parse(answers.get(PFC), answers.get(QUEUE), answers.get(PFCWD));
        }
      };

  private SonicCounters() {}

  static Counters parse(String pfc, String queue, String pfcwd) {
    Map<String, Map<String, Long>> ports = new TreeMap<>();
    pfc(pfc, ports);
    queue(queue, ports);
    watchdog(pfcwd, ports);
    return new Counters(ports);
  }

  private static void pfc(String text, Map<String, Map<String, Long>> ports) {
    for (TextTables.Table t : TextTables.parse(text)) {
      String first = t.header().isEmpty() ? "" : t.header().get(0);
      String kind =
          first.endsWith("Rx") ? Counters.PFC_RX : first.endsWith("Tx") ? Counters.PFC_TX : null;
      if (kind == null) {
        continue;
      }
      for (var row : t.rows()) {
        for (int p = 0; p < 8; p++) {
          int c = t.column("PFC" + p);
          if (c > 0) {
            put(ports, row.get(0), Counters.name(kind, p), TextTables.count(row.get(c)));
          }
        }
      }
    }
  }

  private static void queue(String text, Map<String, Map<String, Long>> ports) {
    for (TextTables.Table t : TextTables.parse(text)) {
      int q = t.column("TxQ");
      int pkts = t.column("Counter/pkts");
      int drops = t.column("Drop/pkts");
      if (q < 0 || pkts < 0 || drops < 0) {
        continue;
      }
      for (var row : t.rows()) {
        String txq = row.get(q);
        if (!txq.startsWith("UC") || TextTables.count(txq.substring(2)) == null) {
          continue;
        }
        int index = Integer.parseInt(txq.substring(2));
        put(
            ports,
            row.get(0),
            Counters.name(Counters.QUEUE_TX, index),
            TextTables.count(row.get(pkts)));
        put(
            ports,
            row.get(0),
            Counters.name(Counters.QUEUE_DROP, index),
            TextTables.count(row.get(drops)));
      }
    }
  }

  private static void watchdog(String text, Map<String, Map<String, Long>> ports) {
    for (TextTables.Table t : TextTables.parse(text)) {
      int queue = t.column("QUEUE");
      int storm = t.column("STORM DETECTED/RESTORED");
      int tx = t.column("TX OK/DROP");
      if (queue < 0 || storm < 0 || tx < 0) {
        continue;
      }
      for (var row : t.rows()) {
        String[] portQueue = row.get(queue).split(":");
        if (portQueue.length != 2 || TextTables.count(portQueue[1]) == null) {
          continue;
        }
        int index = Integer.parseInt(portQueue[1]);
        put(ports, portQueue[0], Counters.name(Counters.WD_STORM, index), first(row.get(storm)));
        put(ports, portQueue[0], Counters.name(Counters.WD_DROP, index), second(row.get(tx)));
      }
    }
  }

  private static Long first(String pair) {
    int slash = pair.indexOf('/');
    return TextTables.count(slash < 0 ? pair : pair.substring(0, slash));
  }

  private static Long second(String pair) {
    int slash = pair.indexOf('/');
    return slash < 0 ? null : TextTables.count(pair.substring(slash + 1));
  }

  private static void put(
      Map<String, Map<String, Long>> ports, String port, String counter, Long value) {
    if (value != null) {
      ports.computeIfAbsent(port, k -> new TreeMap<>()).put(counter, value);
    }
  }
}
