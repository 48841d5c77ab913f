package dev.weft.platform.eos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.platform.LiveValues;
import dev.weft.platform.OpenConfigEdits;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.SafeXml;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * Reads what Arista EOS serves over NETCONF on its published models (a rendered {@code <config>},
 * or the {@code <data>} of a {@code <get-config>} reply) into a compiled switch: OpenConfig
 * interfaces for MTU, speed, description and 802.3x pause, openconfig-if-aggregate for the LAG a
 * port joins ({@code ethernet/config/aggregate-id}; the port-channel itself is not a port);
 * OpenConfig qos with arista-qos-augments for the PFC no-drop bitmap per port, scheduling and ECN
 * per tx-queue, and the switch-wide PFC watchdog.
 *
 * <p>What EOS serves only over gNMI or its CLI is absent from the reply, and read as no classifier,
 * DSCP trust off, priority p in tx-queue p, no hash fields; {@link EosPack} fills those from the
 * intent for drift ({@code not-audited}). Normalised on the way in: lists by key, numbers by value
 * (seconds as decimal64 with any number of fraction digits), ECN thresholds in any of the model's
 * byte units to bytes, a queue's marking as a profile named after it ({@code tx-queue-3}), and the
 * watchdog on every port with PFC (EOS's watchdog applies to every no-drop priority).
 */
final class EosReader {
  static final String IF = OpenConfigEdits.IF;
  static final String ETH = OpenConfigEdits.ETH;
  static final String QOS = OpenConfigEdits.QOS;
  static final String AQ = "http://arista.com/yang/openconfig/qos/augments";
  static final String LAG = "http://openconfig.net/yang/interfaces/aggregate";
  private static final Pattern SPEED = Pattern.compile("(?:.*:)?SPEED_([0-9]{1,4})GB");
  private static final BigDecimal MS_PER_S = BigDecimal.valueOf(1000);

  private final String what;

  private EosReader(String what) {
    this.what = what;
  }

  static CompiledSwitch read(String xml, String name, String what) throws ReadException {
    return new EosReader(what).read(SafeXml.configOrData(xml, what), name);
  }

  /** The profile name a queue's ECN marking reads back as. */
  static String profileOf(int queue) {
    return "tx-queue-" + queue;
  }

  private CompiledSwitch read(Element top, String name) throws ReadException {
    Element qos = SafeXml.child(top, QOS, "qos");
    Map<String, TreeSet<Integer>> noDrop = new TreeMap<>();
    for (Element i : SafeXml.children(SafeXml.child(qos, QOS, "interfaces"), QOS, "interface")) {
      String port =
          LiveValues.required(
              SafeXml.text(i, QOS, "interface-id"), what, "/qos/interfaces/interface/interface-id");
      String path = "/qos/interfaces/interface[" + port + "]/output/pfc/config/priorities-no-drop";
      noDrop.put(
          port,
          bitmap(
              SafeXml.text(
                  SafeXml.child(i, QOS, "output"), AQ, "pfc", "config", "priorities-no-drop"),
              path));
    }
    TreeSet<Integer> lossless = new TreeSet<>();
    noDrop.values().forEach(lossless::addAll);
    List<Integer> identity = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    List<Integer> toPg = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      toPg.add(lossless.contains(p) ? p : 0);
    }

    List<CompiledQueue> queues = new ArrayList<>();
    List<EcnProfile> ecn = new ArrayList<>();
    queues(qos, lossless, queues, ecn);
    CompiledWatchdog watchdog = watchdog(SafeXml.child(qos, AQ, "pfc", "watchdog", "config"));
    boolean watching = watchdog != null && watchdog.enabled();

    List<CompiledPort> ports = new ArrayList<>();
    for (Element i : SafeXml.children(SafeXml.child(top, IF, "interfaces"), IF, "interface")) {
      String port =
          LiveValues.required(SafeXml.text(i, IF, "name"), what, "/interfaces/interface/name");
      String path = "/interfaces/interface[" + port + "]";
      if (SafeXml.child(i, LAG, "aggregation") != null
          || String.valueOf(SafeXml.text(i, IF, "config", "type")).endsWith("ieee8023adLag")) {
        continue; // a port-channel: its members are the plan's ports
      }
      String mtu = SafeXml.text(i, IF, "config", "mtu");
      Element eth = SafeXml.child(i, ETH, "ethernet", "config");
      List<Integer> pfc = List.copyOf(noDrop.getOrDefault(port, new TreeSet<>()));
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(
                  speed(SafeXml.text(eth, ETH, "port-speed"), path + "/ethernet/config/port-speed"))
              .mtu(
                  mtu == null
                      ? null
                      : LiveValues.integer(mtu, what, path + "/config/mtu", 68, 65535))
              .peer(SafeXml.text(i, IF, "config", "description"))
              .linkPause(
                  LiveValues.bool(
                      SafeXml.text(eth, ETH, "enable-flow-control"),
                      false,
                      what,
                      path + "/ethernet/config/enable-flow-control"))
              .pfcPriorities(pfc)
              .priorityToQueue(identity)
              .pfcPriorityToQueue(identity)
              .queues(queues)
              .watchdog(watching && !pfc.isEmpty())
              .watchdogQueues(watching ? pfc : List.of())
              .lag(SafeXml.text(eth, LAG, "aggregate-id"))
              .build());
    }
    return CompiledSwitch.builder()
        .name(name)
        .platform(EosPack.PLATFORM)
        .congestionControl(ReadBack.congestionControl(lossless, queues))
        .priorityToQueue(identity)
        .priorityToPriorityGroup(toPg)
        .losslessPriorities(List.copyOf(lossless))
        .queues(queues)
        .ecnProfiles(ecn)
        .watchdog(watchdog)
        .linkPause(ports.stream().anyMatch(CompiledPort::linkPause))
        .ports(ports)
        .build();
  }

  /** Scheduling and ECN of each tx-queue ({@code /qos/queues/queue}, named by its number). */
  private void queues(
      Element qos, TreeSet<Integer> lossless, List<CompiledQueue> queues, List<EcnProfile> ecn)
      throws ReadException {
    Map<Integer, CompiledQueue> byQueue = new TreeMap<>();
    for (Element q : SafeXml.children(SafeXml.child(qos, QOS, "queues"), QOS, "queue")) {
      String queueName =
          LiveValues.required(SafeXml.text(q, QOS, "name"), what, "/qos/queues/queue/name");
      if (!queueName.matches("[0-7]")) {
        continue; // not a unicast tx-queue of the plan (EOS names those 0..7)
      }
      int queue = Integer.parseInt(queueName);
      String path = "/qos/queues/queue[" + queueName + "]";
      Element cfg = SafeXml.child(q, QOS, "config");
      String scheduling = SafeXml.text(cfg, AQ, "scheduling");
      String scheduler =
          scheduling == null
              ? null
              : switch (scheduling) {
                case "STRICT" -> CompiledQueue.STRICT;
                case "ROUND_ROBIN" -> CompiledQueue.DWRR;
                default ->
                    throw new ReadException(
                        what
                            + ": "
                            + path
                            + "/config/scheduling: expected STRICT or ROUND_ROBIN, found '"
                            + scheduling
                            + "'");
              };
      String bandwidth = SafeXml.text(cfg, AQ, "bandwidth");
      Integer weight =
          CompiledQueue.DWRR.equals(scheduler) && bandwidth != null
              ? LiveValues.integer(bandwidth, what, path + "/config/bandwidth", 0, 100)
              : null;
      String profile = null;
      Element mark = SafeXml.child(q, AQ, "ecn", "config");
      if (mark != null
          && (SafeXml.child(mark, AQ, "min-threshold") != null
              || SafeXml.child(mark, AQ, "max-threshold") != null)) {
        profile = profileOf(queue);
        String epath = path + "/ecn/config";
        long unit = unit(SafeXml.text(mark, AQ, "threshold-unit"), epath + "/threshold-unit");
        long min =
            LiveValues.wholeOr(
                SafeXml.text(mark, AQ, "min-threshold"),
                0,
                what,
                epath + "/min-threshold",
                0,
                4_294_967_294L);
        long max =
            LiveValues.wholeOr(
                SafeXml.text(mark, AQ, "max-threshold"),
                0,
                what,
                epath + "/max-threshold",
                0,
                4_294_967_294L);
        int rate =
            (int)
                LiveValues.wholeOr(
                    SafeXml.text(mark, AQ, "max-drop-rate"),
                    100,
                    what,
                    epath + "/max-drop-rate",
                    0,
                    100);
        // true: the model has no non-ECT setting, and EOS drops non-ECT packets unless the CLI's
        // random-detect ecn allow non-ect says otherwise
        ecn.add(new EcnProfile(profile, min * unit, max * unit, rate, true));
      }
      if (scheduler != null || profile != null) {
        byQueue.put(
            queue,
            new CompiledQueue(queue, null, scheduler, weight, profile, lossless.contains(queue)));
      }
    }
    queues.addAll(byQueue.values());
  }

  /**
   * Bytes per unit of {@code ecn-threshold-unit}; segments and time units cannot be compared in
   * bytes.
   */
  private long unit(String text, String path) throws ReadException {
    return switch (text == null ? "BYTES" : text) {
      case "BYTES" -> 1;
      case "KILOBYTES" -> 1024;
      case "MEGABYTES" -> 1024 * 1024;
      default ->
          throw new ReadException(
              what
                  + ": "
                  + path
                  + ": expected BYTES, KILOBYTES or MEGABYTES (a threshold "
                  + "Weft compares in bytes), found '"
                  + text
                  + "'");
    };
  }

  /**
   * The switch-wide watchdog: on with a timeout above zero; timers from seconds to ms; absent
   * timers read as 0 and an absent action as {@code unset}, so drift names what the device lacks.
   */
  private CompiledWatchdog watchdog(Element cfg) throws ReadException {
    if (cfg == null) {
      return null;
    }
    String path = "/qos/pfc/watchdog/config";
    long timeout = millis(SafeXml.text(cfg, AQ, "default-timeout"), path + "/default-timeout");
    long poll =
        millis(
            SafeXml.text(cfg, AQ, "default-polling-interval"), path + "/default-polling-interval");
    if (timeout == 0) {
      return ReadBack.disabledWatchdog(poll);
    }
    String action = SafeXml.text(cfg, AQ, "action");
    return new CompiledWatchdog(
        true,
        action == null ? "unset" : EosPack.ACTIONS.getOrDefault(action, action.toLowerCase()),
        timeout,
        millis(SafeXml.text(cfg, AQ, "default-recovery-time"), path + "/default-recovery-time"),
        poll);
  }

  private long millis(String seconds, String path) throws ReadException {
    if (seconds == null) {
      return 0;
    }
    BigDecimal ms = LiveValues.decimal(seconds, what, path).multiply(MS_PER_S);
    try {
      long value = ms.setScale(0, java.math.RoundingMode.UNNECESSARY).longValueExact();
      if (value >= 0 && value <= 86_400_000L) {
        return value;
      }
    } catch (ArithmeticException e) {
      // a fraction of a millisecond, or out of range: reported below
    }
    throw new ReadException(
        what
            + ": "
            + path
            + ": expected seconds in whole milliseconds up to a day, found '"
            + seconds.strip()
            + "'");
  }

  /** {@code priorities-no-drop}: hex digits, bit p set for priority p (1 or 2 digits). */
  private TreeSet<Integer> bitmap(String text, String path) throws ReadException {
    TreeSet<Integer> out = new TreeSet<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    String t = text.strip();
    if (!t.matches("[0-9a-fA-F]{1,2}")) {
      throw new ReadException(
          what
              + ": "
              + path
              + ": expected a bitmap of priorities in one or two hex digits, found '"
              + (t.length() > 60 ? t.substring(0, 57) + "..." : t)
              + "'");
    }
    int bits = Integer.parseInt(t, 16);
    for (int p = 0; p < 8; p++) {
      if ((bits & (1 << p)) != 0) {
        out.add(p);
      }
    }
    return out;
  }

  private Integer speed(String text, String path) throws ReadException {
    if (text == null) {
      return null;
    }
    Matcher m = SPEED.matcher(text.strip());
    if (m.matches()) {
      return Integer.valueOf(m.group(1));
    }
    if (text.strip().matches("(?:.*:)?SPEED_(UNKNOWN|[0-9]+MB|2500MB)")) {
      return null; // unknown or below 1 Gb/s: no whole Gb/s speed to compare
    }
    throw new ReadException(
        what
            + ": "
            + path
            + ": expected a speed identity like SPEED_400GB, found '"
            + text.strip()
            + "'");
  }
}
