package dev.weft.platform.nxos;

import static dev.weft.platform.nxos.NxosModel.NS;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.platform.LiveValues;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.SafeXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;

/**
 * Reads NX-OS XML in Cisco's device model (a rendered {@code <config>}, or the {@code <data>} of a
 * {@code <get-config>} reply) back into a compiled switch.
 *
 * <p>The policies read are the ones in effect: the type qos policy bound as input policy on the
 * ports, the system network-qos policy and the system output queuing policy, whatever they are
 * called. Normalised on the way in: lists by key, numbers by value, the uint8 codes of 9.3(x) and
 * the enumeration names of later releases alike ({@link NxosModel#PFC_MODE}), thresholds in any of
 * the model's byte units to bytes, the device's defaults for absent leaves (PFC mode auto, which
 * does not force PFC on; watchdog off; disableAction true; multiplier 11), interface ids ({@code
 * eth1/1}) to the intent's port names ({@code Ethernet1/1}). A qos-group is NX-OS's egress queue: a
 * DSCP's priority is the one PFC priority paused in that queue's network-qos class, else the queue
 * number.
 */
final class NxosReader {
  private static final String SYS = "/System";
  private static final String QOS = SYS + "/ipqos-items";

  private final String what;

  private NxosReader(String what) {
    this.what = what;
  }

  static CompiledSwitch read(String xml, String name, String what) throws ReadException {
    Element top = SafeXml.configOrData(xml, what);
    return new NxosReader(what).read(SafeXml.child(top, NS, "System"), name);
  }

  private CompiledSwitch read(Element sys, String name) throws ReadException {
    Element ipqos = SafeXml.child(sys, NS, "ipqos-items");
    // network-qos: which priorities are paused (no-drop), in which queue's class
    Map<Integer, TreeSet<Integer>> pausedIn = new TreeMap<>();
    Element nq = SafeXml.child(ipqos, NS, "nw-items");
    String nqPath = QOS + "/nw-items/p-items/name-items/PMapInst-list";
    for (Element m : classesOf(policy(nq, systemPolicy(nq, "in-items"), nqPath), nqPath)) {
      String cls = SafeXml.text(m, NS, "name");
      int queue = NxosModel.queueOf(cls, "c-8q-nq");
      Element pause = SafeXml.child(m, NS, "pause-items");
      if (queue < 0 || pause == null) {
        continue; // not a system class of the 8-queue model: not part of the plan Weft renders
      }
      String path = nqPath + "/cmap-items/MatchCMap-list[" + cls + "]/pause-items";
      for (int p = 0; p < 8; p++) {
        if (LiveValues.bool(
            SafeXml.text(pause, NS, "pfcCos" + p), false, what, path + "/pfcCos" + p)) {
          pausedIn.computeIfAbsent(queue, k -> new TreeSet<>()).add(p);
        }
      }
    }
    TreeSet<Integer> lossless = new TreeSet<>();
    pausedIn.values().forEach(lossless::addAll);
    List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    pausedIn.forEach((queue, priorities) -> priorities.forEach(p -> toQueue.set(p, queue)));
    List<Integer> toPg = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      toPg.add(lossless.contains(p) ? p : 0);
    }
    TreeSet<Integer> losslessQueues = new TreeSet<>(pausedIn.keySet());

    // type qos: DSCP -> qos-group, from the policy the ports take as input policy
    Element dflt = SafeXml.child(ipqos, NS, "dflt-items");
    Map<String, Boolean> trusting = new TreeMap<>();
    String boundPolicy = null;
    String bindPath = QOS + "/dflt-items/policy-items/in-items/intf-items/If-list";
    for (Element i :
        SafeXml.children(
            SafeXml.child(dflt, NS, "policy-items", "in-items", "intf-items"), NS, "If-list")) {
      String id = LiveValues.required(SafeXml.text(i, NS, "name"), what, bindPath + "/name");
      String policy = SafeXml.text(i, NS, "pmap-items", "name");
      if (policy != null) {
        trusting.put(NxosModel.portName(id), true);
        boundPolicy = boundPolicy == null ? policy : boundPolicy;
      }
    }
    Map<Integer, Integer> dscp = classification(dflt, boundPolicy, pausedIn);

    List<CompiledQueue> queues = new ArrayList<>();
    List<EcnProfile> ecn = new ArrayList<>();
    queuing(SafeXml.child(ipqos, NS, "queuing-items"), losslessQueues, queues, ecn);

    CompiledWatchdog watchdog = null;
    Map<String, String> lags = lagMembers(SafeXml.child(sys, NS, "intf-items", "aggr-items"));
    List<CompiledPort> ports = new ArrayList<>();
    String physPath = SYS + "/intf-items/phys-items/PhysIf-list";
    for (Element i :
        SafeXml.children(SafeXml.child(sys, NS, "intf-items", "phys-items"), NS, "PhysIf-list")) {
      String id = LiveValues.required(SafeXml.text(i, NS, "id"), what, physPath + "/id");
      String path = physPath + "[" + id + "]";
      String port = NxosModel.portName(id);
      String mtu = SafeXml.text(i, NS, "mtu");
      String mode =
          code(
              NxosModel.PFC_MODE,
              SafeXml.text(i, NS, "priorflowctrl-items", "mode"),
              "auto",
              path + "/priorflowctrl-items/mode");
      List<Integer> pfc = mode.equals("on") ? List.copyOf(lossless) : List.of();
      Element wd = SafeXml.child(i, NS, "priorflowctrlwd-items");
      boolean portWatchdog = false;
      if (wd != null && !pfc.isEmpty()) {
        String wpath = path + "/priorflowctrlwd-items";
        portWatchdog =
            code(
                    NxosModel.WATCHDOG,
                    SafeXml.text(wd, NS, "watchDogInterval"),
                    "off",
                    wpath + "/watchDogInterval")
                .equals("on");
        if (portWatchdog && (watchdog == null || !watchdog.enabled())) {
          boolean logOnly =
              LiveValues.bool(
                  SafeXml.text(wd, NS, "disableAction"),
                  NxosModel.DISABLE_ACTION_DEFAULT,
                  what,
                  wpath + "/disableAction");
          long multiplier =
              LiveValues.wholeOr(
                  SafeXml.text(wd, NS, "interfaceMutiplier"),
                  NxosModel.MULTIPLIER_MAX,
                  what,
                  wpath + "/interfaceMutiplier",
                  0,
                  255);
          watchdog =
              new CompiledWatchdog(
                  true,
                  logOnly ? "alert" : "drop",
                  multiplier * NxosModel.INTERVAL_MS,
                  NxosModel.RESTORE_MS,
                  NxosModel.INTERVAL_MS);
        } else if (watchdog == null) {
          watchdog = ReadBack.disabledWatchdog(NxosModel.INTERVAL_MS);
        }
      }
      List<Integer> wdQueues = new ArrayList<>();
      if (portWatchdog) {
        new TreeSet<>(pfc.stream().map(toQueue::get).toList()).forEach(wdQueues::add);
      }
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(speed(SafeXml.text(i, NS, "speed"), path + "/speed"))
              .mtu(mtu == null ? null : LiveValues.integer(mtu, what, path + "/mtu", 68, 65535))
              .peer(SafeXml.text(i, NS, "descr"))
              .trustDscp(trusting.getOrDefault(port, false))
              .pfcPriorities(pfc)
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(toQueue)
              .queues(queues)
              .watchdog(portWatchdog)
              .watchdogQueues(wdQueues)
              .lag(lags.get(port))
              .build());
    }
    return CompiledSwitch.builder()
        .name(name)
        .platform(NxosPack.PLATFORM)
        .congestionControl(ReadBack.congestionControl(lossless, queues))
        .dscpToPriority(dscp)
        .priorityToQueue(toQueue)
        .priorityToPriorityGroup(toPg)
        .losslessPriorities(List.copyOf(lossless))
        .queues(queues)
        .ecnProfiles(ecn)
        .watchdog(watchdog)
        .ecmpHashFields(hash(sys))
        .ports(ports)
        .dcbx(dcbx(sys, ports))
        .build();
  }

  /**
   * What the ports advertise of DCBX: {@code off} when the optional TLV selector leaves out {@code
   * dcbxp}; else the version the ports speak ({@code portDCBXPVer}, default auto-detect), lower
   * case ({@code ieee}, {@code cee}, {@code auto}), or {@code mixed} when they differ; null when
   * the device sets neither (not Weft's).
   */
  private static String dcbx(Element sys, List<CompiledPort> ports) {
    Element inst = SafeXml.child(sys, NS, "lldp-items", "inst-items");
    String selected = inst == null ? null : SafeXml.text(inst, NS, "optTlvSel");
    Map<String, String> version = new TreeMap<>();
    for (Element i : SafeXml.children(SafeXml.child(inst, NS, "if-items"), NS, "If-list")) {
      String id = SafeXml.text(i, NS, "id");
      String v = SafeXml.text(i, NS, "portDCBXPVer");
      if (id != null && v != null) {
        version.put(NxosModel.portName(id.strip()), v.strip().toLowerCase(java.util.Locale.ROOT));
      }
    }
    if (selected == null && version.isEmpty()) {
      return null;
    }
    if (selected != null
        && java.util.Arrays.stream(selected.split(","))
            .map(String::strip)
            .noneMatch("dcbxp"::equals)) {
      return "off";
    }
    TreeSet<String> spoken = new TreeSet<>();
    ports.forEach(p -> spoken.add(version.getOrDefault(p.name(), "auto")));
    if (spoken.isEmpty()) {
      spoken.addAll(version.values());
    }
    return spoken.size() == 1 ? spoken.first() : "mixed";
  }

  /**
   * DSCP -> priority from the type qos policy: each class's DSCPs to the priority of its qos-group.
   */
  private Map<Integer, Integer> classification(
      Element dflt, String policyName, Map<Integer, TreeSet<Integer>> pausedIn)
      throws ReadException {
    Map<String, Element> classMaps = new TreeMap<>();
    String cPath = QOS + "/dflt-items/c-items/name-items/CMapInst-list";
    for (Element c :
        SafeXml.children(SafeXml.child(dflt, NS, "c-items", "name-items"), NS, "CMapInst-list")) {
      classMaps.put(LiveValues.required(SafeXml.text(c, NS, "name"), what, cPath + "/name"), c);
    }
    Map<Integer, Integer> dscp = new TreeMap<>();
    String pPath = QOS + "/dflt-items/p-items/name-items/PMapInst-list";
    for (Element m : classesOf(policy(dflt, policyName, pPath), pPath)) {
      String cls = SafeXml.text(m, NS, "name");
      String group = SafeXml.text(m, NS, "setGrp-items", "id");
      if (group == null) {
        continue; // a class that does not pick a qos-group does not classify
      }
      int queue =
          LiveValues.integer(
              group, what, pPath + "/cmap-items/MatchCMap-list[" + cls + "]/setGrp-items/id", 0, 7);
      TreeSet<Integer> paused = pausedIn.get(queue);
      int priority = paused != null && paused.size() == 1 ? paused.first() : queue;
      Element c = classMaps.get(cls);
      if (c == null) {
        throw new ReadException(
            what
                + ": "
                + pPath
                + "/cmap-items/MatchCMap-list["
                + cls
                + "]: class-map '"
                + cls
                + "' is not defined under "
                + cPath);
      }
      for (Element d : SafeXml.children(SafeXml.child(c, NS, "dscp-items"), NS, "Dscp-list")) {
        dscp.put(
            LiveValues.integer(
                SafeXml.text(d, NS, "val"),
                what,
                cPath + "[" + cls + "]/dscp-items/Dscp-list/val",
                0,
                63),
            priority);
      }
    }
    return dscp;
  }

  /** Schedulers and WRED-ECN of the system output queuing policy, one profile per marking queue. */
  private void queuing(
      Element queuing,
      TreeSet<Integer> losslessQueues,
      List<CompiledQueue> queues,
      List<EcnProfile> ecn)
      throws ReadException {
    String pPath = QOS + "/queuing-items/p-items/name-items/PMapInst-list";
    Map<Integer, CompiledQueue> byQueue = new TreeMap<>();
    Map<String, EcnProfile> profiles = new TreeMap<>();
    for (Element m : classesOf(policy(queuing, systemPolicy(queuing, "out-items"), pPath), pPath)) {
      String cls = SafeXml.text(m, NS, "name");
      int queue = NxosModel.queueOf(cls, "c-out-8q-q");
      if (queue < 0) {
        continue; // not a system class of the 8-queue model
      }
      String path = pPath + "/cmap-items/MatchCMap-list[" + cls + "]";
      boolean strict = SafeXml.child(m, NS, "prio-items") != null;
      String bw = SafeXml.text(m, NS, "setRemBW-items", "val");
      Integer weight =
          strict || bw == null
              ? null
              : LiveValues.integer(bw, what, path + "/setRemBW-items/val", 0, 100);
      String profile = null;
      Element red = SafeXml.child(m, NS, "RandDet-items");
      if (red != null
          && LiveValues.bool(
              SafeXml.text(red, NS, "ecn"), false, what, path + "/RandDet-items/ecn")) {
        profile = cls;
        String rpath = path + "/RandDet-items";
        long min = bytes(red, "minThreshold", "minThresholdUnit", rpath);
        long max = bytes(red, "maxThreshold", "maxThresholdUnit", rpath);
        int probability =
            (int)
                LiveValues.wholeOr(
                    SafeXml.text(red, NS, "dropAvail"), 100, what, rpath + "/dropAvail", 0, 100);
        // true: Weft writes no RandDetNonEcn, so WRED drops the packets ECN cannot mark
        profiles.put(profile, new EcnProfile(profile, min, max, probability, true));
      }
      if (!strict && bw == null && profile == null) {
        continue; // a class with neither scheduling nor marking: the device's default
      }
      // a class of the queuing policy without priority is served by DWRR: with its bandwidth
      // remaining percent, else with the switch's own share (no weight)
      String scheduler = strict ? CompiledQueue.STRICT : CompiledQueue.DWRR;
      byQueue.put(
          queue,
          new CompiledQueue(
              queue, null, scheduler, weight, profile, losslessQueues.contains(queue)));
    }
    queues.addAll(byQueue.values());
    ecn.addAll(profiles.values());
  }

  /**
   * A threshold and its unit ({@code ipqos_ThreshUnit}) in bytes; packets or no unit cannot be
   * compared.
   */
  private long bytes(Element red, String leaf, String unitLeaf, String path) throws ReadException {
    long value =
        LiveValues.wholeOr(SafeXml.text(red, NS, leaf), 0, what, path + "/" + leaf, 0, 52_428_800);
    String unit = SafeXml.text(red, NS, unitLeaf);
    long scale =
        switch (unit == null ? "none" : unit) {
          case "bytes", "2" -> 1;
          case "kbytes", "3" -> 1024;
          case "mbytes", "4" -> 1024 * 1024;
          default ->
              throw new ReadException(
                  what
                      + ": "
                      + path
                      + "/"
                      + unitLeaf
                      + ": expected bytes, kbytes or mbytes "
                      + "(a threshold Weft compares in bytes), found '"
                      + (unit == null ? "none (the default)" : unit)
                      + "'");
        };
    return value * scale;
  }

  /**
   * The name of the system policy of a policy type, bound under {@code
   * policy-items/<direction>/sys-items}.
   */
  private static String systemPolicy(Element type, String direction) {
    return SafeXml.text(type, NS, "policy-items", direction, "sys-items", "pmap-items", "name");
  }

  /**
   * The policy map named {@code name} of a policy type, or null (also when no policy is in effect).
   */
  private Element policy(Element type, String name, String path) throws ReadException {
    if (name == null) {
      return null;
    }
    for (Element p :
        SafeXml.children(SafeXml.child(type, NS, "p-items", "name-items"), NS, "PMapInst-list")) {
      if (name.equals(LiveValues.required(SafeXml.text(p, NS, "name"), what, path + "/name"))) {
        return p;
      }
    }
    throw new ReadException(
        what + ": policy-map '" + name + "' is in effect but not defined under " + path);
  }

  /** The class entries of a policy map, each with its name. */
  private List<Element> classesOf(Element policy, String path) throws ReadException {
    List<Element> out =
        SafeXml.children(SafeXml.child(policy, NS, "cmap-items"), NS, "MatchCMap-list");
    for (Element m : out) {
      LiveValues.required(
          SafeXml.text(m, NS, "name"), what, path + "/cmap-items/MatchCMap-list/name");
    }
    return out;
  }

  /**
   * A code of the model (number or name) to its meaning; {@code absent} when the leaf is not there.
   */
  private String code(Map<String, String> codes, String text, String absent, String path)
      throws ReadException {
    if (text == null) {
      return absent;
    }
    String meaning = codes.get(text.strip());
    if (meaning == null) {
      throw new ReadException(
          what
              + ": "
              + path
              + ": expected one of "
              + new TreeSet<>(codes.keySet())
              + ", found '"
              + text.strip()
              + "'");
    }
    return meaning;
  }

  private Integer speed(String text, String path) throws ReadException {
    if (text == null) {
      return null;
    }
    String t = text.strip();
    if (t.matches("[0-9]{1,4}G")) {
      return Integer.valueOf(t.substring(0, t.length() - 1));
    }
    if (t.matches("auto.*|unknown|[0-9]+M")) {
      return null; // negotiated or below 1 Gb/s: no whole Gb/s speed to compare
    }
    throw new ReadException(what + ": " + path + ": expected a speed like 400G, found '" + t + "'");
  }

  /**
   * The hash fields of the ip load-sharing mode; none when it is not configured. A mode Weft does
   * not render (GRE, GTP-U, inner headers, symmetric) is reported by its name, so it differs from
   * any plan.
   */
  private static List<String> hash(Element sys) {
    String mode =
        SafeXml.text(sys, NS, "ipv4-items", "inst-items", "iploadsharing-items", "loadShareMode");
    if (mode == null || mode.equals("disabled")) {
      return List.of();
    }
    return NxosModel.HASH_MODES.getOrDefault(mode, List.of(mode));
  }

  private static final java.util.regex.Pattern MEMBER_DN =
      java.util.regex.Pattern.compile(
          "/?System/intf-items/phys-items/PhysIf-list\\[id='([^']{1,64})'\\]");

  /**
   * Each member port's port-channel: {@code aggr-items/AggrIf-list[po<n>]/rsmbrIfs-items/
   * RsMbrIfs-list/tDn}, the member's distinguished name ({@code
   * /System/intf-items/phys-items/PhysIf-list[id='eth1/1']}), as intent names (Ethernet1/1,
   * port-channel1). A member listed by two port-channels is an error: a port joins one.
   */
  private Map<String, String> lagMembers(Element aggr) throws ReadException {
    Map<String, String> out = new java.util.TreeMap<>();
    String aggrPath = SYS + "/intf-items/aggr-items/AggrIf-list";
    for (Element a : SafeXml.children(aggr, NS, "AggrIf-list")) {
      String id = LiveValues.required(SafeXml.text(a, NS, "id"), what, aggrPath + "/id");
      String lag = NxosModel.lagName(id);
      String mbrPath = aggrPath + "[" + id + "]/rsmbrIfs-items/RsMbrIfs-list/tDn";
      for (Element m :
          SafeXml.children(SafeXml.child(a, NS, "rsmbrIfs-items"), NS, "RsMbrIfs-list")) {
        String dn = LiveValues.required(SafeXml.text(m, NS, "tDn"), what, mbrPath);
        java.util.regex.Matcher at = MEMBER_DN.matcher(dn);
        if (!at.matches()) {
          throw new ReadException(
              what + ": " + mbrPath + ": expected a physical interface's DN, found " + dn);
        }
        String port = NxosModel.portName(at.group(1));
        String before = out.put(port, lag);
        if (before != null && !before.equals(lag)) {
          throw new ReadException(
              what + ": " + mbrPath + ": " + port + " is also a member of " + before);
        }
      }
    }
    return out;
  }
}
