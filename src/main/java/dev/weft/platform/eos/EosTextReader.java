package dev.weft.platform.eos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.NaturalOrder;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads an EOS running-config as text ({@code show running-config}, an Oxidized or RANCID backup,
 * AVD's {@code eos_cli_config_gen} output, Weft's own {@code weft-qos.eos.cfg}) into the compiled
 * switch of its whole QoS plan: what {@link EosReader} reads over NETCONF and {@link EosCliReader}
 * over the CLI, from the one text, through {@link EosCliReader}'s parser.
 *
 * <p>The plan's ports are the {@code interface Ethernet...} blocks (breakouts {@code Ethernet1/1}
 * too; not sub-interfaces, port-channels or management ports). A port's QoS is its {@code
 * service-profile}'s, with its own lines over it. What the text leaves out reads as EOS's default
 * where it has a documented one, else as the XML reader reads the same absence:
 *
 * <ul>
 *   <li>a tx-queue block without {@code priority strict} or {@code no priority}: strict, EOS's
 *       default scheduling of a tx-queue ({@code no priority} makes it round robin; AVD's {@code
 *       ethernet-interface-tx-queues.j2} writes one or the other);
 *   <li>a tx-queue without a block: not part of the plan (the XML reader reads only the queues the
 *       device lists);
 *   <li>ECN without {@code max-mark-probability}: 100 %; non-ECT packets dropped unless {@code qos
 *       random-detect ecn allow non-ect} (EOS WRED-drops them on an ECN queue by default);
 *   <li>the watchdog action without {@code priority-flow-control pause watchdog action}: {@code
 *       errdisable}, EOS's default (AVD's schema: the timeout after which the port "should be
 *       errdisabled or should start dropping"), which Weft's intent has no word for; {@code
 *       no-drop} reads as {@code forward} (the stuck queue keeps forwarding, arista-qos-augments'
 *       IGNORE_PFC), {@code notify-only} as {@code alert}; absent timers as 0, so drift names what
 *       the device lacks; no watchdog line at all as no watchdog;
 *   <li>a port's MTU, speed and trust: as the XML and CLI readers read their absence (unset, unset,
 *       not DSCP);
 *   <li>a port without a {@code dcbx mode} line: DCBX off, EOS's default, which a running-config
 *       does not print; Weft's own fragment (no {@code ! Command: show running-config} header)
 *       without any dcbx line: DCBX not rendered ({@link EosCliReader}).
 * </ul>
 *
 * <p>Buffers are EOS's own (headroom is state only): none are read.
 */
final class EosTextReader {

  /** Longer than any switch's running-config; checked before a line is read. */
  static final int MAX_CHARS = 16 << 20;

  private static final List<Integer> IDENTITY = List.of(0, 1, 2, 3, 4, 5, 6, 7);

  private EosTextReader() {}

  /**
   * How surely {@code text} is an EOS running-config: 3 with the header EOS writes ({@code !
   * Command: show running-config}, {@code ! device: NAME (MODEL, EOS-4...)}); 1 with a top-level
   * {@code interface EthernetN} or an EOS QoS command ({@code qos map dscp}, {@code qos profile},
   * {@code priority-flow-control}) and a block indented as EOS indents (three spaces); else empty.
   * A {@code hostname} alone is every vendor's.
   */
  static OptionalInt recognises(String text) {
    if (text.length() > MAX_CHARS) {
      return OptionalInt.empty();
    }
    boolean eosCommand = false;
    boolean eosIndent = false;
    int n = 0;
    for (String line : text.split("\\n", 2000)) {
      if (n++ < 5
          && (line.startsWith("! Command: show running-config")
              || line.startsWith("! device: ") && line.contains("EOS-"))) {
        return OptionalInt.of(3);
      }
      eosCommand |= EOS_COMMAND.matcher(line).lookingAt();
      eosIndent |= line.startsWith("   ") && !line.startsWith("    ");
    }
    return eosCommand && eosIndent ? OptionalInt.of(1) : OptionalInt.empty();
  }

  private static final Pattern EOS_COMMAND =
      Pattern.compile("interface Ethernet[0-9]|qos map dscp |qos profile |priority-flow-control ");

  static CompiledSwitch read(String text, String name, String what) throws ReadException {
    if (text.length() > MAX_CHARS) {
      throw new ReadException(
          what
              + ": "
              + text.length()
              + " characters, more than the "
              + MAX_CHARS
              + " of any switch's running-config");
    }
    EosCliReader.Config config =
        EosCliReader.readWhole(text, what, text.startsWith("! Command: show running-config"));
    EosQosLines lines = config.plan();
    EosCliReader.Facts cli = config.facts();
    List<Integer> toQueue = cli.priorityToQueue();
    CompiledWatchdog watchdog = watchdog(lines.watchdog());
    boolean watching = watchdog != null && watchdog.enabled();

    Map<String, EosQosLines.Holder> held = new TreeMap<>(NaturalOrder.INSTANCE);
    lines
        .interfaces()
        .forEach(
            (port, own) -> {
              if (port.matches("Ethernet[0-9]+(/[0-9]+){0,2}")) {
                String profile = config.boundProfiles().get(port);
                EosQosLines.Holder from = profile == null ? null : lines.profiles().get(profile);
                held.put(port, (from == null ? new EosQosLines.Holder() : from).overlaid(own));
              }
            });

    // ECN profiles by value, named after the first queue that marks with them (tx-queue-3)
    Map<String, EcnProfile> ecn = new LinkedHashMap<>();
    Map<String, List<CompiledQueue>> portQueues = new TreeMap<>();
    Map<Integer, CompiledQueue> switchQueues = new TreeMap<>();
    TreeSet<Integer> lossless = new TreeSet<>();
    Map<String, List<Integer>> pfc = new TreeMap<>();
    for (Map.Entry<String, EosQosLines.Holder> e : held.entrySet()) {
      EosQosLines.Holder h = e.getValue();
      TreeSet<Integer> on = new TreeSet<>();
      if (Boolean.TRUE.equals(h.pfcOn) && !lines.allOff()) {
        h.noDrop.forEach(
            (p, noDrop) -> {
              if (noDrop) {
                on.add(p);
              }
            });
      }
      pfc.put(e.getKey(), List.copyOf(on));
      lossless.addAll(on);
      List<CompiledQueue> queues = new ArrayList<>();
      h.queues.forEach((n, q) -> queues.add(queue(n, q, ecn, !lines.allowNonEct())));
      portQueues.put(e.getKey(), queues);
      ReadBack.addSwitchQueues(switchQueues, queues);
    }
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    lossless.forEach(p -> losslessQueues.add(toQueue.get(p)));
    // A tx-queue that classified traffic reaches and no block configures keeps EOS's default,
    // strict priority (the default a block without a priority line gets in queue()): what the
    // queue runs, not "unscheduled".
    TreeSet<Integer> reached = new TreeSet<>(cli.dscpToPriority().values());
    reached.addAll(cli.pcpToPriority());
    for (int p : reached) {
      int n = toQueue.get(p);
      switchQueues.putIfAbsent(n, queue(n, new EosQosLines.Queue(), ecn, !lines.allowNonEct()));
    }

    List<CompiledPort> ports = new ArrayList<>();
    for (Map.Entry<String, EosQosLines.Holder> e : held.entrySet()) {
      String port = e.getKey();
      EosQosLines.Holder h = e.getValue();
      List<Integer> on = pfc.get(port);
      boolean watched = watching && Boolean.TRUE.equals(h.watchdog) && !on.isEmpty();
      String action = h.portAction == null ? null : action(h.portAction);
      CompiledPort built =
          CompiledPort.builder()
              .name(port)
              .speedGbps(h.speedGbps)
              .mtu(h.mtu)
              .peer(h.description)
              .linkPause(h.flowControl)
              .lag(h.lag)
              .trustDscp(cli.trust().getOrDefault(port, false))
              .pfcPriorities(on)
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(toQueue)
              .queues(lossless(portQueues.get(port), losslessQueues))
              .watchdog(watched)
              .watchdogAction(
                  watched && action != null && !action.equals(watchdog.action()) ? action : null)
              .build();
      ports.add(built.toBuilder().watchdogQueues(watched ? built.pfcQueues() : List.of()).build());
    }
    List<CompiledQueue> queues = lossless(List.copyOf(switchQueues.values()), losslessQueues);
    return CompiledSwitch.builder()
        .name(name)
        .platform(EosPack.PLATFORM)
        .congestionControl(ReadBack.congestionControl(lossless, queues))
        .dscpToPriority(cli.dscpToPriority())
        .priorityToQueue(toQueue)
        .priorityToPriorityGroup(ReadBack.priorityGroups(lossless))
        .losslessPriorities(List.copyOf(lossless))
        .queues(queues)
        .ecnProfiles(ecn.values().stream().sorted(Comparator.comparing(EcnProfile::name)).toList())
        .watchdog(watchdog)
        .linkPause(ports.stream().anyMatch(CompiledPort::linkPause))
        .ecmpHashFields(cli.hashFields())
        .pcpToPriority(cli.pcpToPriority())
        .dcbx(cli.dcbx())
        .ports(ports)
        .build();
  }

  /** One tx-queue as the plan holds it, its marking named by value in {@code ecn}. */
  private static CompiledQueue queue(
      int n, EosQosLines.Queue q, Map<String, EcnProfile> ecn, boolean dropNonEct) {
    boolean strict = q.strict == null || q.strict;
    String profile = null;
    if (q.ecnMin != null) {
      EcnProfile want = new EcnProfile("", q.ecnMin, q.ecnMax, q.probability, dropNonEct);
      profile =
          ecn.values().stream()
              .filter(e -> e.named("").equals(want))
              .map(EcnProfile::name)
              .findFirst()
              .orElse(null);
      if (profile == null) {
        String base = EosReader.profileOf(n);
        profile = base;
        for (int k = 2; ecn.containsKey(profile); k++) {
          profile = base + "-" + k;
        }
        ecn.put(profile, want.named(profile));
      }
    }
    return new CompiledQueue(
        n,
        null,
        strict ? CompiledQueue.STRICT : CompiledQueue.DWRR,
        strict ? null : q.bandwidth,
        profile,
        false);
  }

  /** The queues with {@code lossless} set where a lossless priority of the switch feeds them. */
  private static List<CompiledQueue> lossless(List<CompiledQueue> queues, TreeSet<Integer> fed) {
    return queues.stream().map(q -> q.withLossless(fed.contains(q.queue()))).toList();
  }

  /** The switch-wide watchdog, or null when the text has no watchdog line. */
  private static CompiledWatchdog watchdog(EosQosLines.Watchdog wd) {
    if (wd.timeoutMs() == null
        && wd.pollMs() == null
        && wd.recoveryMs() == null
        && wd.action() == null) {
      return null;
    }
    long poll = wd.pollMs() == null ? 0 : wd.pollMs();
    if (wd.timeoutMs() == null || wd.timeoutMs() == 0) {
      return ReadBack.disabledWatchdog(poll);
    }
    return new CompiledWatchdog(
        true,
        wd.action() == null ? "errdisable" : action(wd.action()),
        wd.timeoutMs(),
        wd.recoveryMs() == null ? 0 : wd.recoveryMs(),
        poll);
  }

  /** EOS's watchdog action in Weft's words. */
  private static String action(String eos) {
    return switch (eos) {
      case "no-drop" -> "forward";
      case "notify-only" -> "alert";
      default -> eos;
    };
  }
}
