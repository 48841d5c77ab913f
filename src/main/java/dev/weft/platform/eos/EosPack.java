package dev.weft.platform.eos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.platform.CliAudit;
import dev.weft.platform.Feature;
import dev.weft.platform.HashFieldSpelling;
import dev.weft.platform.LivePaths;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.PerQueueEcn;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.RenderGap;
import dev.weft.platform.SavedConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Arista EOS: a CLI fragment ({@code weft-qos.eos.cfg}, never a whole running-config) for the whole
 * plan, and the NETCONF {@code <edit-config>} body ({@code config.xml}) on EOS's published models
 * (aristanetworks/yang EOS-4.36.1F: OpenConfig interfaces and qos 2.0.1 with arista-qos-augments;
 * vendored in {@code yang/vendor/arista}) for what EOS takes over NETCONF: PFC no-drop priorities
 * per port, the switch-wide PFC watchdog, ECN and scheduling per tx-queue, MTU, speed and 802.3x
 * pause. Drift reads the same trees back over NETCONF.
 *
 * <p>EOS's {@code pathreport.csv} marks the OpenConfig classifiers, forwarding groups, scheduler
 * policies and queue-management profiles gNMI-only, the ECMP hash has no OpenConfig path, and
 * buffer headroom is state only: classification (with DSCP trust), the hash and buffers are {@code
 * not-audited} over NETCONF, and drift takes them from the intent ({@link #withUnserved}) so
 * neither drift nor the rules on the live config judge values the device never sent. A switch with
 * a CLI login ({@code management.cli}) is also read over SSH ({@link EosCli}): classification and
 * the hash are then audited, buffers alone stay {@code not-audited}, and {@code weft remediate}
 * changes them in a configuration session with a commit timer ({@link EosSessionTransaction}),
 * before it pushes the rest over NETCONF ({@link EosRemediation}). The CLI renders the ECMP hash in
 * the form of the switch's ASIC family ({@link EosHash}: {@code ip load-sharing trident} on Strata,
 * the default {@code load-balance sand profile} on Jericho), and EOS sizes PFC headroom itself
 * ({@code render-gap}).
 */
public final class EosPack extends NetconfSwitchPack {

  public static final String PLATFORM = "eos";

  private static final LivePaths PATHS = new EosPaths();

  /** EOS's port-channels: Port-Channel1 .. Port-Channel2000 (openconfig-if-aggregate names). */
  private static final java.util.regex.Pattern LAG_NAMES =
      java.util.regex.Pattern.compile("Port-Channel([1-9][0-9]{0,2}|1[0-9]{3}|2000)");

  private static final Remediation REMEDIATION = EosRemediation.table();

  /**
   * arista-qos-augments' watchdog actions and Weft's: IGNORE_PFC forwards, NOTIFY_ONLY only alerts.
   */
  static final Map<String, String> ACTIONS =
      Map.of("DROP", "drop", "IGNORE_PFC", "forward", "NOTIFY_ONLY", "alert");

  /**
   * Only the two trees drift compares: a device's other config (routing, users) is never
   * transferred.
   */
  static final String FILTER =
      "<interfaces xmlns=\"" + EosReader.IF + "\"/><qos xmlns=\"" + EosReader.QOS + "\"/>";

  private static final Map<Feature, String> NOT_SERVED =
      Map.of(
          Feature.CLASSIFICATION,
              "EOS serves the OpenConfig classifiers and forwarding groups over gNMI only "
                  + "(pathreport.csv); the DSCP map and trust are in weft-qos.eos.cfg: give the"
                  + " switch a CLI login (management.cli) to audit them over SSH",
          Feature.HASH,
              "EOS has no OpenConfig path for the ECMP hash (CLI and eAPI only); it is in"
                  + " weft-qos.eos.cfg: give the switch a CLI login (management.cli) to audit it"
                  + " over SSH",
          Feature.BUFFERS,
              "EOS serves priority-group headroom as state only and derives it on the platform");

  /** The watchdog timeout and recovery time are decimal64 seconds with two fraction digits. */
  static final long TIMER_STEP_MS = 10;

  /** {@code ip load-sharing trident fields ip} field names. */
  static final HashFieldSpelling IPV4 =
      new HashFieldSpelling(
          Map.of(
              "src-ip",
              "source-ip",
              "dst-ip",
              "destination-ip",
              "ip-protocol",
              "protocol",
              "l4-src-port",
              "source-port",
              "l4-dst-port",
              "destination-port",
              "in-port",
              "ingress-interface"));

  /**
   * {@code ip load-sharing trident fields ipv6} field names (the flow label exists for IPv6 only).
   */
  static final HashFieldSpelling IPV6 =
      new HashFieldSpelling(
          Map.of(
              "src-ip",
              "source-ip",
              "dst-ip",
              "destination-ip",
              "l4-src-port",
              "source-port",
              "l4-dst-port",
              "destination-port",
              "in-port",
              "ingress-interface",
              "ipv6-flow-label",
              "flow-label"));

  @Override
  public String id() {
    return PLATFORM;
  }

  @Override
  public String title() {
    return "Arista EOS, a CLI QoS fragment and OpenConfig qos with Arista's augments over NETCONF";
  }

  /**
   * OpenConfig with Arista's augments (above plain OpenConfig), or EOS running-config text ({@link
   * EosTextReader#recognises}).
   */
  @Override
  public OptionalInt recognises(SavedConfig config) {
    if (config.format().equals("xml") || config.json() != null) {
      return config.xmlNaming("http://arista.com/yang/", 2);
    }
    return EosTextReader.recognises(config.text());
  }

  @Override
  public String yangModels() {
    return "yang/vendor/arista";
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    // a NETCONF reply or saved XML starts with '<'; anything else is running-config text
    return reply.stripLeading().startsWith("<")
        ? EosReader.read(reply, device, what)
        : EosTextReader.read(reply, device, what);
  }

  /**
   * DCBX: {@code dcbx mode ieee} or {@code no dcbx mode} on every port in weft-qos.eos.cfg, read
   * back over the CLI login and from running-config text (EOS has no DCBX in its OpenConfig models:
   * over NETCONF alone it is not compared).
   */
  @Override
  public boolean carriesDcbx() {
    return true;
  }

  /**
   * LAG membership: each member's {@code ethernet/config/aggregate-id} and the port-channel's
   * interface with its {@code aggregation} (openconfig-if-aggregate, which EOS serves read-write
   * over NETCONF: EOS-4.36.1F pathreport.csv), read back over NETCONF and from running-config's
   * {@code channel-group N mode active}.
   */
  @Override
  public java.util.regex.Pattern lagNames() {
    return LAG_NAMES;
  }

  /** PCP trust: qos trust cos + qos map cos. */
  @Override
  public boolean classifiesByPcp() {
    return true;
  }

  @Override
  public LivePaths paths() {
    return PATHS;
  }

  @Override
  public Map<Feature, String> notAudited() {
    return NOT_SERVED;
  }

  @Override
  public Optional<CliAudit> cliAudit() {
    return Optional.of(new EosCli(this));
  }

  /**
   * What EOS serves over NETCONF (PFC, ECN, scheduling, the watchdog, MTU), changed with a
   * confirmed commit; a switch with a CLI login gets its CLI part first ({@code weft remediate}).
   */
  @Override
  public Optional<Remediation> remediation() {
    return Optional.of(REMEDIATION);
  }

  /**
   * The intent as EOS's NETCONF models hold it, provenance kept: ECN and scheduling per tx-queue
   * for the whole switch (one profile per marking queue, {@code tx-queue-<n>}), the watchdog
   * switch-wide on every port with PFC, its timeout and recovery time in hundredths of a second.
   */
  public CompiledSwitch normalise(CompiledSwitch sw) {
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled() && !sw.losslessPriorities().isEmpty()) {
      wd =
          new CompiledWatchdog(
              true, wd.action(), step(wd.detectionMs()), step(wd.restorationMs()), wd.pollMs());
    } else if (wd != null) {
      wd = ReadBack.disabledWatchdog(wd.pollMs());
    }
    boolean watching = wd != null && wd.enabled();
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      boolean on = watching && !p.pfcPriorities().isEmpty();
      ports.add(p.toBuilder().watchdog(on).watchdogQueues(on ? p.pfcQueues() : List.of()).build());
    }
    // the watchdog action is switch-wide; /qos/queues/queue/ecn has no non-ECT setting
    return ReadBack.withoutPortWatchdogActions(
        ReadBack.droppingNonEct(
            PerQueueEcn.apply(
                sw.toBuilder().watchdog(wd).ports(ports).build(), EosReader::profileOf)));
  }

  /**
   * What the reader returns for the rendered config.xml: the normalised plan without what NETCONF
   * does not carry.
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    return ReadBack.withLags(
        ReadBack.losslessFromPorts(
            classified(ReadBack.expected(normalise(intended), PLATFORM, false), null)),
        intended);
  }

  /**
   * The live switch with classification (DSCP map, trust, priority to queue), buffers and the hash
   * taken from the normalised intent, the values that follow from the priority-to-queue map worked
   * out again.
   */
  @Override
  public CompiledSwitch withUnserved(CompiledSwitch live, CompiledSwitch intended) {
    CompiledSwitch want = normalise(intended);
    return classified(live.toBuilder().ecmpHashFields(want.ecmpHashFields()).build(), want);
  }

  /**
   * What the reader gives for the rendered config.xml and weft-qos.eos.cfg together: {@link
   * #expected} with the classification (DSCP map, traffic class to tx-queue, trust) and the hash
   * fields the switch's family spells, as the CLI holds them.
   */
  CompiledSwitch expectedWithCli(CompiledSwitch intended) {
    CompiledSwitch want = normalise(intended);
    Map<String, Boolean> trust = new TreeMap<>();
    want.ports().forEach(p -> trust.put(p.name(), p.trustDscp()));
    return withCli(
        expected(intended),
        new EosCliReader.Facts(
            want.dscpToPriority(),
            want.priorityToQueue(),
            trust,
            EosHash.carried(want),
            ReadBack.pcpAsRead(want),
            intended.dcbx()));
  }

  /**
   * {@code sw} with what EOS's CLI holds ({@code cli}): the DSCP map, traffic class to tx-queue,
   * trust per port (a port the CLI does not show trusts nothing), the hash fields and the DCBX
   * mode; the queue facts that follow from the tx-queue map worked out again.
   */
  static CompiledSwitch withCli(CompiledSwitch sw, EosCliReader.Facts cli) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      ports.add(
          p.toBuilder()
              .trustDscp(cli.trust().getOrDefault(p.name(), false))
              .priorityToQueue(cli.priorityToQueue())
              .pfcPriorityToQueue(cli.priorityToQueue())
              .build());
    }
    CompiledSwitch from =
        sw.toBuilder()
            .dscpToPriority(cli.dscpToPriority())
            .priorityToQueue(cli.priorityToQueue())
            .ports(ports)
            .build();
    return classified(sw, from).toBuilder()
        .ecmpHashFields(cli.hashFields())
        .pcpToPriority(cli.pcpToPriority())
        .dcbx(cli.dcbx())
        .build();
  }

  /**
   * The live switch with buffers (headroom, cable length, priority groups) taken from the
   * normalised intent {@code want}: what a switch read over NETCONF and its CLI does not serve.
   */
  static CompiledSwitch buffered(CompiledSwitch live, CompiledSwitch want) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : live.ports()) {
      CompiledPort w = want.port(p.name());
      ports.add(
          w == null
              ? p
              : p.toBuilder()
                  .headroom(w.headroom())
                  .cableLengthMetres(w.cableLengthMetres())
                  .build());
    }
    return classified(
        live,
        live.toBuilder()
            .priorityToPriorityGroup(want.priorityToPriorityGroup())
            .ports(ports)
            .build());
  }

  private static long step(long ms) {
    return (ms + TIMER_STEP_MS / 2) / TIMER_STEP_MS * TIMER_STEP_MS;
  }

  /**
   * {@code sw} with the classification and buffers of {@code from} (null: what a reply without them
   * reads as: no DSCP map, no trust, priority p in queue p, no headroom or cable length), and the
   * queue facts that follow from the priority-to-queue map (lossless queues, watchdog queues)
   * recomputed.
   */
  static CompiledSwitch classified(CompiledSwitch sw, CompiledSwitch from) {
    List<Integer> identity = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    List<Integer> toQueue = from == null ? identity : from.priorityToQueue();
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    sw.losslessPriorities()
        .forEach(p -> losslessQueues.add(p < toQueue.size() ? toQueue.get(p) : p));
    List<CompiledQueue> queues =
        sw.queues().stream()
            .map(
                q ->
                    new CompiledQueue(
                        q.queue(),
                        from == null ? null : q.trafficClass(),
                        q.scheduler(),
                        q.weight(),
                        q.ecnProfile(),
                        losslessQueues.contains(q.queue())))
            .toList();
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      CompiledPort w = from == null ? null : from.port(p.name());
      CompiledPort.Builder b = p.toBuilder().queues(queues);
      if (from == null) {
        b.trustDscp(false)
            .priorityToQueue(identity)
            .pfcPriorityToQueue(identity)
            .headroom(List.of())
            .cableLengthMetres(null);
      } else if (w != null) {
        b.trustDscp(w.trustDscp())
            .priorityToQueue(w.priorityToQueue())
            .pfcPriorityToQueue(w.pfcPriorityToQueue())
            .headroom(w.headroom())
            .cableLengthMetres(w.cableLengthMetres());
      }
      CompiledPort built = b.build();
      ports.add(
          built.toBuilder()
              .watchdogQueues(built.watchdog() ? built.pfcQueues() : List.of())
              .build());
    }
    return sw.toBuilder()
        .dscpToPriority(from == null ? Map.of() : from.dscpToPriority())
        .priorityToQueue(toQueue)
        .priorityToPriorityGroup(
            from == null ? sw.priorityToPriorityGroup() : from.priorityToPriorityGroup())
        .queues(queues)
        .ports(ports)
        .build();
  }

  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    // EOS sizes PFC headroom itself on every switch: a limit of the platform
    List<RenderGap> out =
        new ArrayList<>(RenderGap.usedBy(sw, gapsOf(sw), java.util.Set.of(Feature.BUFFERS)));
    RenderGap.portWatchdogActions(sw, "/qos/pfc/watchdog has one switch-wide action")
        .ifPresent(out::add);
    RenderGap.nonEctKept(
            sw,
            "/qos/queues/queue/ecn has no non-ECT setting"
                + " (random-detect ecn allow non-ect is CLI only)")
        .ifPresent(out::add);
    return out;
  }

  /** What this switch asks for that the platform cannot express, by feature. */
  private Map<Feature, String> gapsOf(CompiledSwitch sw) {
    Map<Feature, String> gaps = new TreeMap<>();
    List<String> neither = EosHash.missing(sw);
    if (!neither.isEmpty()) {
      gaps.put(
          Feature.HASH,
          (EosHash.sand(sw) ? "load-balance sand profile" : "ip load-sharing trident")
              + " has no field for "
              + String.join(", ", neither)
              + "; the other hash fields are rendered");
    }
    CompiledWatchdog wd = sw.watchdog();
    if (Feature.WATCHDOG.usedBy(sw)
        && (step(wd.detectionMs()) != wd.detectionMs()
            || step(wd.restorationMs()) != wd.restorationMs())) {
      gaps.put(
          Feature.WATCHDOG,
          "the watchdog's timeout and recovery time are hundredths of a second: "
              + wd.detectionMs()
              + " ms and "
              + wd.restorationMs()
              + " ms become "
              + step(wd.detectionMs())
              + " ms and "
              + step(wd.restorationMs())
              + " ms");
    }
    if (!PerQueueEcn.uniform(sw)) {
      gaps.put(
          Feature.ECN,
          "EOS marks and schedules each tx-queue for the whole switch over NETCONF: the switch's"
              + " queues are rendered in config.xml, per-port differences are not");
    }
    if (sw.ports().stream()
        .anyMatch(p -> !p.headroom().isEmpty() || p.cableLengthMetres() != null)) {
      gaps.put(
          Feature.BUFFERS,
          "EOS sizes PFC headroom on the platform; Weft renders no cable length or"
              + " headroom for it");
    }
    return gaps;
  }

  /**
   * {@code facts}: {@code hash_form} ({@code strata} or {@code sand}, from the switch's ASIC
   * family) and {@code hash_fields}, that form's groups ({@code ip}/{@code ipv6}, or {@code
   * ipv4}/{@code ipv6}/{@code l4}) with EOS's names of the intent's fields.
   */
  @Override
  public Map<String, Object> templateData(CompiledSwitch sw) {
    return Map.of(
        "hash_form", EosHash.sand(sw) ? "sand" : "strata", "hash_fields", EosHash.spelled(sw));
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new EosNeighbours());
  }
}
