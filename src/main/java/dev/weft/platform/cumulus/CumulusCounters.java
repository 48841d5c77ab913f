package dev.weft.platform.cumulus;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Counters;
import dev.weft.platform.TextTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Cumulus Linux's counters as NVUE serves them (Cumulus Linux 5.5 and later; NVUE command
 * reference, Show Commands › QoS), one interface at a time, each as JSON ({@code -o json}):
 *
 * <ul>
 *   <li>{@code nv show interface <swp> counters qos pfc-stats}: per switch priority, {@code
 *       rx-pause-frames} and {@code tx-pause-frames};
 *   <li>{@code nv show interface <swp> counters qos egress-queue-stats}: per traffic class (the
 *       egress queue), {@code tx-frames} and {@code tx-uc-buffer-discards} (unicast packets dropped
 *       for want of buffer);
 *   <li>{@code nv show interface <swp> qos pfc-watchdog status} (Cumulus Linux 5.6 and later): per
 *       traffic class, {@code deadlock-count}, the storms the watchdog detected.
 * </ul>
 *
 * Each answer is an object keyed by the index ({@code {"3": {"rx-pause-frames": 12, ...}, ...}});
 * an answer wrapped in its group's name ({@code {"pfc-stats": {...}}}) is taken too. An answer that
 * is not JSON, not of that shape, or holds a counter that is not a count is a {@link
 * CounterProblem} naming the command; the port's other answers are still read.
 */
final class CumulusCounters {

  static final String PFC = "counters qos pfc-stats";
  static final String QUEUES = "counters qos egress-queue-stats";
  static final String WATCHDOG = "qos pfc-watchdog status";

  /**
   * Interface names Weft puts in a command: NVUE's (swp1, swp1s0, bond0, eth0) and nothing a shell
   * on the switch would interpret, since the command line is the device's shell input.
   */
  private static final Pattern SAFE_PORT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,31}");

  /**
   * One answer: its NVUE group, the index's name, the highest index, and counter field → Weft kind.
   */
  private record Group(String what, String key, int maxIndex, Map<String, String> fields) {
    String lastWord() {
      return what.substring(what.lastIndexOf(' ') + 1);
    }
  }

  private static final List<Group> GROUPS =
      List.of(
          new Group(
              PFC,
              "switch-priority",
              7,
              Map.of("rx-pause-frames", Counters.PFC_RX, "tx-pause-frames", Counters.PFC_TX)),
          new Group(
              QUEUES,
              "traffic-class",
              15,
              Map.of("tx-frames", Counters.QUEUE_TX, "tx-uc-buffer-discards", Counters.QUEUE_DROP)),
          new Group(WATCHDOG, "traffic-class", 15, Map.of("deadlock-count", Counters.WD_STORM)));

  /**
   * The pack's counter source: three NVUE show commands per interface of the switch, over the SSH
   * login.
   */
  static final CounterSource SOURCE =
      new CounterSource() {
        @Override
        public List<String> commands(CompiledSwitch sw) {
          return CumulusCounters.commands(ports(sw));
        }

        @Override
        public Counters parse(
            CompiledSwitch sw, Map<String, String> answers, List<CounterProblem> problems) {
          return CumulusCounters.parse(ports(sw), answers, problems);
        }
      };

  private CumulusCounters() {}

  private static List<String> ports(CompiledSwitch sw) {
    return sw.ports().stream().map(CompiledPort::name).toList();
  }

  static String command(String port, String what) {
    return "nv show interface " + port + " " + what + " -o json";
  }

  /**
   * The commands for these interfaces, in order; a name that is unsafe in a command line is not
   * asked.
   */
  static List<String> commands(List<String> ports) {
    List<String> out = new ArrayList<>();
    for (String port : ports) {
      if (SAFE_PORT.matcher(port).matches()) {
        GROUPS.forEach(g -> out.add(command(port, g.what())));
      }
    }
    return out;
  }

  static Counters parse(
      List<String> ports, Map<String, String> outputs, List<CounterProblem> problems) {
    Map<String, Map<String, Long>> counters = new TreeMap<>();
    for (String port : ports) {
      if (!SAFE_PORT.matcher(port).matches()) {
        problems.add(
            new CounterProblem(
                port,
                command(port, "…"),
                "not asked: the interface name "
                    + "holds characters the switch's shell would interpret (expected letters, digits, '.', '_', '-')"));
        continue;
      }
      for (Group g : GROUPS) {
        String command = command(port, g.what());
        String text = outputs.get(command);
        if (text != null) {
          group(port, command, text, g, counters, problems);
        }
      }
    }
    return new Counters(counters);
  }

  private static void group(
      String port,
      String command,
      String text,
      Group g,
      Map<String, Map<String, Long>> counters,
      List<CounterProblem> problems) {
    Object doc;
    try {
      doc = Json.parse(text);
    } catch (JsonException e) {
      problems.add(new CounterProblem(port, command, "the answer is not JSON: " + e.getMessage()));
      return;
    }
    if (doc instanceof Map<?, ?> m
        && m.size() == 1
        && m.get(g.lastWord()) instanceof Map<?, ?> inner) {
      doc = inner;
    }
    if (!(doc instanceof Map<?, ?> byIndex)) {
      problems.add(
          new CounterProblem(
              port,
              command,
              "expected a JSON object keyed by " + g.key() + ", found " + describe(doc)));
      return;
    }
    for (Map.Entry<?, ?> e : byIndex.entrySet()) {
      String key = String.valueOf(e.getKey());
      Integer index = index(key, g.maxIndex());
      if (index == null) {
        problems.add(
            new CounterProblem(
                port,
                command,
                "key \"" + shorten(key) + "\": expected a " + g.key() + " 0-" + g.maxIndex()));
        continue;
      }
      if (!(e.getValue() instanceof Map<?, ?> fields)) {
        problems.add(
            new CounterProblem(
                port,
                command,
                g.key()
                    + " "
                    + index
                    + ": expected an object of counters, found "
                    + describe(e.getValue())));
        continue;
      }
      for (Map.Entry<String, String> f : new TreeMap<>(g.fields()).entrySet()) {
        if (!fields.containsKey(f.getKey())) {
          continue; // not served by this release: the counter is absent, not zero
        }
        Long value = count(fields.get(f.getKey()));
        if (value == null) {
          problems.add(
              new CounterProblem(
                  port,
                  command,
                  g.key()
                      + " "
                      + index
                      + " "
                      + f.getKey()
                      + ": expected a count (a whole number >= 0), found "
                      + describe(fields.get(f.getKey()))));
          continue;
        }
        counters
            .computeIfAbsent(port, k -> new TreeMap<>())
            .put(Counters.name(f.getValue(), index), value);
      }
    }
  }

  private static Integer index(String key, int max) {
    if (key.isEmpty() || key.length() > 2 || !key.chars().allMatch(Character::isDigit)) {
      return null;
    }
    int i = Integer.parseInt(key);
    return i <= max ? i : null;
  }

  /** A JSON integer >= 0 (NVUE's counters), or a string of digits; anything else is not a count. */
  private static Long count(Object v) {
    if (v instanceof Long n) {
      return n >= 0 ? n : null;
    }
    if (v instanceof String s) {
      return TextTables.count(s.strip());
    }
    return null; // a fraction, a boolean, beyond 18 digits: not a counter NVUE prints
  }

  private static String describe(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Map<?, ?>) {
      return "an object";
    }
    if (v instanceof List<?>) {
      return "a list";
    }
    if (v instanceof String s) {
      return "\"" + shorten(s) + "\"";
    }
    return shorten(String.valueOf(v));
  }

  private static String shorten(String s) {
    String clean = s.replaceAll("\\p{Cntrl}", "?");
    return clean.length() <= 40 ? clean : clean.substring(0, 40) + "…";
  }
}
