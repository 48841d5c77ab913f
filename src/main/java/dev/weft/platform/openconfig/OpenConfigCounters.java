package dev.weft.platform.openconfig;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Counters;
import dev.weft.platform.ReadException;
import dev.weft.platform.SafeXml;
import dev.weft.platform.TextTables;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * An OpenConfig switch's queue counters over NETCONF {@code <get>} (openconfig-qos: {@code
 * /qos/interfaces/interface/output/queues/queue/state} {@code transmit-pkts} and {@code
 * dropped-pkts}, per queue name; the queue's number from {@code
 * /qos/queues/queue/config/queue-id}). OpenConfig's QoS model has no PFC pause or watchdog
 * counters, so only the queues are read. The reply is parsed by the hardened {@link SafeXml} (no
 * DTD, no external entity). A server that holds no such state (Debian's netconfd without
 * instrumentation) answers with none: health is {@code not-served}, not {@code ok}.
 */
final class OpenConfigCounters {

  static final String QOS = "http://openconfig.net/yang/qos";

  /** The state asked for, as it is named in findings. */
  static final String PATH = "/qos/interfaces/interface/output/queues/queue/state";

  /**
   * The subtree filter of the {@code <get>}: every interface's output queue state and the queue
   * numbers.
   */
  static final String FILTER =
      "<qos xmlns=\""
          + QOS
          + "\"><queues><queue><name/><config><queue-id/></config></queue>"
          + "</queues><interfaces><interface><interface-id/><output><queues><queue><name/><state/></queue></queues>"
          + "</output></interface></interfaces></qos>";

  /** The {@code <get>} as it is named in findings and as its answer's key. */
  static final String GET = "<get> " + PATH;

  /** The pack's counter source: one {@code <get>} of the queues' state over NETCONF, no command. */
  static final CounterSource SOURCE =
      new CounterSource() {
        @Override
        public Optional<StateGet> state(CompiledSwitch sw) {
          return Optional.of(new StateGet(GET, FILTER));
        }

        @Override
        public Counters parse(
            CompiledSwitch sw, Map<String, String> answers, List<CounterProblem> problems) {
          return answers.containsKey(GET)
              ? OpenConfigCounters.parse(answers.get(GET), GET, problems)
              : Counters.NONE;
        }
      };

  private OpenConfigCounters() {}

  static Counters parse(String reply, String command, List<CounterProblem> problems) {
    Element data;
    try {
      data = SafeXml.configOrData(reply, command);
    } catch (ReadException e) {
      problems.add(new CounterProblem(null, command, e.getMessage()));
      return Counters.NONE;
    }
    Element qos = SafeXml.child(data, QOS, "qos");
    Map<String, Integer> ids = new TreeMap<>();
    for (Element q : SafeXml.children(SafeXml.child(qos, QOS, "queues"), QOS, "queue")) {
      String name = SafeXml.text(q, QOS, "name");
      Long id = number(SafeXml.text(q, QOS, "config", "queue-id"));
      if (name != null && id != null && id <= 15) {
        ids.put(name.strip(), id.intValue());
      }
    }
    Map<String, Map<String, Long>> counters = new TreeMap<>();
    for (Element i : SafeXml.children(SafeXml.child(qos, QOS, "interfaces"), QOS, "interface")) {
      String port = SafeXml.text(i, QOS, "interface-id");
      if (port == null) {
        continue;
      }
      port = port.strip();
      for (Element q : SafeXml.children(SafeXml.child(i, QOS, "output", "queues"), QOS, "queue")) {
        Element state = SafeXml.child(q, QOS, "state");
        String name = SafeXml.text(q, QOS, "name");
        if (state == null || name == null) {
          continue; // config only: the server holds no state for it
        }
        Integer id = ids.get(name.strip());
        String where =
            "/qos/interfaces/interface[interface-id="
                + port
                + "]/output/queues/queue[name="
                + name.strip()
                + "]/state";
        if (id == null) {
          problems.add(
              new CounterProblem(
                  port,
                  command,
                  where
                      + ": queue "
                      + name.strip()
                      + " has no /qos/queues/queue/config/queue-id in the reply, so its number is unknown"));
          continue;
        }
        put(
            counters,
            port,
            Counters.QUEUE_TX,
            id,
            SafeXml.text(state, QOS, "transmit-pkts"),
            where,
            command,
            problems);
        put(
            counters,
            port,
            Counters.QUEUE_DROP,
            id,
            SafeXml.text(state, QOS, "dropped-pkts"),
            where,
            command,
            problems);
      }
    }
    return new Counters(counters);
  }

  private static void put(
      Map<String, Map<String, Long>> counters,
      String port,
      String kind,
      int id,
      String text,
      String where,
      String command,
      List<CounterProblem> problems) {
    if (text == null) {
      return;
    }
    Long value = number(text);
    if (value == null) {
      problems.add(
          new CounterProblem(
              port,
              command,
              where
                  + ": expected a counter64, found \""
                  + (text.length() > 40 ? text.substring(0, 40) + "…" : text)
                  + "\""));
      return;
    }
    counters.computeIfAbsent(port, k -> new TreeMap<>()).put(Counters.name(kind, id), value);
  }

  private static Long number(String text) {
    return text == null ? null : TextTables.count(text.strip());
  }
}
