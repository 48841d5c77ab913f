package dev.weft.testing;

import dev.weft.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test helper: what Cumulus Linux's NVUE prints for its per-interface counter commands with {@code
 * -o json} (an object keyed by switch priority or traffic class, each an object of counters, the
 * field names of the NVUE command reference), as sections of the ssh-lab's counter snapshot file,
 * each headed {@code ### <command>}.
 */
public final class NvueCounterJson {

  /**
   * One interface's cumulative counters on the lossless class {@code lossless} (its switch priority
   * and traffic class): pause frames received and sent, frames sent and dropped, PFC watchdog
   * deadlocks; and the frames sent on traffic class {@code cnp} (CNPs).
   */
  public record Port(
      String name,
      int lossless,
      long pfcRx,
      long pfcTx,
      long roceTx,
      long roceDrops,
      long deadlocks,
      int cnp,
      long cnpTx) {}

  private NvueCounterJson() {}

  public static String command(String port, String what) {
    return "nv show interface " + port + " " + what + " -o json";
  }

  public static String snapshot(List<Port> ports) {
    StringBuilder s = new StringBuilder();
    for (Port p : ports) {
      s.append("### ")
          .append(command(p.name(), "counters qos pfc-stats"))
          .append('\n')
          .append(pfc(p));
      s.append("### ")
          .append(command(p.name(), "counters qos egress-queue-stats"))
          .append('\n')
          .append(queues(p));
      s.append("### ")
          .append(command(p.name(), "qos pfc-watchdog status"))
          .append('\n')
          .append(watchdog(p));
    }
    return s.toString();
  }

  public static String pfc(Port p) {
    Map<String, Object> out = new TreeMap<>();
    for (int sp = 0; sp < 8; sp++) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("rx-pause-duration", sp == p.lossless() ? p.pfcRx() * 3 : 0L);
      c.put("rx-pause-frames", sp == p.lossless() ? p.pfcRx() : 0L);
      c.put("tx-pause-duration", sp == p.lossless() ? p.pfcTx() * 3 : 0L);
      c.put("tx-pause-frames", sp == p.lossless() ? p.pfcTx() : 0L);
      out.put(String.valueOf(sp), c);
    }
    return Json.write(out);
  }

  public static String queues(Port p) {
    Map<String, Object> out = new TreeMap<>();
    for (int tc = 0; tc < 8; tc++) {
      long tx = tc == p.lossless() ? p.roceTx() : tc == p.cnp() ? p.cnpTx() : 0L;
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("tx-bytes", tx * 1024);
      c.put("tx-frames", tx);
      c.put("tx-uc-buffer-discards", tc == p.lossless() ? p.roceDrops() : 0L);
      c.put("wred-discards", 0L);
      out.put(String.valueOf(tc), c);
    }
    return Json.write(out);
  }

  public static String watchdog(Port p) {
    Map<String, Object> out = new TreeMap<>();
    for (int tc = 0; tc < 8; tc++) {
      long n = tc == p.lossless() ? p.deadlocks() : 0L;
      out.put(String.valueOf(tc), Map.of("deadlock-count", n, "status", n > 0 ? "DEADLOCK" : "OK"));
    }
    return Json.write(out);
  }
}
