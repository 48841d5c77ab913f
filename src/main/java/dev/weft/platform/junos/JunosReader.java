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
 * Reads a Junos configuration back into a compiled switch: XML in Juniper's YANG (a rendered {@code
 * <config>}, or the {@code <data>} of a {@code <get-config>} reply), or the configuration as text,
 * curly or {@code display set} ({@link JunosText} turns it into the same element tree).
 *
 * <p>Normalised on the way in: lists by key (ports, queues, profiles sorted), numbers by value (a
 * decimal64 fill level {@code 1.536000000} is {@code 1.536}), units ({@link JunosUnits}: fill
 * levels to bytes, PFC accounts from microseconds at the port speed to bytes, detection from poll
 * periods to ms), DSCP code points as bit strings or Junos's standard aliases ({@code ef}, {@code
 * af31}, {@code cs6}...), and the device's defaults for absent leaves (no flow control, watchdog
 * action drop, poll 100 ms, detection 2 polls, recovery 200 ms).
 *
 * <p>Compared by value, never by name: forwarding classes of any name are given switch priorities
 * by {@link JunosClasses} (Weft's {@code tc<N>}, a no-loss class's {@code pfc-priority}, the queue,
 * the classifier's code points); drop profiles, schedulers, scheduler maps and classifiers are
 * followed by whatever name they have. A port's {@code class-of-service interfaces} stanza may be a
 * wildcard ({@code et-*}) and its classifier may sit under a unit ({@link JunosBindings}); PFC may
 * be keyed on 802.1p code points or on DSCP code points ({@code input dscp code-point 011010 pfc}:
 * the priority the port's classifier gives that DSCP). Breakout sub-ports ({@code et-0/0/0:0}) are
 * ports and take the speed their parent gives them; the parent itself ({@code number-of-sub-ports})
 * and logical interfaces (irb, lo0, ...) are not ports of the plan. A classifier or scheduler map
 * naming a class that {@code forwarding-classes} does not define (a Junos default class) is not
 * part of the plan.
 */
final class JunosReader {
  /** Junos's logical, internal and management interfaces: not ports of the plan. */
  private static final Pattern NOT_PORTS =
      Pattern.compile(
          "(irb|vlan|lo[0-9]+|em[0-9]+|re[0-9]+(:mgmt-[0-9]+)?|fxp[0-9]+|vme|me[0-9]+|vtep|dsc"
              + "|jsrv|bme[0-9]+|pime|pimd|lsi|mtun|tap|esi|gr-.*|ip-.*|pip[0-9]+"
              // an aggregated Ethernet interface: its members are the ports (each is read with
              // the bundle it joins), as PFC, headroom and the watchdog are per physical member
              + "|ae[0-9]+)");

  private static final Pattern PG = Pattern.compile("pg([0-7])");
  private static final Pattern SPEED = Pattern.compile("([0-9]+)g");

  /**
   * Junos's own names beside the standard ones ({@link DscpNames}): best effort and network
   * control.
   */
  private static final Map<String, Integer> JUNOS_DSCP_NAMES =
      Map.of("be", 0, "nc1", 48, "nc2", 56);

  /** Junos's pfc-watchdog defaults for absent leaves. */
  /**
   * The media MTU of an Ethernet interface whose configuration sets none, in bytes (the Ethernet
   * header included, as {@code mtu} is written): Juniper's "Configuring the Media MTU", table of
   * media MTU sizes by interface type (Gigabit Ethernet and faster: 1514). A port left at it drops
   * every RoCE frame above 1500 bytes, so it is read as that value, never as "not set" (issue 31).
   */
  private static final int DEFAULT_MEDIA_MTU = 1514;

  private static final long DEFAULT_POLL_MS = 100;

  private static final long DEFAULT_DETECTION_POLLS = 2;
  private static final long DEFAULT_RECOVERY_MS = 200;
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  private final String what;

  private JunosReader(String what) {
    this.what = what;
  }

  /** Reads a NETCONF reply or rendered payload (XML), or Junos configuration text. */
  static CompiledSwitch read(String config, String name, String what) throws ReadException {
    return new JunosReader(what).read(configuration(config, what), name);
  }

  /**
   * The switch priority each forwarding class of a configuration is given ({@link JunosClasses}),
   * by class name, in configuration order.
   */
  static Map<String, Integer> classPriorities(String config, String what) throws ReadException {
    JunosReader r = new JunosReader(what);
    Element cos = SafeXml.child(configuration(config, what), COS, "class-of-service");
    return r.priorities(cos, r.forwardingClasses(cos));
  }

  private static Element configuration(String config, String what) throws ReadException {
    if (JunosText.isText(config)) {
      return JunosText.configuration(config, what);
    }
    return SafeXml.child(SafeXml.configOrData(config, what), ROOT, "configuration");
  }

  private CompiledSwitch read(Element conf, String name) throws ReadException {
    Element cos = SafeXml.child(conf, COS, "class-of-service");
    List<JunosClasses.ForwardingClass> classes = forwardingClasses(cos);
    Map<String, Integer> priorityOf = priorities(cos, classes);
    List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    TreeSet<Integer> lossless = new TreeSet<>();
    for (JunosClasses.ForwardingClass c : classes) {
      Integer priority = priorityOf.get(c.name());
      if (priority == null) {
        continue; // a ninth class: no priority left for it in the plan
      }
      if (c.queue() != null) {
        toQueue.set(priority, c.queue());
      }
      if (c.noLoss()) {
        lossless.add(c.pfcPriority() == null ? priority : c.pfcPriority());
      }
    }
    Map<String, Map<Integer, Integer>> dscpMaps = new TreeMap<>();
    codePointClassifiers(cos, "dscp").forEach((n, l) -> dscpMaps.put(n, byPriority(l, priorityOf)));
    Map<String, List<Integer>> pcpMaps = new TreeMap<>();
    codePointClassifiers(cos, "ieee-802.1")
        .forEach((n, l) -> pcpMaps.put(n, pcpByPriority(l, priorityOf)));
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
    JunosBindings bindings =
        new JunosBindings(
            SafeXml.children(SafeXml.child(cos, COS, "interfaces"), COS, "interface"));
    List<Element> interfaces =
        SafeXml.children(SafeXml.child(conf, IF, "interfaces"), IF, "interface");
    Map<Integer, Integer> dscp = switchDscpMap(dscpMaps, interfaces, bindings);

    List<Integer> toPg = ReadBack.priorityGroups(lossless);
    // the PCP map of the IEEE 802.1p classifier the first port classifying by PCP binds
    List<Integer> pcp = List.of();
    CompiledWatchdog watchdog = null;
    List<CompiledPort> ports = new ArrayList<>();
    Map<Integer, CompiledQueue> switchQueues = new TreeMap<>();
    for (Element i : interfaces) {
      String port =
          LiveValues.required(
              SafeXml.text(i, IF, "name"), what, "/configuration/interfaces/interface/name");
      if (!isPort(i, port)) {
        continue;
      }
      String path = "/configuration/interfaces/interface[" + port + "]";
      String mtu = SafeXml.text(i, IF, "mtu");
      Integer speed = speed(speedText(i, port, interfaces), path + "/speed");
      boolean pause = SafeXml.child(i, IF, "gigether-options", "flow-control") != null;
      Element binding = bindings.of(port);
      String cosPath =
          "/configuration/class-of-service/interfaces/interface["
              + (binding == null ? port : SafeXml.text(binding, COS, "name"))
              + "]";
      String dscpName = JunosBindings.dscpClassifier(binding);
      boolean trust = dscpName != null;
      String pcpName = JunosBindings.pcpClassifier(binding);
      if (pcpName != null && pcp.isEmpty()) {
        pcp = pcpMaps.get(pcpName);
        if (pcp == null) {
          throw new ReadException(
              what
                  + ": "
                  + cosPath
                  + "/classifiers/ieee-802.1/classifier-name names IEEE 802.1p classifier "
                  + pcpName
                  + ", which does not exist");
        }
      }
      Map<Integer, Integer> portDscp = dscpName == null ? null : dscpMaps.get(dscpName);
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
        // PFC keyed on DSCP: the priority the port's classifier gives the code point
        for (Element cp : SafeXml.children(SafeXml.child(input, COS, "dscp"), COS, "code-point")) {
          if (SafeXml.child(cp, COS, "pfc") != null) {
            int d =
                codePoint(
                    LiveValues.required(
                        SafeXml.text(cp, COS, "name"), what, cnpPath + "/input/dscp/code-point"),
                    cnpPath + "/input/dscp/code-point/name");
            Integer priority = (portDscp != null ? portDscp : dscp).get(d);
            if (priority != null) {
              pfc.add(priority);
            }
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
              priorityOf,
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
              .mtu(
                  mtu == null
                      ? DEFAULT_MEDIA_MTU
                      : LiveValues.integer(mtu, what, path + "/mtu", 68, 65535))
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
              .lag(bundle(i))
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

  /** The forwarding classes in configuration order. */
  private List<JunosClasses.ForwardingClass> forwardingClasses(Element cos) throws ReadException {
    List<JunosClasses.ForwardingClass> out = new ArrayList<>();
    for (Element c :
        SafeXml.children(SafeXml.child(cos, COS, "forwarding-classes"), COS, "class")) {
      String cls =
          LiveValues.required(
              SafeXml.text(c, COS, "name"),
              what,
              "/configuration/class-of-service/forwarding-classes/class/name");
      String path = "/configuration/class-of-service/forwarding-classes/class[" + cls + "]";
      String queue = SafeXml.text(c, COS, "queue-num");
      String pfc = SafeXml.text(c, COS, "pfc-priority");
      out.add(
          new JunosClasses.ForwardingClass(
              cls,
              queue == null ? null : LiveValues.integer(queue, what, path + "/queue-num", 0, 15),
              SafeXml.child(c, COS, "no-loss") != null,
              pfc == null ? null : LiveValues.integer(pfc, what, path + "/pfc-priority", 0, 7)));
    }
    return out;
  }

  /** Each class's priority, from its name, queue and the code points classifiers give it. */
  private Map<String, Integer> priorities(Element cos, List<JunosClasses.ForwardingClass> classes)
      throws ReadException {
    // PCP code points count after every DSCP one (+ 64): see JunosClasses
    Map<String, TreeSet<Integer>> codePoints = new TreeMap<>();
    codePointClassifiers(cos, "dscp")
        .values()
        .forEach(l -> l.forEach(c -> codePointOf(codePoints, c, 0)));
    codePointClassifiers(cos, "ieee-802.1")
        .values()
        .forEach(l -> l.forEach(c -> codePointOf(codePoints, c, 64)));
    return JunosClasses.priorities(classes, codePoints);
  }

  /** A classifier's code point and the forwarding class it classifies into. */
  private record CodePoint(String forwardingClass, int value) {}

  /**
   * The code points of each classifier of a kind ({@code dscp}: six bits or an alias; {@code
   * ieee-802.1}: three bits), by classifier name.
   */
  private Map<String, List<CodePoint>> codePointClassifiers(Element cos, String kind)
      throws ReadException {
    Map<String, List<CodePoint>> out = new TreeMap<>();
    for (Element c : SafeXml.children(SafeXml.child(cos, COS, "classifiers"), COS, kind)) {
      String name = String.valueOf(SafeXml.text(c, COS, "name"));
      String path =
          "/configuration/class-of-service/classifiers/"
              + kind
              + "["
              + name
              + "]/forwarding-class/loss-priority/code-points";
      List<CodePoint> points = new ArrayList<>();
      for (Element fc : SafeXml.children(c, COS, "forwarding-class")) {
        String cls = String.valueOf(SafeXml.text(fc, COS, "name"));
        for (Element lp : SafeXml.children(fc, COS, "loss-priority")) {
          for (Element cp : SafeXml.children(lp, COS, "code-points")) {
            String text = cp.getTextContent().strip();
            points.add(
                new CodePoint(
                    cls, kind.equals("dscp") ? codePoint(text, path) : bits(text, 3, path)));
          }
        }
      }
      out.put(name, points);
    }
    return out;
  }

  private static void codePointOf(Map<String, TreeSet<Integer>> byClass, CodePoint c, int offset) {
    byClass.computeIfAbsent(c.forwardingClass(), k -> new TreeSet<>()).add(c.value() + offset);
  }

  /** DSCP → priority of one classifier; code points of classes outside the plan are left out. */
  private static Map<Integer, Integer> byPriority(
      List<CodePoint> points, Map<String, Integer> priorityOf) {
    Map<Integer, Integer> out = new TreeMap<>();
    for (CodePoint c : points) {
      Integer priority = priorityOf.get(c.forwardingClass());
      if (priority != null) {
        out.put(c.value(), priority);
      }
    }
    return out;
  }

  /**
   * PCP → priority of one IEEE 802.1p classifier; a code point it leaves out reads as priority 0
   * (Weft's classifier lists all eight).
   */
  private static List<Integer> pcpByPriority(
      List<CodePoint> points, Map<String, Integer> priorityOf) {
    Integer[] out = {0, 0, 0, 0, 0, 0, 0, 0};
    byPriority(points, priorityOf).forEach((pcp, priority) -> out[pcp] = priority);
    return List.of(out);
  }

  /**
   * The switch's DSCP map: the classifier most ports bind (the first by name on a tie), or, when no
   * port binds one, every DSCP classifier's code points together.
   */
  private static Map<Integer, Integer> switchDscpMap(
      Map<String, Map<Integer, Integer>> maps, List<Element> interfaces, JunosBindings bindings) {
    Map<String, Integer> bound = new TreeMap<>();
    for (Element i : interfaces) {
      String name =
          JunosBindings.dscpClassifier(bindings.of(String.valueOf(SafeXml.text(i, IF, "name"))));
      if (name != null && maps.containsKey(name)) {
        bound.merge(name, 1, Integer::sum);
      }
    }
    String most = null;
    for (Map.Entry<String, Integer> e : bound.entrySet()) {
      if (most == null || e.getValue() > bound.get(most)) {
        most = e.getKey();
      }
    }
    if (most != null) {
      return maps.get(most);
    }
    Map<Integer, Integer> all = new TreeMap<>();
    maps.values().forEach(all::putAll);
    return all;
  }

  /**
   * Whether an interface is a port of the plan: not the parent of a breakout ({@code
   * number-of-sub-ports}: its sub-ports {@code et-0/0/0:0} carry the traffic) and not one of
   * Junos's logical or management interfaces (irb, lo0, em0, re0, fxp0, vme, ...).
   */
  /**
   * The aggregated Ethernet interface a port joins ({@code gigether-options 802.3ad aeN}, or the
   * {@code ether-options} form of QFX and Junos Evolved), or null.
   */
  private static String bundle(Element i) {
    String gig = SafeXml.text(i, IF, "gigether-options", "ieee-802.3ad", "bundle");
    return gig != null ? gig : SafeXml.text(i, IF, "ether-options", "ieee-802.3ad", "bundle");
  }

  private static boolean isPort(Element i, String name) {
    return SafeXml.child(i, IF, "number-of-sub-ports") == null
        && !NOT_PORTS.matcher(name).matches();
  }

  /**
   * A port's speed: its own, else, for a breakout sub-port {@code X:n}, the speed its parent X
   * gives each sub-port ({@code number-of-sub-ports 2; speed 400g;}).
   */
  private static String speedText(Element i, String port, List<Element> interfaces) {
    String own = SafeXml.text(i, IF, "speed");
    int colon = port.lastIndexOf(':');
    if (own != null || colon < 0) {
      return own;
    }
    String parent = port.substring(0, colon);
    for (Element p : interfaces) {
      if (parent.equals(SafeXml.text(p, IF, "name"))
          && SafeXml.child(p, IF, "number-of-sub-ports") != null) {
        return SafeXml.text(p, IF, "speed");
      }
    }
    return null;
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

  /**
   * The queues a scheduler map schedules: each class's queue (by the class's priority) with its
   * scheduler; a class that is not part of the plan is left out.
   */
  private List<CompiledQueue> portQueues(
      Element map,
      Map<String, CompiledQueue> schedulers,
      Map<String, Integer> priorityOf,
      List<Integer> toQueue,
      TreeSet<Integer> losslessQueues,
      String path)
      throws ReadException {
    Map<Integer, CompiledQueue> out = new TreeMap<>();
    for (Element fc : SafeXml.children(map, COS, "forwarding-class")) {
      Integer priority = priorityOf.get(String.valueOf(SafeXml.text(fc, COS, "name")));
      if (priority == null) {
        continue;
      }
      int queue = toQueue.get(priority);
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
