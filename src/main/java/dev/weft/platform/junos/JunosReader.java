package dev.weft.platform.junos;

import static dev.weft.platform.junos.JunosPack.COS;
import static dev.weft.platform.junos.JunosPack.FWD;
import static dev.weft.platform.junos.JunosPack.IF;
import static dev.weft.platform.junos.JunosPack.ROOT;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.platform.DscpNames;
import dev.weft.platform.LiveValues;
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
 * Reads Junos XML in Juniper's YANG (a rendered {@code <config>}, or the {@code <data>} of a {@code
 * <get-config>} reply) back into a compiled switch.
 *
 * <p>Normalised on the way in: lists by key (ports, queues, profiles sorted), numbers by value (a
 * decimal64 fill level {@code 1.536000000} is {@code 1.536}), units ({@link JunosUnits}: fill
 * levels to bytes, PFC accounts from microseconds at the port speed to bytes, detection from poll
 * periods to ms), DSCP code points as bit strings or Junos's standard aliases ({@code ef}, {@code
 * af31}, {@code cs6}...), and the device's defaults for absent leaves (no flow control, watchdog
 * action drop, poll 100 ms, detection 2 polls, recovery 200 ms). Forwarding classes are read as
 * switch priorities by their {@code tc<N>} name, which is how Weft renders them; other classes are
 * not part of Weft's plan.
 */
final class JunosReader {
  private static final Pattern TC = Pattern.compile("tc([0-7])");
  private static final Pattern PG = Pattern.compile("pg([0-7])");
  private static final Pattern SPEED = Pattern.compile("([0-9]+)g");

  /**
   * Junos's own names beside the standard ones ({@link DscpNames}): best effort and network
   * control.
   */
  private static final Map<String, Integer> JUNOS_DSCP_NAMES =
      Map.of("be", 0, "nc1", 48, "nc2", 56);

  /** Junos's pfc-watchdog defaults for absent leaves. */
  private static final long DEFAULT_POLL_MS = 100;

  private static final long DEFAULT_DETECTION_POLLS = 2;
  private static final long DEFAULT_RECOVERY_MS = 200;
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  private final String what;

  private JunosReader(String what) {
    this.what = what;
  }

  static CompiledSwitch read(String xml, String name, String what) throws ReadException {
    Element top = SafeXml.configOrData(xml, what);
    return new JunosReader(what).read(SafeXml.child(top, ROOT, "configuration"), name);
  }

  private CompiledSwitch read(Element conf, String name) throws ReadException {
    Element cos = SafeXml.child(conf, COS, "class-of-service");
    List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    TreeSet<Integer> lossless = new TreeSet<>();
    for (Element c :
        SafeXml.children(SafeXml.child(cos, COS, "forwarding-classes"), COS, "class")) {
      String cls =
          LiveValues.required(
              SafeXml.text(c, COS, "name"),
              what,
              "/configuration/class-of-service/forwarding-classes/class/name");
      Matcher m = TC.matcher(cls);
      if (!m.matches()) {
        continue; // not one of Weft's classes: not part of the plan it renders
      }
      int priority = Integer.parseInt(m.group(1));
      String path = "/configuration/class-of-service/forwarding-classes/class[" + cls + "]";
      String queue = SafeXml.text(c, COS, "queue-num");
      if (queue != null) {
        toQueue.set(priority, LiveValues.integer(queue, what, path + "/queue-num", 0, 15));
      }
      if (SafeXml.child(c, COS, "no-loss") != null) {
        String pfc = SafeXml.text(c, COS, "pfc-priority");
        lossless.add(
            pfc == null ? priority : LiveValues.integer(pfc, what, path + "/pfc-priority", 0, 7));
      }
    }
    Map<Integer, Integer> dscp = classifiers(cos);
    Map<String, EcnProfile> dropProfiles = dropProfiles(cos);
    Map<String, CompiledQueue> schedulers = schedulers(cos, dropProfiles);
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    lossless.forEach(p -> losslessQueues.add(toQueue.get(p)));

    Map<String, Element> profiles =
        byName(
            SafeXml.children(cos, COS, "congestion-notification-profile"),
            "/configuration/class-of-service/congestion-notification-profile");
    Map<String, Element> maps =
        byName(
            SafeXml.children(cos, COS, "scheduler-maps"),
            "/configuration/class-of-service/scheduler-maps");
    Map<String, Element> cosPorts =
        byName(
            SafeXml.children(SafeXml.child(cos, COS, "interfaces"), COS, "interface"),
            "/configuration/class-of-service/interfaces/interface");

    List<Integer> toPg = ReadBack.priorityGroups(lossless);
    // the PCP map of the IEEE 802.1p classifier the first port classifying by PCP binds
    List<Integer> pcp = List.of();
    CompiledWatchdog watchdog = null;
    List<CompiledPort> ports = new ArrayList<>();
    Map<Integer, CompiledQueue> switchQueues = new TreeMap<>();
    for (Element i : SafeXml.children(SafeXml.child(conf, IF, "interfaces"), IF, "interface")) {
      String port =
          LiveValues.required(
              SafeXml.text(i, IF, "name"), what, "/configuration/interfaces/interface/name");
      String path = "/configuration/interfaces/interface[" + port + "]";
      String mtu = SafeXml.text(i, IF, "mtu");
      Integer speed = speed(SafeXml.text(i, IF, "speed"), path + "/speed");
      boolean pause = SafeXml.child(i, IF, "gigether-options", "flow-control") != null;
      Element binding = cosPorts.get(port);
      String cosPath = "/configuration/class-of-service/interfaces/interface[" + port + "]";
      boolean trust =
          !SafeXml.children(SafeXml.child(binding, COS, "classifiers"), COS, "dscp").isEmpty();
      String pcpName = SafeXml.text(binding, COS, "classifiers", "ieee-802.1", "classifier-name");
      if (pcpName != null && pcp.isEmpty()) {
        pcp = pcpClassifier(cos, pcpName, cosPath + "/classifiers/ieee-802.1/classifier-name");
      }
      Element profile =
          named(profiles, SafeXml.text(binding, COS, "congestion-notification-profile"));
      String cnpPath =
          "/configuration/class-of-service/congestion-notification-profile["
              + SafeXml.text(binding, COS, "congestion-notification-profile")
              + "]";

      TreeSet<Integer> pfc = new TreeSet<>();
      List<Integer> pfcToQueue = new ArrayList<>(toQueue);
      Integer cable = null;
      List<PriorityGroupHeadroom> headroom = new ArrayList<>();
      boolean portWatchdog = false;
      String portAction = null;
      if (profile != null) {
        Element input = SafeXml.child(profile, COS, "input");
        for (Element cp :
            SafeXml.children(SafeXml.child(input, COS, "ieee-802.1"), COS, "code-point")) {
          if (SafeXml.child(cp, COS, "pfc") != null) {
            pfc.add(
                bits(
                    SafeXml.text(cp, COS, "name"),
                    3,
                    cnpPath + "/input/ieee-802.1/code-point/name"));
          }
        }
        for (Element cp :
            SafeXml.children(
                SafeXml.child(profile, COS, "output", "ieee-802.1"), COS, "code-point")) {
          String cpPath = cnpPath + "/output/ieee-802.1/code-point";
          int priority = bits(SafeXml.text(cp, COS, "name"), 3, cpPath + "/name");
          String queue = SafeXml.text(cp, COS, "flow-control-queue");
          if (queue != null) {
            pfcToQueue.set(
                priority, LiveValues.integer(queue, what, cpPath + "/flow-control-queue", 0, 15));
          }
        }
        String cableText = SafeXml.text(input, COS, "cable-length");
        if (cableText != null) {
          cable =
              LiveValues.integer(
                  cableText.endsWith("m")
                      ? cableText.substring(0, cableText.length() - 1)
                      : cableText,
                  what,
                  cnpPath + "/input/cable-length",
                  1,
                  100_000);
        }
        if (speed != null) {
          headroom = accounts(input, speed, cnpPath + "/input/pfc-account");
        }
        Element wd = SafeXml.child(profile, COS, "pfc-watchdog");
        if (wd != null) {
          portWatchdog = true;
          CompiledWatchdog own = watchdog(wd, cnpPath + "/pfc-watchdog");
          portAction = own.action();
          if (watchdog == null) {
            watchdog = own;
          }
        }
      }
      List<CompiledQueue> queues =
          portQueues(
              named(maps, SafeXml.text(binding, COS, "scheduler-map")),
              schedulers,
              toQueue,
              losslessQueues,
              cosPath + "/scheduler-map");
      ReadBack.addSwitchQueues(switchQueues, queues);
      queues = ReadBack.onPort(queues, pfc, toQueue);
      List<Integer> wdQueues = ReadBack.watchedQueues(portWatchdog, pfc, pfcToQueue);
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(speed)
              .mtu(mtu == null ? null : LiveValues.integer(mtu, what, path + "/mtu", 68, 65535))
              .cableLengthMetres(cable)
              .peer(SafeXml.text(i, IF, "description"))
              .trustDscp(trust)
              .pfcPriorities(List.copyOf(pfc))
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(pfcToQueue)
              .queues(queues)
              .watchdog(portWatchdog)
              .watchdogQueues(wdQueues)
              .watchdogAction(portAction)
              .linkPause(pause)
              .headroom(headroom)
              .build());
    }
    List<CompiledQueue> queueList = List.copyOf(switchQueues.values());
    // each port's congestion-notification profile has its own action: the first watchdog port's
    // (by name) is the switch's, and a port names its own only where it differs
    return ReadBack.watchdogActionsAsRead(
        CompiledSwitch.builder()
            .name(name)
            .platform(JunosPack.PLATFORM)
            .congestionControl(ReadBack.congestionControl(lossless, queueList))
            .dscpToPriority(dscp)
            .priorityToQueue(toQueue)
            .priorityToPriorityGroup(toPg)
            .losslessPriorities(List.copyOf(lossless))
            .queues(queueList)
            .ecnProfiles(List.copyOf(new TreeMap<>(dropProfiles).values()))
            .watchdog(watchdog)
            .linkPause(ports.stream().anyMatch(CompiledPort::linkPause))
            .ecmpHashFields(hash(conf))
            .ports(ports)
            .pcpToPriority(pcp)
            .build());
  }

  /**
   * PCP → priority of IEEE 802.1p classifier {@code name}'s {@code tc<N>} classes; a code point it
   * leaves out reads as priority 0 (Weft's classifier lists all eight).
   */
  private List<Integer> pcpClassifier(Element cos, String name, String boundAt)
      throws ReadException {
    for (Element c : SafeXml.children(SafeXml.child(cos, COS, "classifiers"), COS, "ieee-802.1")) {
      if (!name.equals(SafeXml.text(c, COS, "name"))) {
        continue;
      }
      String path = "/configuration/class-of-service/classifiers/ieee-802.1[" + name + "]";
      Integer[] out = {0, 0, 0, 0, 0, 0, 0, 0};
      for (Element fc : SafeXml.children(c, COS, "forwarding-class")) {
        Matcher m = TC.matcher(String.valueOf(SafeXml.text(fc, COS, "name")));
        if (!m.matches()) {
          continue;
        }
        int priority = Integer.parseInt(m.group(1));
        for (Element lp : SafeXml.children(fc, COS, "loss-priority")) {
          for (Element cp : SafeXml.children(lp, COS, "code-points")) {
            out[
                    bits(
                        cp.getTextContent().strip(),
                        3,
                        path + "/forwarding-class/loss-priority/code-points")] =
                priority;
          }
        }
      }
      return List.of(out);
    }
    throw new ReadException(
        what + ": " + boundAt + " names IEEE 802.1p classifier " + name + ", which does not exist");
  }

  /** DSCP → priority from every DSCP classifier's {@code tc<N>} classes. */
  private Map<Integer, Integer> classifiers(Element cos) throws ReadException {
    Map<Integer, Integer> dscp = new TreeMap<>();
    for (Element c : SafeXml.children(SafeXml.child(cos, COS, "classifiers"), COS, "dscp")) {
      String path =
          "/configuration/class-of-service/classifiers/dscp[" + SafeXml.text(c, COS, "name") + "]";
      for (Element fc : SafeXml.children(c, COS, "forwarding-class")) {
        Matcher m = TC.matcher(String.valueOf(SafeXml.text(fc, COS, "name")));
        if (!m.matches()) {
          continue;
        }
        int priority = Integer.parseInt(m.group(1));
        for (Element lp : SafeXml.children(fc, COS, "loss-priority")) {
          for (Element cp : SafeXml.children(lp, COS, "code-points")) {
            dscp.put(
                codePoint(
                    cp.getTextContent().strip(),
                    path + "/forwarding-class/loss-priority/code-points"),
                priority);
          }
        }
      }
    }
    return dscp;
  }

  /**
   * Drop profiles with two or more interpolation points, as WRED-ECN profiles in bytes of the
   * reference buffer.
   */
  private Map<String, EcnProfile> dropProfiles(Element cos) throws ReadException {
    Map<String, EcnProfile> out = new TreeMap<>();
    for (Element d : SafeXml.children(cos, COS, "drop-profiles")) {
      String name =
          LiveValues.required(
              SafeXml.text(d, COS, "name"),
              what,
              "/configuration/class-of-service/drop-profiles/name");
      String path = "/configuration/class-of-service/drop-profiles[" + name + "]/interpolate";
      Element interpolate = SafeXml.child(d, COS, "interpolate");
      List<Element> fill = SafeXml.children(interpolate, COS, "fill-level");
      List<Element> probability = SafeXml.children(interpolate, COS, "drop-probability");
      if (fill.size() < 2) {
        continue; // not the two-point profile Weft renders: no marking slope to compare
      }
      BigDecimal min =
          LiveValues.decimal(
              fill.get(0).getTextContent(), what, path + "/fill-level", BigDecimal.ZERO, HUNDRED);
      BigDecimal max =
          LiveValues.decimal(
              fill.get(fill.size() - 1).getTextContent(),
              what,
              path + "/fill-level",
              BigDecimal.ZERO,
              HUNDRED);
      int p =
          probability.isEmpty()
              ? 100
              : LiveValues.integer(
                  probability.get(probability.size() - 1).getTextContent(),
                  what,
                  path + "/drop-probability",
                  0,
                  100);
      out.put(
          name,
          // true: Weft writes no ecn-enhanced keep-non-ect, so WRED drops non-ECT packets
          new EcnProfile(
              name, JunosUnits.bytesOfFillLevel(min), JunosUnits.bytesOfFillLevel(max), p, true));
    }
    return out;
  }

  /** Schedulers by name, as queues without a queue number yet. */
  private Map<String, CompiledQueue> schedulers(Element cos, Map<String, EcnProfile> dropProfiles)
      throws ReadException {
    Map<String, CompiledQueue> out = new TreeMap<>();
    for (Element s : SafeXml.children(cos, COS, "schedulers")) {
      String name =
          LiveValues.required(
              SafeXml.text(s, COS, "name"),
              what,
              "/configuration/class-of-service/schedulers/name");
      String path = "/configuration/class-of-service/schedulers[" + name + "]";
      boolean strict = "strict-high".equals(SafeXml.text(s, COS, "priority"));
      String percent = SafeXml.text(s, COS, "transmit-rate", "percent");
      Integer weight =
          strict || percent == null
              ? null
              : LiveValues.integer(percent, what, path + "/transmit-rate/percent", 0, 100);
      String ecn = null;
      if (SafeXml.child(s, COS, "explicit-congestion-notification") != null) {
        for (Element map : SafeXml.children(s, COS, "drop-profile-map")) {
          String profile = SafeXml.text(map, COS, "drop-profile");
          if (named(dropProfiles, profile) != null) {
            ecn = profile;
          }
        }
      }
      String trafficClass = name.matches("queue[0-9]+") ? null : name;
      out.put(
          name,
          new CompiledQueue(
              0,
              trafficClass,
              strict ? CompiledQueue.STRICT : CompiledQueue.DWRR,
              weight,
              ecn,
              false));
    }
    return out;
  }

  /** The queues a scheduler map schedules: each {@code tc<N>} class's queue with its scheduler. */
  private List<CompiledQueue> portQueues(
      Element map,
      Map<String, CompiledQueue> schedulers,
      List<Integer> toQueue,
      TreeSet<Integer> losslessQueues,
      String path)
      throws ReadException {
    Map<Integer, CompiledQueue> out = new TreeMap<>();
    for (Element fc : SafeXml.children(map, COS, "forwarding-class")) {
      Matcher m = TC.matcher(String.valueOf(SafeXml.text(fc, COS, "name")));
      if (!m.matches()) {
        continue;
      }
      int queue = toQueue.get(Integer.parseInt(m.group(1)));
      String name = SafeXml.text(fc, COS, "scheduler");
      CompiledQueue s = named(schedulers, name);
      if (s == null) {
        throw new ReadException(
            what
                + ": "
                + path
                + ": scheduler '"
                + name
                + "' is not defined under "
                + "/configuration/class-of-service/schedulers");
      }
      out.putIfAbsent(
          queue,
          new CompiledQueue(
              queue,
              s.trafficClass(),
              s.scheduler(),
              s.weight(),
              s.ecnProfile(),
              losslessQueues.contains(queue)));
    }
    return List.copyOf(out.values());
  }

  private List<PriorityGroupHeadroom> accounts(Element input, int speed, String path)
      throws ReadException {
    Map<Integer, PriorityGroupHeadroom> out = new TreeMap<>();
    for (Element a : SafeXml.children(input, COS, "pfc-account")) {
      String name = LiveValues.required(SafeXml.text(a, COS, "name"), what, path + "/name");
      String at = path + "[" + name + "]";
      TreeSet<Integer> priorities = new TreeSet<>();
      for (Element p : SafeXml.children(a, COS, "pfc-priority")) {
        priorities.add(LiveValues.integer(p.getTextContent(), what, at + "/pfc-priority", 0, 7));
      }
      Matcher m = PG.matcher(name);
      if (!m.matches() && priorities.isEmpty()) {
        continue; // an account Weft cannot place in a priority group
      }
      int pg = m.matches() ? Integer.parseInt(m.group(1)) : priorities.first();
      long xoff =
          JunosUnits.bytesOfMicros(
              LiveValues.wholeOr(SafeXml.text(a, COS, "xoff"), 0, what, at + "/xoff", 0, 100_000),
              speed);
      long xon =
          JunosUnits.bytesOfMicros(
              LiveValues.wholeOr(SafeXml.text(a, COS, "xon"), 0, what, at + "/xon", 0, 100_000),
              speed);
      out.put(
          pg,
          new PriorityGroupHeadroom(
              pg,
              List.copyOf(priorities),
              xoff,
              xon,
              xoff + xon,
              null,
              PriorityGroupHeadroom.DEVICE));
    }
    return List.copyOf(out.values());
  }

  private CompiledWatchdog watchdog(Element wd, String path) throws ReadException {
    long poll =
        LiveValues.wholeOr(
            SafeXml.text(wd, COS, "poll-interval"),
            DEFAULT_POLL_MS,
            what,
            path + "/poll-interval",
            1,
            65535);
    long polls =
        LiveValues.wholeOr(
            SafeXml.text(wd, COS, "detection"),
            DEFAULT_DETECTION_POLLS,
            what,
            path + "/detection",
            1,
            100_000);
    long recovery =
        LiveValues.wholeOr(
            SafeXml.text(wd, COS, "recovery"),
            DEFAULT_RECOVERY_MS,
            what,
            path + "/recovery",
            1,
            65535);
    String action = SafeXml.text(wd, COS, "watchdog-action");
    return new CompiledWatchdog(
        true, action == null ? JunosPack.DEFAULT_ACTION : action, polls * poll, recovery, poll);
  }

  /**
   * The fields both families hash on, in canonical order; empty when enhanced-hash-key is not
   * configured.
   */
  private static List<String> hash(Element conf) {
    Element key = SafeXml.child(conf, FWD, "forwarding-options", "enhanced-hash-key");
    Element inet = SafeXml.child(key, FWD, "inet");
    Element inet6 = SafeXml.child(key, FWD, "inet6");
    if (inet == null && inet6 == null) {
      return List.of();
    }
    List<String> fields = new ArrayList<>();
    for (String f : JunosPack.HASH_FIELDS) {
      if (hashes(inet, f, "ipv4", "no-protocol") && hashes(inet6, f, "ipv6", "no-next-header")) {
        fields.add(f);
      }
    }
    return ReadBack.hashFields(fields, JunosPack.HASH_FIELDS);
  }

  /**
   * Whether a family hashes on a field: on by default unless a {@code no-*} leaf excludes it
   * (vlan-id: off unless set).
   */
  private static boolean hashes(Element family, String field, String ip, String noProtocol) {
    if (family == null) {
      return !field.equals("vlan-id");
    }
    return switch (field) {
      case "vlan-id" -> SafeXml.child(family, FWD, "vlan-id") != null;
      case "in-port" -> SafeXml.child(family, FWD, "no-incoming-port") == null;
      case "l4-src-port" -> SafeXml.child(family, FWD, "no-l4-source-port") == null;
      case "l4-dst-port" -> SafeXml.child(family, FWD, "no-l4-destination-port") == null;
      case "ip-protocol" -> SafeXml.child(family, FWD, noProtocol) == null;
      case "src-ip" -> SafeXml.child(family, FWD, "no-" + ip + "-source-address") == null;
      default -> SafeXml.child(family, FWD, "no-" + ip + "-destination-address") == null;
    };
  }

  /** The entry named {@code name}, or null (also when the reference itself is absent). */
  private static <T> T named(Map<String, T> byName, String name) {
    return name == null ? null : byName.get(name);
  }

  private Map<String, Element> byName(List<Element> entries, String path) throws ReadException {
    Map<String, Element> out = new TreeMap<>();
    for (Element e : entries) {
      out.put(
          LiveValues.required(SafeXml.text(e, e.getNamespaceURI(), "name"), what, path + "/name"),
          e);
    }
    return out;
  }

  private Integer speed(String text, String path) throws ReadException {
    if (text == null) {
      return null;
    }
    Matcher m = SPEED.matcher(text.strip());
    if (m.matches() && m.group(1).length() <= 4) {
      return Integer.valueOf(m.group(1));
    }
    if (text.strip().matches("auto.*|[0-9]+m|2\\.5g|oc[0-9]+")) {
      return null; // negotiated or below 1 Gb/s: no whole Gb/s speed to compare
    }
    throw new ReadException(
        what + ": " + path + ": expected a speed like 400g, found '" + text.strip() + "'");
  }

  /** A code point written as a bit string of {@code width} bits ({@code 011}). */
  private int bits(String text, int width, String path) throws ReadException {
    String t = LiveValues.required(text, what, path);
    if (t.length() != width || !t.matches("[01]+")) {
      throw new ReadException(
          what
              + ": "
              + path
              + ": expected a "
              + width
              + "-bit code point like "
              + "0".repeat(width - 2)
              + "11, found '"
              + t
              + "'");
    }
    return Integer.parseInt(t, 2);
  }

  /**
   * A DSCP code point: six bits ({@code 011010}) or one of Junos's standard aliases ({@code af31}).
   */
  private int codePoint(String text, String path) throws ReadException {
    Integer alias =
        JUNOS_DSCP_NAMES.containsKey(text) ? JUNOS_DSCP_NAMES.get(text) : DscpNames.codePoint(text);
    return alias != null ? alias : bits(text, 6, path);
  }
}
