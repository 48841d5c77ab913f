package dev.weft.platform.eos;

import dev.weft.platform.LiveValues;
import dev.weft.platform.ReadException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The QoS commands of an EOS running-config beyond classification, as {@link EosCliReader} walks
 * them: in a {@code qos profile} or an {@code interface}, PFC ({@code priority-flow-control on},
 * {@code priority-flow-control priority N no-drop}, {@code priority-flow-control pause watchdog})
 * and each {@code tx-queue N} (or {@code uc-tx-queue N}) with its scheduling ({@code priority
 * strict}, {@code no priority} with {@code bandwidth percent W}) and ECN marking ({@code
 * random-detect ecn minimum-threshold A UNIT maximum-threshold B UNIT [max-mark-probability P]});
 * on an interface also {@code mtu}, {@code speed}, {@code description} and {@code flowcontrol};
 * switch-wide the watchdog's default timers and action, {@code priority-flow-control all off} and
 * {@code qos random-detect ecn allow non-ect}. Command forms as AVD's {@code eos_cli_config_gen}
 * writes them ({@code qos-profiles.j2}, {@code priority-flow-control.j2}, {@code
 * ethernet-interface-tx-queues.j2}). Other lines are another feature's and are skipped; a line of
 * these commands that cannot be read is a {@link ReadException} naming its line and column.
 */
final class EosQosLines {

  /** What one {@code tx-queue} block says; null where it says nothing. */
  static final class Queue {
    Boolean strict;
    Integer bandwidth;
    Long ecnMin;
    Long ecnMax;
    Integer probability;

    /** {@code over}'s settings where it has them, else these. */
    Queue overlaid(Queue over) {
      Queue q = new Queue();
      q.strict = over.strict != null ? over.strict : strict;
      q.bandwidth = over.bandwidth != null ? over.bandwidth : bandwidth;
      boolean ecn = over.ecnMin != null;
      q.ecnMin = ecn ? over.ecnMin : ecnMin;
      q.ecnMax = ecn ? over.ecnMax : ecnMax;
      q.probability = ecn ? over.probability : probability;
      return q;
    }
  }

  /** The QoS of a {@code qos profile} or an {@code interface}; null where it says nothing. */
  static final class Holder {
    Boolean pfcOn;
    final Map<Integer, Boolean> noDrop = new TreeMap<>();
    Boolean watchdog;
    String portAction;
    final Map<Integer, Queue> queues = new TreeMap<>();
    // an interface's own lines
    Integer mtu;
    Integer speedGbps;
    String description;
    boolean flowControl;
    String lag;

    /** A profile's settings with an interface's own over them (EOS: the interface's win). */
    Holder overlaid(Holder over) {
      Holder h = new Holder();
      h.pfcOn = over.pfcOn != null ? over.pfcOn : pfcOn;
      h.noDrop.putAll(noDrop);
      h.noDrop.putAll(over.noDrop);
      h.watchdog = over.watchdog != null ? over.watchdog : watchdog;
      h.portAction = over.portAction != null ? over.portAction : portAction;
      h.queues.putAll(queues);
      over.queues.forEach((n, q) -> h.queues.merge(n, q, Queue::overlaid));
      h.mtu = over.mtu;
      h.speedGbps = over.speedGbps;
      h.description = over.description;
      h.flowControl = over.flowControl;
      h.lag = over.lag;
      return h;
    }
  }

  /** The switch-wide watchdog lines, each null when absent. */
  record Watchdog(Long timeoutMs, Long pollMs, Long recoveryMs, String action) {}

  private static final Pattern SPEED_G = Pattern.compile("([0-9]{1,4})g(?:full|-[0-9]{1,2})?");
  private static final Pattern SPEED_M = Pattern.compile("([0-9]{1,7})(?:full|half)");
  private static final BigDecimal MS_PER_S = BigDecimal.valueOf(1000);

  private final Map<String, Holder> profiles = new TreeMap<>();
  private final Map<String, Holder> interfaces = new TreeMap<>();
  private Long timeoutMs;
  private Long pollMs;
  private Long recoveryMs;
  private String action;
  private boolean allOff;
  private boolean allowNonEct;

  Map<String, Holder> profiles() {
    return profiles;
  }

  Map<String, Holder> interfaces() {
    return interfaces;
  }

  Watchdog watchdog() {
    return new Watchdog(timeoutMs, pollMs, recoveryMs, action);
  }

  /** {@code priority-flow-control all off}: PFC off on every interface, whatever they say. */
  boolean allOff() {
    return allOff;
  }

  /** {@code qos random-detect ecn allow non-ect}: WRED keeps non-ECT packets on ECN queues. */
  boolean allowNonEct() {
    return allowNonEct;
  }

  void topLevel(String[] w, EosLine at) throws ReadException {
    if (starts(w, "priority-flow-control", "all", "off")) {
      allOff = true;
    } else if (starts(w, "priority-flow-control", "pause", "watchdog", "default")) {
      if (w.length != 6) {
        throw at.error(
            Math.min(w.length, 5),
            "expected timeout, polling-interval or recovery-time and seconds");
      }
      long ms = millis(w, 5, at);
      switch (w[4]) {
        case "timeout" -> timeoutMs = ms;
        case "polling-interval" -> pollMs = ms;
        case "recovery-time" -> recoveryMs = ms;
        default -> throw at.error(4, "expected timeout, polling-interval or recovery-time");
      }
    } else if (starts(w, "priority-flow-control", "pause", "watchdog", "action")) {
      if (w.length != 5) {
        throw at.error(Math.min(w.length, 4), "expected drop, no-drop or notify-only");
      }
      action = w[4];
    } else if (starts(w, "qos", "random-detect", "ecn", "allow", "non-ect")) {
      allowNonEct = true;
    }
  }

  /** A line directly under {@code top}: a profile's or an interface's own command. */
  void nested(String[] top, String[] w, EosLine at) throws ReadException {
    Holder h = holder(top);
    if (h == null) {
      return;
    }
    if (starts(w, "priority-flow-control", "on")) {
      h.pfcOn = true;
    } else if (starts(w, "priority-flow-control", "off")
        || w.length == 2 && starts(w, "no", "priority-flow-control")) {
      h.pfcOn = false;
    } else if (starts(w, "priority-flow-control", "priority")) {
      if (w.length != 4 || !w[3].equals("no-drop") && !w[3].equals("drop")) {
        throw at.error(
            Math.min(w.length, 3), "expected priority-flow-control priority N no-drop|drop");
      }
      h.noDrop.put(at.integer(2, 0, 7), w[3].equals("no-drop"));
    } else if (w.length == 3 && starts(w, "priority-flow-control", "pause", "watchdog")) {
      h.watchdog = true;
    } else if (w.length == 4 && starts(w, "no", "priority-flow-control", "pause", "watchdog")) {
      h.watchdog = false;
    } else if (starts(w, "priority-flow-control", "pause", "watchdog", "port", "action")
        && w.length == 6) {
      h.portAction = w[5];
    } else if ((starts(w, "tx-queue") || starts(w, "uc-tx-queue"))) {
      if (w.length != 2) {
        throw at.error(Math.min(w.length, 1), "expected " + w[0] + " N");
      }
      h.queues.computeIfAbsent(at.integer(1, 0, 7), n -> new Queue());
    } else if (starts(top, "interface")) {
      own(h, w, at);
    }
  }

  /** A line under a {@code tx-queue N} of {@code top}. */
  void deep(String[] top, String[] mid, String[] w, EosLine at) throws ReadException {
    Holder h = holder(top);
    if (h == null
        || mid.length != 2
        || !mid[0].equals("tx-queue") && !mid[0].equals("uc-tx-queue")
        || !mid[1].matches("[0-7]")) {
      return; // mc-tx-queue: multicast, not the plan's queues
    }
    Queue q = h.queues.get(Integer.parseInt(mid[1]));
    if (w.length == 2 && starts(w, "priority", "strict")) {
      q.strict = true;
    } else if (w.length == 2 && starts(w, "no", "priority")) {
      q.strict = false;
    } else if (starts(w, "bandwidth", "percent")) {
      q.bandwidth = at.integer(2, 0, 100);
    } else if (starts(w, "random-detect", "ecn", "minimum-threshold")) {
      // random-detect ecn minimum-threshold A UNIT maximum-threshold B UNIT [max-mark-probability
      // P]
      if (w.length < 8 || !w[5].equals("maximum-threshold")) {
        throw at.error(
            Math.min(w.length, 5), "expected minimum-threshold A UNIT maximum-threshold B UNIT");
      }
      q.ecnMin = bytes(w, 3, at);
      q.ecnMax = bytes(w, 6, at);
      // the CLI's default marking probability at the maximum threshold is 100 %, as the XML
      // reader's for an absent max-drop-rate
      q.probability = 100;
      for (int i = 8; i < w.length; i += 2) {
        if (w[i].equals("max-mark-probability")) {
          q.probability = at.integer(i + 1, 1, 100);
        } else if (!w[i].equals("weight")) {
          throw at.error(i, "expected max-mark-probability or weight");
        }
      }
    }
  }

  /**
   * An interface's own settings: MTU, speed, description, 802.3x pause, the port-channel it joins
   * ({@code channel-group N mode active|passive|on}: Port-ChannelN).
   */
  private void own(Holder h, String[] w, EosLine at) throws ReadException {
    if (w.length >= 2 && w[0].equals("channel-group")) {
      h.lag = "Port-Channel" + at.integer(1, 1, 2000);
    } else if (w.length == 2 && w[0].equals("mtu")) {
      h.mtu = at.integer(1, 68, 65535);
    } else if (w[0].equals("speed") && w.length >= 2) {
      h.speedGbps = speed(w[w.length - 1]);
    } else if (w[0].equals("description")) {
      h.description = at.after(1);
    } else if (w.length == 3 && w[0].equals("flowcontrol") && w[2].equals("on")) {
      h.flowControl = true;
    }
  }

  /**
   * Gb/s of an EOS speed ({@code 400g}, {@code 100gfull}, {@code 400g-8}, {@code 10000full}), or
   * null for {@code auto} or a speed below 1 Gb/s: no whole Gb/s to compare.
   */
  private static Integer speed(String s) {
    Matcher g = SPEED_G.matcher(s);
    if (g.matches()) {
      return Integer.valueOf(g.group(1));
    }
    Matcher m = SPEED_M.matcher(s);
    if (m.matches() && Integer.parseInt(m.group(1)) % 1000 == 0) {
      return Integer.parseInt(m.group(1)) / 1000;
    }
    return null;
  }

  private Holder holder(String[] top) {
    if (top.length == 3 && starts(top, "qos", "profile")) {
      return profiles.computeIfAbsent(top[2], k -> new Holder());
    }
    if (top.length == 2 && top[0].equals("interface")) {
      return interfaces.computeIfAbsent(top[1], k -> new Holder());
    }
    return null;
  }

  /**
   * A threshold {@code N UNIT} in bytes: EOS prints bytes, kbytes and mbytes (1024-based, as the
   * XML reader's KILOBYTES); segments (buffer cells, whose size depends on the ASIC) and time
   * (milliseconds, microseconds) are no number of bytes, so Weft cannot compare them.
   */
  private static long bytes(String[] w, int i, EosLine at) throws ReadException {
    long n = at.whole(i, 0, 4_294_967_294L);
    long unit =
        switch (w[i + 1]) {
          case "bytes" -> 1;
          case "kbytes" -> 1024;
          case "mbytes" -> 1024 * 1024;
          default ->
              throw at.error(
                  i + 1,
                  "expected bytes, kbytes or mbytes (a threshold Weft compares in bytes), found '"
                      + w[i + 1]
                      + "'");
        };
    return n * unit;
  }

  /** Seconds with decimals ({@code 0.05}) to whole milliseconds, at most a day. */
  private static long millis(String[] w, int i, EosLine at) throws ReadException {
    BigDecimal ms;
    try {
      ms = LiveValues.decimal(w[i], "", "").multiply(MS_PER_S);
    } catch (ReadException e) {
      throw at.error(i, "expected seconds, found '" + w[i] + "'");
    }
    try {
      long value = ms.setScale(0, RoundingMode.UNNECESSARY).longValueExact();
      if (value >= 0 && value <= 86_400_000L) {
        return value;
      }
    } catch (ArithmeticException e) {
      // a fraction of a millisecond, or out of range: refused below
    }
    throw at.error(i, "expected seconds in whole milliseconds up to a day, found '" + w[i] + "'");
  }

  static boolean starts(String[] w, String... words) {
    if (w.length < words.length) {
      return false;
    }
    for (int i = 0; i < words.length; i++) {
      if (!w[i].equals(words[i])) {
        return false;
      }
    }
    return true;
  }
}
