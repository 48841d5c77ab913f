package dev.weft.platform.srlinux;

import static dev.weft.platform.srlinux.SrlinuxPack.IF;
import static dev.weft.platform.srlinux.SrlinuxPack.LB;
import static dev.weft.platform.srlinux.SrlinuxPack.QOS;
import static dev.weft.platform.srlinux.SrlinuxPack.SYSTEM;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * Reads SR Linux XML in Nokia's YANG (a rendered {@code <config>}, or the {@code <data>} of a
 * {@code <get-config>} reply) back into a compiled switch.
 *
 * <p>Normalised on the way in: lists by key; numbers and enumerations by value (a forwarding class
 * is its {@code forwarding-class-index}, a queue its {@code queue-index}, a DSCP its number or PHB
 * name such as {@code AF31}); port speeds ({@code 400G}, {@code 1T}) to Gb/s; and the model's
 * defaults for absent leaves (deadlock detection and recovery 750 ms, PFC off, hash-options on
 * addresses, ports and protocol).
 */
final class SrlinuxReader {
  private static final Pattern SPEED = Pattern.compile("([0-9]+)([GT])");
  private static final Pattern QUEUE_NAME = Pattern.compile("queue[0-9]+|q[0-9]+");

  private final String what;

  private SrlinuxReader(String what) {
    this.what = what;
  }

  static CompiledSwitch read(String xml, String name, String what) throws ReadException {
    return new SrlinuxReader(what).read(SafeXml.configOrData(xml, what), name);
  }

  /** A port's qos entry: the interface-level one, and the classifier its subinterface 0 uses. */
  private record QosPort(Element entry, boolean trust) {}

  private CompiledSwitch read(Element top, String name) throws ReadException {
    Element qos = SafeXml.child(top, QOS, "qos");
    Map<String, Integer> queueIndex = new TreeMap<>();
    for (Element q : SafeXml.children(SafeXml.child(qos, QOS, "queues"), QOS, "queue")) {
      String queue =
          LiveValues.required(SafeXml.text(q, QOS, "name"), what, "/qos/queues/queue/name");
      queueIndex.put(
          queue,
          LiveValues.integer(
              SafeXml.text(q, QOS, "queue-index"),
              what,
              "/qos/queues/queue[" + queue + "]/queue-index",
              0,
              15));
    }
    Map<String, Integer> pfcQueueIndex = new TreeMap<>();
    for (Element q : SafeXml.children(SafeXml.child(qos, QOS, "queues"), QOS, "pfc-queue")) {
      String queue =
          LiveValues.required(
              SafeXml.text(q, QOS, "pfc-queue-name"), what, "/qos/queues/pfc-queue/pfc-queue-name");
      pfcQueueIndex.put(
          queue,
          LiveValues.integer(
              SafeXml.text(q, QOS, "queue-index"),
              what,
              "/qos/queues/pfc-queue[" + queue + "]/queue-index",
              0,
              7));
    }
    TreeSet<Integer> lossless = new TreeSet<>(pfcQueueIndex.values());

    List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    Map<String, Integer> fcIndex = new TreeMap<>();
    for (Element fc :
        SafeXml.children(SafeXml.child(qos, QOS, "forwarding-classes"), QOS, "forwarding-class")) {
      String fcName =
          LiveValues.required(
              SafeXml.text(fc, QOS, "name"), what, "/qos/forwarding-classes/forwarding-class/name");
      String path = "/qos/forwarding-classes/forwarding-class[" + fcName + "]";
      int index =
          LiveValues.integer(
              SafeXml.text(fc, QOS, "forwarding-class-index"),
              what,
              path + "/forwarding-class-index",
              0,
              15);
      fcIndex.put(fcName, index);
      String queue = SafeXml.text(fc, QOS, "output", "queue");
      if (index < 8 && queue != null) {
        toQueue.set(index, queue(queueIndex, queue, path + "/output/queue"));
      }
    }
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    lossless.forEach(p -> losslessQueues.add(toQueue.get(p)));
    List<Integer> toPg = ReadBack.priorityGroups(lossless);

    Map<Integer, Integer> dscp = new TreeMap<>();
    for (Element policy :
        SafeXml.children(SafeXml.child(qos, QOS, "classifiers"), QOS, "dscp-policy")) {
      String path = "/qos/classifiers/dscp-policy[" + SafeXml.text(policy, QOS, "name") + "]/dscp";
      for (Element d : SafeXml.children(policy, QOS, "dscp")) {
        String fc = SafeXml.text(d, QOS, "forwarding-class");
        Integer priority = named(fcIndex, fc);
        if (priority != null && priority < 8) {
          dscp.put(dscpValue(SafeXml.text(d, QOS, "value"), path + "/value"), priority);
        }
      }
    }
    Map<String, EcnProfile> ecn = ecnProfiles(qos);
    Map<String, Map<Integer, CompiledQueue>> policies =
        schedulerPolicies(qos, queueIndex, losslessQueues);
    Map<String, Element> mapping =
        byName(SafeXml.children(qos, QOS, "pfc-mapping-profile"), "/qos/pfc-mapping-profile");
    Map<String, Element> allocation =
        byName(
            SafeXml.children(
                SafeXml.child(qos, QOS, "buffer-management"), QOS, "buffer-allocation-profile"),
            "/qos/buffer-management/buffer-allocation-profile");
    Map<String, QosPort> qosPorts = qosPorts(qos);

    CompiledWatchdog watchdog = null;
    List<CompiledPort> ports = new ArrayList<>();
    Map<Integer, CompiledQueue> switchQueues = new TreeMap<>();
    for (Element i : SafeXml.children(top, IF, "interface")) {
      String port = LiveValues.required(SafeXml.text(i, IF, "name"), what, "/interface/name");
      String path = "/interface[" + port + "]";
      String mtu = SafeXml.text(i, IF, "mtu");
      Integer speed =
          speed(SafeXml.text(i, IF, "ethernet", "port-speed"), path + "/ethernet/port-speed");
      boolean pause =
          LiveValues.bool(
              SafeXml.text(i, IF, "ethernet", "flow-control", "receive"),
              false,
              what,
              path + "/ethernet/flow-control/receive");
      QosPort qp = qosPorts.get(port);
      Element entry = qp == null ? null : qp.entry();
      String qpath = "/qos/interfaces/interface[" + port + "]";

      TreeSet<Integer> pfc = new TreeSet<>();
      List<Integer> pfcToQueue = new ArrayList<>(toQueue);
      boolean portWatchdog = false;
      boolean pfcOn =
          LiveValues.bool(
              SafeXml.text(entry, QOS, "pfc", "pfc-enable"),
              false,
              what,
              qpath + "/pfc/pfc-enable");
      String profileName = SafeXml.text(entry, QOS, "pfc", "pfc-mapping-profile");
      Element profile = named(mapping, profileName);
      if (profile != null && pfcOn) {
        String ppath = "/qos/pfc-mapping-profile[" + profileName + "]/received-pfc-pause-frames";
        Element received = SafeXml.child(profile, QOS, "received-pfc-pause-frames");
        for (Element q : SafeXml.children(received, QOS, "queue")) {
          String qp2 = ppath + "/queue[" + SafeXml.text(q, QOS, "queue-name") + "]";
          if (!LiveValues.bool(
              SafeXml.text(q, QOS, "enable-pfc"), false, what, qp2 + "/enable-pfc")) {
            continue;
          }
          String prio = SafeXml.text(q, QOS, "pfc-pause-frame-priority");
          if (prio == null) {
            continue; // no priority: the queue never reacts to a pause frame
          }
          int priority = LiveValues.integer(prio, what, qp2 + "/pfc-pause-frame-priority", 0, 7);
          pfc.add(priority);
          pfcToQueue.set(
              priority, queue(queueIndex, SafeXml.text(q, QOS, "queue-name"), qp2 + "/queue-name"));
        }
        Element deadlock = SafeXml.child(received, QOS, "deadlock");
        portWatchdog =
            LiveValues.bool(
                SafeXml.text(deadlock, QOS, "enable"), false, what, ppath + "/deadlock/enable");
        if (portWatchdog && watchdog == null) {
          watchdog =
              new CompiledWatchdog(
                  true,
                  SrlinuxPack.UNMODELLED_ACTION,
                  LiveValues.wholeOr(
                      SafeXml.text(deadlock, QOS, "detection-timer"),
                      SrlinuxPack.DEFAULT_DETECTION_MS,
                      what,
                      ppath + "/deadlock/detection-timer",
                      10,
                      1500),
                  LiveValues.wholeOr(
                      SafeXml.text(deadlock, QOS, "recovery-timer"),
                      SrlinuxPack.DEFAULT_RECOVERY_MS,
                      what,
                      ppath + "/deadlock/recovery-timer",
                      100,
                      1500),
                  SrlinuxPack.UNMODELLED_POLL_MS);
        }
      }
      List<PriorityGroupHeadroom> headroom =
          headroom(
              named(allocation, SafeXml.text(entry, QOS, "input", "pfc-buffer-allocation-profile")),
              pfcQueueIndex,
              lossless,
              toPg);
      Map<Integer, String> ecnOfQueue = new TreeMap<>();
      for (Element q :
          SafeXml.children(SafeXml.child(entry, QOS, "output", "queues"), QOS, "queue")) {
        String profileOfQueue = SafeXml.text(q, QOS, "queue-management-profile");
        if (profileOfQueue != null) {
          ecnOfQueue.put(
              queue(
                  queueIndex,
                  SafeXml.text(q, QOS, "queue-name"),
                  qpath + "/output/queues/queue/queue-name"),
              profileOfQueue);
        }
      }
      List<CompiledQueue> queues = new ArrayList<>();
      Map<Integer, CompiledQueue> scheduled =
          named(policies, SafeXml.text(entry, QOS, "output", "scheduler", "scheduler-policy"));
      scheduled = scheduled == null ? Map.of() : scheduled;
      for (CompiledQueue s : scheduled.values()) {
        CompiledQueue q =
            new CompiledQueue(
                s.queue(),
                s.trafficClass(),
                s.scheduler(),
                s.weight(),
                ecnOfQueue.get(s.queue()),
                s.lossless());
        queues.add(q);
      }
      ReadBack.addSwitchQueues(switchQueues, queues);
      queues = ReadBack.onPort(queues, pfc, toQueue);
      List<Integer> wdQueues = ReadBack.watchedQueues(portWatchdog, pfc, pfcToQueue);
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(speed)
              .mtu(mtu == null ? null : LiveValues.integer(mtu, what, path + "/mtu", 68, 65535))
              .peer(SafeXml.text(i, IF, "description"))
              .trustDscp(qp != null && qp.trust())
              .pfcPriorities(List.copyOf(pfc))
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(pfcToQueue)
              .queues(queues)
              .watchdog(portWatchdog)
              .watchdogQueues(wdQueues)
              .linkPause(pause)
              .headroom(headroom)
              .build());
    }
    List<CompiledQueue> queueList = List.copyOf(switchQueues.values());
    return CompiledSwitch.builder()
        .name(name)
        .platform(SrlinuxPack.PLATFORM)
        .congestionControl(ReadBack.congestionControl(lossless, queueList))
        .dscpToPriority(dscp)
        .priorityToQueue(toQueue)
        .priorityToPriorityGroup(toPg)
        .losslessPriorities(List.copyOf(lossless))
        .queues(queueList)
        .ecnProfiles(List.copyOf(ecn.values()))
        .watchdog(watchdog)
        .linkPause(ports.stream().anyMatch(CompiledPort::linkPause))
        .ecmpHashFields(hash(top))
        .ports(ports)
        .build();
  }

  /**
   * The qos entries of ports: interface-level entries, with whether the port's subinterface 0
   * classifies by DSCP.
   */
  private Map<String, QosPort> qosPorts(Element qos) throws ReadException {
    Map<String, Element> entries = new TreeMap<>();
    TreeSet<String> trusting = new TreeSet<>();
    for (Element e : SafeXml.children(SafeXml.child(qos, QOS, "interfaces"), QOS, "interface")) {
      LiveValues.required(
          SafeXml.text(e, QOS, "interface-id"), what, "/qos/interfaces/interface/interface-id");
      String port = SafeXml.text(e, QOS, "interface-ref", "interface");
      if (port == null) {
        continue; // not bound to an interface: nothing on a port to compare
      }
      if (SafeXml.text(e, QOS, "interface-ref", "subinterface") == null) {
        entries.put(port, e);
      } else {
        Element classifiers = SafeXml.child(e, QOS, "input", "classifiers");
        if (SafeXml.text(classifiers, QOS, "dscp-policy") != null
            || SafeXml.text(classifiers, QOS, "ipv4-dscp-policy") != null) {
          trusting.add(port);
        }
      }
    }
    Map<String, QosPort> out = new TreeMap<>();
    entries.forEach((port, e) -> out.put(port, new QosPort(e, trusting.contains(port))));
    trusting.stream()
        .filter(p -> !entries.containsKey(p))
        .forEach(p -> out.put(p, new QosPort(null, true)));
    return out;
  }

  /** Queue-management profiles whose WRED slope marks ECN, as WRED-ECN profiles in bytes. */
  private Map<String, EcnProfile> ecnProfiles(Element qos) throws ReadException {
    Map<String, EcnProfile> out = new TreeMap<>();
    for (Element p :
        SafeXml.children(
            SafeXml.child(qos, QOS, "buffer-management"), QOS, "queue-management-profile")) {
      String name =
          LiveValues.required(
              SafeXml.text(p, QOS, "name"),
              what,
              "/qos/buffer-management/queue-management-profile/name");
      String path = "/qos/buffer-management/queue-management-profile[" + name + "]/wred/wred-slope";
      Element slope = null;
      for (Element s : SafeXml.children(SafeXml.child(p, QOS, "wred"), QOS, "wred-slope")) {
        if (LiveValues.bool(SafeXml.text(s, QOS, "enable-ecn"), false, what, path + "/enable-ecn")
            && (slope == null || "all".equals(SafeXml.text(s, QOS, "traffic-type")))) {
          slope = s;
        }
      }
      if (slope == null || SafeXml.text(slope, QOS, "min-threshold") == null) {
        continue; // no ECN slope in bytes: nothing Weft's plan sets
      }
      long min =
          LiveValues.whole(
              SafeXml.text(slope, QOS, "min-threshold"),
              what,
              path + "/min-threshold",
              0,
              Long.MAX_VALUE);
      long max =
          LiveValues.wholeOr(
              SafeXml.text(slope, QOS, "max-threshold"),
              min,
              what,
              path + "/max-threshold",
              0,
              Long.MAX_VALUE);
      int probability =
          (int)
              LiveValues.wholeOr(
                  SafeXml.text(slope, QOS, "max-drop-probability-percent"),
                  100,
                  what,
                  path + "/max-drop-probability-percent",
                  0,
                  100);
      // true: an ECN slope has no non-ECT setting; WRED drops what it cannot mark
      out.put(name, new EcnProfile(name, min, max, probability, true));
    }
    return out;
  }

  /** Scheduler policies by name: queue → how it is scheduled (sequence 0 strict, 1 weighted). */
  private Map<String, Map<Integer, CompiledQueue>> schedulerPolicies(
      Element qos, Map<String, Integer> queueIndex, TreeSet<Integer> losslessQueues)
      throws ReadException {
    Map<String, Map<Integer, CompiledQueue>> out = new TreeMap<>();
    for (Element policy :
        SafeXml.children(SafeXml.child(qos, QOS, "scheduler-policies"), QOS, "scheduler-policy")) {
      String name =
          LiveValues.required(
              SafeXml.text(policy, QOS, "name"),
              what,
              "/qos/scheduler-policies/scheduler-policy/name");
      Map<Integer, CompiledQueue> queues = new TreeMap<>();
      for (Element s : SafeXml.children(policy, QOS, "scheduler")) {
        String path =
            "/qos/scheduler-policies/scheduler-policy["
                + name
                + "]/scheduler["
                + SafeXml.text(s, QOS, "sequence")
                + "]";
        boolean strict = "strict".equals(SafeXml.text(s, QOS, "priority"));
        for (Element in : SafeXml.children(s, QOS, "input")) {
          String id = LiveValues.required(SafeXml.text(in, QOS, "id"), what, path + "/input/id");
          String queueName = SafeXml.text(in, QOS, "queue-name");
          if (queueName == null) {
            continue; // an input that is no queue
          }
          int queue = queue(queueIndex, queueName, path + "/input[" + id + "]/queue-name");
          Integer weight =
              strict
                  ? null
                  : (int)
                      LiveValues.wholeOr(
                          SafeXml.text(in, QOS, "weight"),
                          1,
                          what,
                          path + "/input[" + id + "]/weight",
                          1,
                          255);
          queues.putIfAbsent(
              queue,
              new CompiledQueue(
                  queue,
                  QUEUE_NAME.matcher(id).matches() ? null : id,
                  strict ? CompiledQueue.STRICT : CompiledQueue.DWRR,
                  weight,
                  null,
                  losslessQueues.contains(queue)));
        }
      }
      out.put(name, queues);
    }
    return out;
  }

  /**
   * The PFC-reserved share (xoff) of each PFC queue in a buffer-allocation profile, as
   * priority-group headroom.
   */
  private List<PriorityGroupHeadroom> headroom(
      Element profile,
      Map<String, Integer> pfcQueueIndex,
      TreeSet<Integer> lossless,
      List<Integer> toPg)
      throws ReadException {
    if (profile == null) {
      return List.of();
    }
    String path =
        "/qos/buffer-management/buffer-allocation-profile["
            + SafeXml.text(profile, QOS, "name")
            + "]/queues/pfc-queue";
    Map<Integer, PriorityGroupHeadroom> out = new TreeMap<>();
    for (Element q : SafeXml.children(SafeXml.child(profile, QOS, "queues"), QOS, "pfc-queue")) {
      String queueName = SafeXml.text(q, QOS, "pfc-queue-name");
      Integer pg = named(pfcQueueIndex, queueName);
      if (pg == null) {
        throw new ReadException(
            what
                + ": "
                + path
                + "["
                + queueName
                + "]: pfc-queue '"
                + queueName
                + "' is not defined under /qos/queues/pfc-queue");
      }
      String share = SafeXml.text(q, QOS, "maximum-pfc-reserved-share-bytes");
      if (share == null) {
        continue; // a share in percent of the forwarding complex's reserve: no byte value to
        // compare
      }
      long xoff =
          LiveValues.whole(
              share,
              what,
              path + "[" + queueName + "]/maximum-pfc-reserved-share-bytes",
              0,
              104_857_600);
      List<Integer> priorities = new ArrayList<>();
      for (int p = 0; p < 8; p++) {
        if (toPg.get(p) == (int) pg && lossless.contains(p)) {
          priorities.add(p);
        }
      }
      out.put(
          pg,
          new PriorityGroupHeadroom(
              pg, priorities, xoff, 0, xoff, null, PriorityGroupHeadroom.DEVICE));
    }
    return List.copyOf(out.values());
  }

  /** hash-options as fields, canonical order; the model's defaults for absent leaves. */
  private List<String> hash(Element top) throws ReadException {
    Element options =
        SafeXml.child(
            SafeXml.child(SafeXml.child(top, SYSTEM, "system"), LB, "load-balancing"),
            LB,
            "hash-options");
    String path = "/system/load-balancing/hash-options/";
    List<String> fields = new ArrayList<>();
    if (LiveValues.bool(
        SafeXml.text(options, LB, "source-address"), true, what, path + "source-address")) {
      fields.add("src-ip");
    }
    if (LiveValues.bool(
        SafeXml.text(options, LB, "destination-address"),
        true,
        what,
        path + "destination-address")) {
      fields.add("dst-ip");
    }
    if (LiveValues.bool(SafeXml.text(options, LB, "protocol"), true, what, path + "protocol")) {
      fields.add("ip-protocol");
    }
    if (LiveValues.bool(
        SafeXml.text(options, LB, "source-port"), true, what, path + "source-port")) {
      fields.add("l4-src-port");
    }
    if (LiveValues.bool(
        SafeXml.text(options, LB, "destination-port"), true, what, path + "destination-port")) {
      fields.add("l4-dst-port");
    }
    if (LiveValues.bool(
        SafeXml.text(options, LB, "ipv6-flow-label"), false, what, path + "ipv6-flow-label")) {
      fields.add("ipv6-flow-label");
    }
    return ReadBack.hashFields(fields, SrlinuxPack.HASH_FIELDS);
  }

  private Map<String, Element> byName(List<Element> entries, String path) throws ReadException {
    Map<String, Element> out = new TreeMap<>();
    for (Element e : entries) {
      out.put(LiveValues.required(SafeXml.text(e, QOS, "name"), what, path + "/name"), e);
    }
    return out;
  }

  /** The entry named {@code name}, or null (also when the reference itself is absent). */
  private static <T> T named(Map<String, T> byName, String name) {
    return name == null ? null : byName.get(name);
  }

  private int queue(Map<String, Integer> queueIndex, String queue, String path)
      throws ReadException {
    Integer index = named(queueIndex, queue);
    if (index == null) {
      throw new ReadException(
          what + ": " + path + ": queue '" + queue + "' is not defined under /qos/queues/queue");
    }
    return index;
  }

  private int dscpValue(String text, String path) throws ReadException {
    String t = LiveValues.required(text, what, path);
    Integer phb = DscpNames.codePoint(t);
    return phb != null ? phb : LiveValues.integer(t, what, path, 0, 63);
  }

  private Integer speed(String text, String path) throws ReadException {
    if (text == null) {
      return null;
    }
    Matcher m = SPEED.matcher(text.strip());
    if (m.matches() && m.group(1).length() <= 4) {
      int value = Integer.parseInt(m.group(1));
      return m.group(2).equals("T") ? value * 1000 : value;
    }
    if (text.strip().matches("[0-9]+M")) {
      return null; // below 1 Gb/s
    }
    throw new ReadException(
        what + ": " + path + ": expected a speed like 400G, found '" + text.strip() + "'");
  }
}
