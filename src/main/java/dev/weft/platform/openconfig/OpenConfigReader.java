package dev.weft.platform.openconfig;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Excerpt;
import dev.weft.platform.OpenConfigEdits;
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
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Reads OpenConfig XML (a rendered NETCONF {@code <config>}, or the {@code <data>} of a {@code
 * <get-config>} reply) back into a compiled switch: openconfig-interfaces for port speed, MTU,
 * description (the link peer) and 802.3x pause; openconfig-qos for the DSCP classifier, forwarding
 * groups, queues, scheduler policy, WRED-ECN profiles and the buffer allocation profiles bound at
 * port inputs (the lossless PGs' alpha exponent); weft-qos-ext for DSCP trust, cable length, PFC
 * priorities, the watchdog, priority-group headroom and the shared headroom pool.
 *
 * <p>Normalised on the way in: list order (ports, queues, profiles sorted), units (port speed
 * identities such as {@code SPEED_400GB} → 400 Gb/s; sizes in bytes, times in ms) and absent leaves
 * (trust false, no cable length, watchdog off). Forwarding groups are read as switch priorities by
 * their {@code tc<N>} name, which is how Weft renders them.
 */
public final class OpenConfigReader {
  public static final String PLATFORM = "openconfig";
  public static final String NC = "urn:ietf:params:xml:ns:netconf:base:1.0";
  public static final String IF = OpenConfigEdits.IF;
  public static final String ETH = OpenConfigEdits.ETH;
  static final String LAG = "http://openconfig.net/yang/interfaces/aggregate";
  public static final String QOS = OpenConfigEdits.QOS;
  public static final String EXT = "urn:weft:yang:qos-ext";
  private static final Pattern SPEED = Pattern.compile("(?:.*:)?SPEED_([0-9]+)(GB|MB)");
  private static final Pattern TC = Pattern.compile("tc([0-7])");
  private static final List<String> WATCHDOG_ACTIONS = List.of("drop", "forward", "alert");

  private OpenConfigReader() {}

  /**
   * Reads the XML text. {@code name} is the device name (OpenConfig config carries no hostname in
   * these modules), {@code what} names the source in messages (a file, or a device and RPC).
   */
  public static CompiledSwitch read(String xml, String name, String what) throws ReadException {
    Document doc = SafeXml.parse(xml, what);
    Element root = doc.getDocumentElement();
    Element top = root;
    if (NC.equals(root.getNamespaceURI()) && "rpc-reply".equals(root.getLocalName())) {
      top = SafeXml.child(root, NC, "data");
    }
    if (top == null
        || !NC.equals(top.getNamespaceURI())
        || !("config".equals(top.getLocalName()) || "data".equals(top.getLocalName()))) {
      throw new ReadException(
          what
              + ": expected a NETCONF <config> or <data> element, found <"
              + root.getLocalName()
              + ">");
    }
    return new Reading(what).read(top, name);
  }

  private static final class Reading {
    private final String what;

    Reading(String what) {
      this.what = what;
    }

    CompiledSwitch read(Element top, String name) throws ReadException {
      Element qos = SafeXml.child(top, QOS, "qos");
      Map<String, Integer> queueIds = new TreeMap<>();
      for (Element q : SafeXml.children(SafeXml.child(qos, QOS, "queues"), QOS, "queue")) {
        String queueName = key(q, QOS, "name", "/qos/queues/queue");
        queueIds.put(
            queueName,
            integer(
                SafeXml.text(q, QOS, "config", "queue-id"),
                "/qos/queues/queue[" + queueName + "]/config/queue-id",
                0,
                7));
      }
      List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
      Map<String, Integer> groupPriority = new TreeMap<>();
      for (Element g :
          SafeXml.children(SafeXml.child(qos, QOS, "forwarding-groups"), QOS, "forwarding-group")) {
        String group = key(g, QOS, "name", "/qos/forwarding-groups/forwarding-group");
        Matcher m = TC.matcher(group);
        if (!m.matches()) {
          continue; // not a Weft forwarding group: no switch priority to attach it to
        }
        int priority = Integer.parseInt(m.group(1));
        groupPriority.put(group, priority);
        String out = SafeXml.text(g, QOS, "config", "output-queue");
        if (out != null) {
          toQueue.set(
              priority,
              queueId(
                  queueIds,
                  out,
                  "/qos/forwarding-groups/forwarding-group[" + group + "]/config/output-queue"));
        }
      }
      Map<Integer, Integer> dscp = new TreeMap<>();
      for (Element c :
          SafeXml.children(SafeXml.child(qos, QOS, "classifiers"), QOS, "classifier")) {
        for (Element t : SafeXml.children(SafeXml.child(c, QOS, "terms"), QOS, "term")) {
          String id = key(t, QOS, "id", "/qos/classifiers/classifier/terms/term");
          String path = "/qos/classifiers/classifier/terms/term[" + id + "]";
          String target = SafeXml.text(t, QOS, "actions", "config", "target-group");
          if (target == null) {
            throw invalid(
                path + "/actions/config/target-group", "a classifier term has no target-group");
          }
          Integer priority = groupPriority.get(target);
          if (priority == null) {
            throw invalid(
                path + "/actions/config/target-group",
                "forwarding group '" + Excerpt.cut(target) + "' is not defined");
          }
          for (String family : List.of("ipv4", "ipv6")) {
            Element cfg = SafeXml.child(t, QOS, "conditions", family, "config");
            if (cfg == null) {
              continue;
            }
            for (Element d : SafeXml.children(cfg, QOS, "dscp-set")) {
              dscp.put(
                  integer(
                      d.getTextContent().strip(),
                      path + "/conditions/" + family + "/config/dscp-set",
                      0,
                      63),
                  priority);
            }
            String single = SafeXml.text(cfg, QOS, "dscp");
            if (single != null) {
              dscp.put(
                  integer(single, path + "/conditions/" + family + "/config/dscp", 0, 63),
                  priority);
            }
          }
        }
      }
      Map<Integer, String[]> schedulerOf = schedulers(qos, queueIds);
      List<EcnProfile> ecn = ecnProfiles(qos);
      Map<String, Integer> scaling = scalingFactors(qos);
      TreeSet<Integer> boundFactors = new TreeSet<>();

      Map<String, Element> qosPorts = new TreeMap<>();
      for (Element i : SafeXml.children(SafeXml.child(qos, QOS, "interfaces"), QOS, "interface")) {
        qosPorts.put(key(i, QOS, "interface-id", "/qos/interfaces/interface"), i);
      }
      TreeSet<Integer> lossless = new TreeSet<>();
      for (Element i : qosPorts.values()) {
        for (Element p :
            SafeXml.children(SafeXml.child(i, EXT, "pfc", "config"), EXT, "enabled-priorities")) {
          lossless.add(
              integer(
                  p.getTextContent().strip(),
                  "/qos/interfaces/interface/pfc/config/enabled-priorities",
                  0,
                  7));
        }
      }
      TreeSet<Integer> losslessQueues = new TreeSet<>();
      lossless.forEach(p -> losslessQueues.add(toQueue.get(p)));
      List<Integer> toPg = new ArrayList<>();
      for (int p = 0; p < 8; p++) {
        toPg.add(lossless.contains(p) ? p : 0);
      }

      CompiledWatchdog watchdog = null;
      String poll = SafeXml.text(qos, EXT, "pfc-watchdog", "config", "poll-interval");
      List<CompiledPort> ports = new ArrayList<>();
      Map<Integer, CompiledQueue> switchQueues = new TreeMap<>();
      Element interfaces = SafeXml.child(top, IF, "interfaces");
      for (Element i : SafeXml.children(interfaces, IF, "interface")) {
        String port = key(i, IF, "name", "/interfaces/interface");
        String path = "/interfaces/interface[" + port + "]";
        if (SafeXml.child(i, LAG, "aggregation") != null
            || String.valueOf(SafeXml.text(i, IF, "config", "type")).endsWith("ieee8023adLag")) {
          continue; // a LAG interface (openconfig-if-aggregate): its members are the plan's ports
        }
        String mtu = SafeXml.text(i, IF, "config", "mtu");
        String peer = SafeXml.text(i, IF, "config", "description");
        Element eth = SafeXml.child(i, ETH, "ethernet", "config");
        Integer speed =
            speed(SafeXml.text(eth, ETH, "port-speed"), path + "/ethernet/config/port-speed");
        boolean pause =
            bool(
                SafeXml.text(eth, ETH, "enable-flow-control"),
                path + "/ethernet/config/enable-flow-control");
        Element q = qosPorts.get(port);
        String qpath = "/qos/interfaces/interface[" + port + "]";
        Element qconfig = SafeXml.child(q, QOS, "config");
        String allocation = SafeXml.text(q, QOS, "input", "config", "buffer-allocation-profile");
        if (allocation != null) {
          Integer factor = scaling.get(allocation);
          if (!scaling.containsKey(allocation)) {
            throw invalid(
                qpath + "/input/config/buffer-allocation-profile",
                "buffer allocation profile '" + Excerpt.cut(allocation) + "' is not defined");
          }
          if (factor != null) {
            boundFactors.add(factor);
          }
        }
        boolean trust =
            bool(SafeXml.text(qconfig, EXT, "trust-dscp"), qpath + "/config/trust-dscp");
        String cable = SafeXml.text(qconfig, EXT, "cable-length");
        TreeSet<Integer> pfc = new TreeSet<>();
        Map<Integer, String> ecnOfQueue = new TreeMap<>();
        boolean portWatchdog = false;
        String portAction = null;
        List<PriorityGroupHeadroom> headroom = new ArrayList<>();
        if (q != null) {
          for (Element p :
              SafeXml.children(SafeXml.child(q, EXT, "pfc", "config"), EXT, "enabled-priorities")) {
            pfc.add(
                integer(
                    p.getTextContent().strip(), qpath + "/pfc/config/enabled-priorities", 0, 7));
          }
          for (Element oq :
              SafeXml.children(SafeXml.child(q, QOS, "output", "queues"), QOS, "queue")) {
            String queueName = key(oq, QOS, "name", qpath + "/output/queues/queue");
            String profile = SafeXml.text(oq, QOS, "config", "queue-management-profile");
            if (profile != null) {
              ecnOfQueue.put(queueId(queueIds, queueName, qpath + "/output/queues/queue"), profile);
            }
          }
          Element wd = SafeXml.child(q, EXT, "pfc", "watchdog", "config");
          if (wd != null) {
            String wpath = qpath + "/pfc/watchdog/config";
            portWatchdog = bool(SafeXml.text(wd, EXT, "enabled"), wpath + "/enabled");
            String action =
                enumeration(SafeXml.text(wd, EXT, "action"), WATCHDOG_ACTIONS, wpath + "/action");
            portAction = portWatchdog ? (action == null ? "drop" : action) : null;
            if (portWatchdog && (watchdog == null || !watchdog.enabled())) {
              long detection =
                  longOr(SafeXml.text(wd, EXT, "detection-time"), 200, wpath + "/detection-time");
              long restoration =
                  longOr(
                      SafeXml.text(wd, EXT, "restoration-time"),
                      2 * detection,
                      wpath + "/restoration-time");
              watchdog =
                  new CompiledWatchdog(
                      true,
                      action == null ? "drop" : action,
                      detection,
                      restoration,
                      longOr(poll, 200, "/qos/pfc-watchdog/config/poll-interval"));
            }
          }
          for (Element pg :
              SafeXml.children(SafeXml.child(q, EXT, "priority-groups"), EXT, "priority-group")) {
            Element cfg = SafeXml.child(pg, EXT, "config");
            String gpath = qpath + "/priority-groups/priority-group";
            int id = integer(SafeXml.text(cfg, EXT, "id"), gpath + "/config/id", 0, 7);
            long xoff = longOr(SafeXml.text(cfg, EXT, "xoff"), 0, gpath + "/config/xoff");
            long xon = longOr(SafeXml.text(cfg, EXT, "xon"), 0, gpath + "/config/xon");
            long size = longOr(SafeXml.text(cfg, EXT, "size"), xoff + xon, gpath + "/config/size");
            List<Integer> priorities = new ArrayList<>();
            for (int p = 0; p < 8; p++) {
              if (toPg.get(p) == id && lossless.contains(p)) {
                priorities.add(p);
              }
            }
            headroom.add(
                new PriorityGroupHeadroom(
                    id, priorities, xoff, xon, size, null, PriorityGroupHeadroom.DEVICE));
          }
        }
        headroom.sort((a, b) -> Integer.compare(a.pg(), b.pg()));
        // a port's queue is lossless where the port's own PFC priorities feed it (a lossy port,
        // e.g. an unlinked one, has none); the switch's queues follow the switch-wide set
        TreeSet<Integer> portLossless = new TreeSet<>();
        pfc.forEach(p -> portLossless.add(toQueue.get(p)));
        List<CompiledQueue> queues = new ArrayList<>();
        for (Map.Entry<Integer, String[]> s : schedulerOf.entrySet()) {
          int queue = s.getKey();
          String[] sched = s.getValue();
          Integer weight = sched[2] == null ? null : Integer.valueOf(sched[2]);
          CompiledQueue cq =
              new CompiledQueue(
                  queue,
                  sched[0],
                  sched[1],
                  weight,
                  ecnOfQueue.get(queue),
                  portLossless.contains(queue));
          queues.add(cq);
          if (cq.ecnProfile() != null || !switchQueues.containsKey(queue)) {
            switchQueues.put(
                queue,
                new CompiledQueue(
                    queue,
                    sched[0],
                    sched[1],
                    weight,
                    ecnOfQueue.get(queue),
                    losslessQueues.contains(queue)));
          }
        }
        List<Integer> wdQueues = new ArrayList<>();
        if (portWatchdog) {
          new TreeSet<>(pfc.stream().map(toQueue::get).toList()).forEach(wdQueues::add);
        }
        ports.add(
            CompiledPort.builder()
                .name(port)
                .speedGbps(speed)
                .mtu(mtu == null ? null : integer(mtu, path + "/config/mtu", 68, 65535))
                .cableLengthMetres(
                    cable == null
                        ? null
                        : integer(cable, qpath + "/config/cable-length", 1, 100000))
                .peer(peer)
                .trustDscp(trust)
                .pfcPriorities(List.copyOf(pfc))
                .priorityToQueue(toQueue)
                .pfcPriorityToQueue(toQueue)
                .queues(queues)
                .watchdog(portWatchdog)
                .watchdogQueues(wdQueues)
                .watchdogAction(portAction)
                .linkPause(pause)
                .headroom(headroom)
                .lag(SafeXml.text(eth, LAG, "aggregate-id"))
                .build());
      }
      if (watchdog == null && poll != null) {
        watchdog =
            ReadBack.disabledWatchdog(longOr(poll, 200, "/qos/pfc-watchdog/config/poll-interval"));
      }
      List<CompiledQueue> queueList = List.copyOf(switchQueues.values());
      String pool = SafeXml.text(qos, EXT, "shared-headroom-pool", "config", "size");
      // the smallest bound factor: the earliest XOFF of any port, what ecn-after-pfc must judge
      LosslessBuffer buffer =
          LosslessBuffer.of(
              boundFactors.isEmpty() ? null : boundFactors.first(),
              null,
              pool == null ? null : longOr(pool, 0, "/qos/shared-headroom-pool/config/size"));
      boolean anyPause = ports.stream().anyMatch(CompiledPort::linkPause);
      // the action is per port: the first watchdog port's (by name) is the switch's, and a port
      // names its own only where it differs
      return ReadBack.watchdogActionsAsRead(
          CompiledSwitch.builder()
              .name(name)
              .platform(PLATFORM)
              .congestionControl(ReadBack.congestionControl(lossless, queueList))
              .dscpToPriority(dscp)
              .priorityToQueue(toQueue)
              .priorityToPriorityGroup(toPg)
              .losslessPriorities(List.copyOf(lossless))
              .queues(queueList)
              .ecnProfiles(ecn)
              .watchdog(watchdog)
              .linkPause(anyPause)
              .ports(ports)
              .losslessBuffer(buffer)
              .build());
    }

    /**
     * Buffer allocation profile → the smallest dynamic-limit-scaling-factor of its queues (null
     * when no queue sets one).
     */
    private Map<String, Integer> scalingFactors(Element qos) throws ReadException {
      Map<String, Integer> out = new TreeMap<>();
      for (Element p :
          SafeXml.children(
              SafeXml.child(qos, QOS, "buffer-allocation-profiles"),
              QOS,
              "buffer-allocation-profile")) {
        String name =
            key(p, QOS, "name", "/qos/buffer-allocation-profiles/buffer-allocation-profile");
        Integer least = null;
        for (Element q : SafeXml.children(SafeXml.child(p, QOS, "queues"), QOS, "queue")) {
          String text = SafeXml.text(q, QOS, "config", "dynamic-limit-scaling-factor");
          if (text == null) {
            continue;
          }
          String path =
              "/qos/buffer-allocation-profiles/buffer-allocation-profile["
                  + name
                  + "]/queues/queue/config/dynamic-limit-scaling-factor";
          if (!text.matches("-?[0-9]{1,9}")) {
            throw invalid(path, "expected a whole number, found '" + Excerpt.cut(text) + "'");
          }
          int factor = Integer.parseInt(text);
          least = least == null ? factor : Math.min(least, factor);
        }
        out.put(name, least);
      }
      return out;
    }

    /**
     * Queue id → {traffic class or null, strict|dwrr, weight or null}, from the scheduler policy.
     */
    private Map<Integer, String[]> schedulers(Element qos, Map<String, Integer> queueIds)
        throws ReadException {
      Map<Integer, String[]> out = new TreeMap<>();
      Element policies = SafeXml.child(qos, QOS, "scheduler-policies");
      for (Element policy : SafeXml.children(policies, QOS, "scheduler-policy")) {
        for (Element s :
            SafeXml.children(SafeXml.child(policy, QOS, "schedulers"), QOS, "scheduler")) {
          String priority = SafeXml.text(s, QOS, "config", "priority");
          boolean strict =
              "STRICT"
                  .equals(
                      enumeration(
                          priority,
                          List.of("STRICT"),
                          "/qos/scheduler-policies/scheduler-policy/schedulers/scheduler/config/priority"));
          for (Element in : SafeXml.children(SafeXml.child(s, QOS, "inputs"), QOS, "input")) {
            String id =
                key(
                    in,
                    QOS,
                    "id",
                    "/qos/scheduler-policies/scheduler-policy/schedulers/scheduler/inputs/input");
            String path =
                "/qos/scheduler-policies/scheduler-policy/schedulers/scheduler/inputs/input["
                    + id
                    + "]";
            String queueName = SafeXml.text(in, QOS, "config", "queue");
            int queue = queueId(queueIds, queueName, path + "/config/queue");
            String weight = SafeXml.text(in, QOS, "config", "weight");
            String trafficClass = id == null || id.matches("queue[0-7]") ? null : id;
            out.putIfAbsent(
                queue,
                new String[] {
                  trafficClass,
                  strict ? CompiledQueue.STRICT : CompiledQueue.DWRR,
                  // openconfig-qos gives an input's weight no default: none written is none
                  strict || weight == null
                      ? null
                      : String.valueOf(integer(weight, path + "/config/weight", 1, 100))
                });
          }
        }
      }
      return out;
    }

    private List<EcnProfile> ecnProfiles(Element qos) throws ReadException {
      Map<String, EcnProfile> out = new TreeMap<>();
      for (Element p :
          SafeXml.children(
              SafeXml.child(qos, QOS, "queue-management-profiles"),
              QOS,
              "queue-management-profile")) {
        String name =
            key(p, QOS, "name", "/qos/queue-management-profiles/queue-management-profile");
        String path =
            "/qos/queue-management-profiles/queue-management-profile["
                + name
                + "]/wred/uniform/config";
        Element cfg = SafeXml.child(p, QOS, "wred", "uniform", "config");
        if (cfg == null) {
          continue;
        }
        long min = longOr(SafeXml.text(cfg, QOS, "min-threshold"), 0, path + "/min-threshold");
        long max = longOr(SafeXml.text(cfg, QOS, "max-threshold"), 0, path + "/max-threshold");
        String percent = SafeXml.text(cfg, QOS, "max-drop-probability-percent");
        int probability =
            percent == null
                ? 100
                : integer(percent, path + "/max-drop-probability-percent", 0, 100);
        // drop: WRED drops the packets that are not ECN-capable (upstream default false)
        boolean drop = bool(SafeXml.text(cfg, QOS, "drop"), path + "/drop");
        out.put(name, new EcnProfile(name, min, max, probability, drop));
      }
      return List.copyOf(out.values());
    }

    private int queueId(Map<String, Integer> queueIds, String queueName, String path)
        throws ReadException {
      if (queueName == null) {
        throw invalid(path, "names no queue");
      }
      Integer id = queueIds.get(queueName);
      if (id == null) {
        throw invalid(
            path, "queue '" + Excerpt.cut(queueName) + "' is not defined under /qos/queues");
      }
      return id;
    }

    private Integer speed(String identity, String path) throws ReadException {
      if (identity == null) {
        return null;
      }
      Matcher m = SPEED.matcher(identity);
      if (!m.matches() || m.group(1).length() > 7) {
        throw invalid(
            path,
            "expected a speed like oc-eth:SPEED_400GB, found '" + Excerpt.cut(identity) + "'");
      }
      int value = Integer.parseInt(m.group(1));
      return m.group(2).equals("GB") ? value : value / 1000;
    }

    private int integer(String text, String path, int min, int max) throws ReadException {
      long value = longOr(text, Long.MIN_VALUE, path);
      if (value == Long.MIN_VALUE || value < min || value > max) {
        throw invalid(
            path, "expected a number " + min + ".." + max + ", found '" + Excerpt.cut(text) + "'");
      }
      return (int) value;
    }

    private long longOr(String text, long absent, String path) throws ReadException {
      if (text == null) {
        return absent;
      }
      if (!text.matches("[0-9]{1,18}")) {
        throw invalid(
            path, "expected a whole number (at most 18 digits), found '" + Excerpt.cut(text) + "'");
      }
      return Long.parseLong(text);
    }

    /** The key leaf of a list entry: a YANG list entry cannot exist without it. */
    private String key(Element entry, String ns, String leaf, String listPath)
        throws ReadException {
      String value = SafeXml.text(entry, ns, leaf);
      if (value == null || value.isEmpty()) {
        throw invalid(listPath, "a list entry has no key <" + leaf + ">");
      }
      return value;
    }

    /** A YANG boolean leaf: absent is false. */
    private boolean bool(String text, String path) throws ReadException {
      if (text == null) {
        return false;
      }
      return "true".equals(enumeration(text, List.of("true", "false"), path));
    }

    /** A leaf whose value must be one of {@code allowed}; absent stays null. */
    private String enumeration(String text, List<String> allowed, String path)
        throws ReadException {
      if (text != null && !allowed.contains(text)) {
        throw invalid(
            path,
            "expected one of "
                + String.join(", ", allowed)
                + ", found '"
                + Excerpt.cut(text)
                + "'");
      }
      return text;
    }

    private ReadException invalid(String path, String problem) {
      return new ReadException(what + ": " + path + ": " + problem, path);
    }
  }
}
