package dev.weft.intent;

import static dev.weft.intent.Yaml.at;
import static dev.weft.intent.Yaml.bool;
import static dev.weft.intent.Yaml.integer;
import static dev.weft.intent.Yaml.keyAt;
import static dev.weft.intent.Yaml.list;
import static dev.weft.intent.Yaml.mapping;
import static dev.weft.intent.Yaml.provenance;
import static dev.weft.intent.Yaml.raw;
import static dev.weft.intent.Yaml.string;
import static dev.weft.intent.Yaml.strings;

import dev.weft.accel.Accelerators;
import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.BufferPools;
import dev.weft.model.CongestionControl;
import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Health;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Management;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import dev.weft.model.NicQos;
import dev.weft.model.Oversubscription;
import dev.weft.model.Pfc;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.PlanException;
import dev.weft.model.Port;
import dev.weft.model.PortRole;
import dev.weft.model.Profile;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Scheduler;
import dev.weft.model.Subnet;
import dev.weft.model.Switch;
import dev.weft.model.SwitchPlatforms;
import dev.weft.model.TrafficClass;
import dev.weft.model.Transport;
import dev.weft.model.Versions;
import dev.weft.model.Waiver;
import dev.weft.model.Watchdog;
import dev.weft.schema.SchemaMessages;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import dev.weft.units.UnitException;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Maps the merged, schema-checked intent tree to the {@link FabricModel}, applying the spec's
 * defaults and the checks a single file's schema cannot make: {@code version} present somewhere,
 * transport-dependent sections, port speeds and profile references, and exact unit parsing. Never
 * throws on a schema-valid tree; problems become findings with the {@code schema} rule.
 */
public final class IntentMapper {

  static final int DEFAULT_NETCONF_PORT = 830;

  /** A host's counters are read over plain SSH. */
  static final int DEFAULT_SSH_PORT = 22;

  private static final TimeSpan DEFAULT_DETECTION = TimeSpan.ofMillis(200);
  private static final TimeSpan DEFAULT_RESTORATION = TimeSpan.ofMillis(400);
  private static final TimeSpan DEFAULT_POLL = TimeSpan.ofMillis(200);
  private static final List<String> ROCE_ONLY_FABRIC_KEYS =
      List.of(
          "mtu",
          "traffic-classes",
          "pfc",
          "congestion-control",
          "ecmp",
          "trust",
          "pcp-map",
          "dcbx");
  private static final List<String> ROCE_REQUIRED_FABRIC_KEYS =
      List.of("mtu", "traffic-classes", "pfc", "congestion-control");

  /**
   * The expected value of the finding for a port naming a profile no mapped file defines: {@link
   * Consequences} leaves it out when the profile is declared in a skipped file (unread, not
   * missing).
   */
  static final String PROFILE_REFERENCE = "a profile defined under profiles";

  private final Accelerators accelerators;
  private final SwitchPlatforms platforms;

  /** Units parsed with the fast path on, no platforms known (tests, tools). */
  public IntentMapper() {
    this(Accelerators.on(), SwitchPlatforms.NONE);
  }

  /**
   * Units parsed with the run's fast-path switch ({@code WEFT_FAST}); each switch's platform
   * checked against the fabric's transport with the registered packs' transports.
   */
  public IntentMapper(Accelerators accelerators, SwitchPlatforms platforms) {
    this.accelerators = accelerators;
    this.platforms = platforms;
  }

  /** Maps a loaded inventory; its per-file findings are not repeated here. */
  public MapResult map(LoadedIntent loaded) {
    String firstFile = loaded.files().isEmpty() ? null : loaded.files().get(0).source().path();
    return map(loaded.inventory(), loaded.merged(), firstFile);
  }

  /**
   * @param inventory the inventory path, for the model
   * @param merged the merged tree of every file
   * @param firstFile where inventory-wide problems ("no version") are reported, or null
   */
  public MapResult map(String inventory, MapNode merged, String firstFile) {
    return new Run(merged, firstFile, accelerators, platforms).model(inventory);
  }

  /** One mapping pass: the findings list is per run, so the mapper itself stays stateless. */
  private static final class Run {
    private final MapNode root;
    private final Location inventoryLocation;
    private final List<Finding> findings = new ArrayList<>();
    private final Accelerators accelerators;
    private final SwitchPlatforms platforms;

    Run(MapNode root, String firstFile, Accelerators accelerators, SwitchPlatforms platforms) {
      this.root = root;
      this.inventoryLocation = firstFile == null ? null : Location.ofFile(firstFile);
      this.accelerators = accelerators;
      this.platforms = platforms;
    }

    /** A run over a slice of a list, with its own findings (merged back in list order). */
    private Run(Run parent) {
      this.root = parent.root;
      this.inventoryLocation = parent.inventoryLocation;
      this.accelerators = parent.accelerators;
      this.platforms = parent.platforms;
    }

    /** Maps one list item; null when the item is skipped. */
    private interface ItemMapper<T> {
      T map(Run run, int index, Node item);
    }

    /**
     * Maps the items of a top-level list in parallel slices. Each slice collects its own findings;
     * results and findings are put back in list order, so the outcome is the sequential one
     * whatever the scheduling.
     */
    private <T> List<T> mapItems(List<Node> items, ItemMapper<T> mapper) {
      // At least ~16 slices when there are enough items: 1,536 switches of 64 ports each made three
      // slices of 512, two threads, one idle for a third of the time.
      int slice = Math.max(16, Math.min(512, items.size() / 16));
      int slices = (items.size() + slice - 1) / slice;
      record Slice<T>(List<T> results, List<Finding> findings) {}
      List<Slice<T>> done =
          IntStream.range(0, slices)
              .parallel()
              .mapToObj(
                  n -> {
                    Run run = new Run(this);
                    List<T> results = new ArrayList<>(slice);
                    for (int i = n * slice; i < Math.min(items.size(), (n + 1) * slice); i++) {
                      T t = mapper.map(run, i, items.get(i));
                      if (t != null) {
                        results.add(t);
                      }
                    }
                    return new Slice<>(results, run.findings);
                  })
              .toList();
      List<T> out = new ArrayList<>(items.size());
      for (Slice<T> s : done) {
        out.addAll(s.results());
        findings.addAll(s.findings());
      }
      return out;
    }

    MapResult model(String inventory) {
      // A missing `version` or `fabric` is reported by the loader's merge, which sees every file.
      Fabric fabric = fabric(mapping(root, "fabric"));
      Transport transport = fabric == null ? null : fabric.transport();
      java.util.Set<Integer> lossless = new java.util.TreeSet<>();
      if (fabric != null) {
        fabric.losslessClasses().forEach(c -> lossless.add(c.priority()));
      }
      Map<String, Profile> profiles = profiles(mapping(root, "profiles"), lossless);
      List<Switch> switches = switches(transport, profiles, lossless);
      List<Host> hosts = hosts(transport);
      List<Link> links = links();
      cableConflicts(switches, links);
      Subnet subnet = subnet(transport);
      List<Waiver> waivers = waivers();
      FabricModel model =
          FabricModel.of(inventory, fabric, profiles, switches, hosts, links, subnet, waivers);
      findings.sort(Finding.ORDER);
      return new MapResult(model, findings);
    }

    // ---------------------------------------------------------------- fabric

    private Fabric fabric(MapNode f) {
      if (f == null) {
        return null;
      }
      Transport transport = word(string(f, "transport"), Transport::parse);
      if (transport == Transport.ROCE_V2) {
        for (String key : ROCE_REQUIRED_FABRIC_KEYS) {
          if (!f.has(key)) {
            report(
                "missing required key `"
                    + key
                    + "` in fabric (required when `transport` is roce-v2)",
                f.location(),
                "/fabric");
          }
        }
      } else if (transport == Transport.INFINIBAND) {
        for (String key : ROCE_ONLY_FABRIC_KEYS) {
          if (f.has(key)) {
            report(
                "`" + key + "` is not allowed when `transport` is infiniband (RoCE only)",
                keyAt(f, key),
                "/fabric/" + key);
          }
        }
      }
      boolean roce = transport != Transport.INFINIBAND;
      return new Fabric(
          string(f, "name"),
          transport,
          string(f, "description"),
          roce ? roceMtu(mapping(f, "mtu")) : null,
          roce ? trafficClasses(list(f, "traffic-classes")) : List.of(),
          roce ? pfc(mapping(f, "pfc")) : null,
          roce ? word(string(f, "congestion-control"), CongestionControl::parse) : null,
          roce ? ecmp(mapping(f, "ecmp")) : null,
          versions(mapping(f, "versions"), f),
          provenance(f),
          roce ? nicModels(mapping(f, "nic-models")) : Map.of(),
          roce ? bufferPools(mapping(f, "buffer-pools")) : null,
          health(mapping(f, "health"), f),
          oversubscription(mapping(f, "oversubscription")),
          roce ? nicQos(mapping(f, "nic-qos"), "/fabric/nic-qos") : null,
          roce ? string(f, "trust") : null,
          roce && f.has("pcp-map") ? integers(list(f, "pcp-map")) : null,
          roce ? string(f, "dcbx") : null);
    }

    /** {@code nic-qos} of the fabric or of a NIC model; null when not written. */
    private NicQos nicQos(MapNode q, String pointer) {
      if (q == null) {
        return null;
      }
      MapNode ets = mapping(q, "ets");
      MapNode rp = mapping(q, "dcqcn-rp");
      String rpAt = pointer + "/dcqcn-rp";
      return new NicQos(
          q.has("prio2buffer") ? integers(list(q, "prio2buffer")) : null,
          q.has("buffer-size") ? sizes(list(q, "buffer-size"), pointer + "/buffer-size") : null,
          ets == null
              ? null
              : new NicQos.Ets(strings(ets, "tsa"), integers(list(ets, "bw")), provenance(ets)),
          rp == null
              ? null
              : new NicQos.DcqcnRp(
                  unit(rp, "time-reset", TimeSpan::parse, rpAt),
                  integer(rp, "ai-rate"),
                  integer(rp, "hai-rate"),
                  integer(rp, "min-rate"),
                  integer(rp, "min-dec-fac"),
                  unit(rp, "rate-reduce-monitor-period", TimeSpan::parse, rpAt),
                  integer(rp, "initial-alpha-value"),
                  integer(rp, "dce-tcp-g"),
                  unit(rp, "dce-tcp-rtt", TimeSpan::parse, rpAt),
                  provenance(rp)),
          provenance(q));
    }

    /** A list of sizes; an item that is no size is reported at its line and left out. */
    private List<Size> sizes(List<Node> items, String pointer) {
      List<Size> out = new ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        Node n = items.get(i);
        if (!(n instanceof ScalarNode s) || s.value() == null) {
          continue;
        }
        try {
          out.add(Size.parse(s.value(), accelerators));
        } catch (UnitException e) {
          report(e.getMessage(), n.location(), pointer + "/" + i);
        }
      }
      return out;
    }

    /** {@code leaf: "3:1"} → leaf 3.0; the schema holds each value to {@code N:1}. */
    private static Oversubscription oversubscription(MapNode targets) {
      if (targets == null) {
        return null;
      }
      Map<String, Double> ratio = new LinkedHashMap<>();
      for (MapNode.Entry e : targets.entries().values()) {
        if (e.value() instanceof ScalarNode s && s.text() != null && s.text().endsWith(":1")) {
          String text = s.text();
          try {
            ratio.put(e.key(), Double.parseDouble(text.substring(0, text.length() - 2)));
          } catch (NumberFormatException invalid) {
            // the schema has reported it
          }
        }
      }
      return new Oversubscription(ratio, provenance(targets));
    }

    private Map<String, NicModel> nicModels(MapNode models) {
      Map<String, NicModel> out = new LinkedHashMap<>();
      if (models == null) {
        return out;
      }
      for (MapNode.Entry e : models.entries().values()) {
        if (!(e.value() instanceof MapNode m)) {
          continue;
        }
        MapNode cnp = mapping(m, "cnp");
        out.put(
            e.key(),
            new NicModel(
                e.key(),
                string(m, "trust"),
                m.has("pfc") ? integers(list(m, "pfc")) : null,
                string(m, "dscp-map"),
                integer(m, "roce-tos"),
                integer(cnp, "dscp"),
                integer(cnp, "priority"),
                optionalBool(m, "dcqcn"),
                optionalBool(m, "link-pause"),
                string(m, "dcbx"),
                string(m, "roce-mode"),
                provenance(m),
                string(m, "description"),
                nicQos(mapping(m, "nic-qos"), "/fabric/nic-models/" + e.key() + "/nic-qos")));
      }
      return out;
    }

    private static BufferPools bufferPools(MapNode pools) {
      if (pools == null) {
        return null;
      }
      Map<String, Integer> percent = new LinkedHashMap<>();
      for (MapNode.Entry e : pools.entries().values()) {
        Integer value = Yaml.integer(e.value());
        if (value != null) {
          percent.put(e.key(), value);
        }
      }
      return new BufferPools(percent, provenance(pools));
    }

    private static List<Integer> integers(List<Node> items) {
      List<Integer> out = new ArrayList<>(items.size());
      for (Node n : items) {
        Integer v = Yaml.integer(n);
        if (v != null) {
          out.add(v);
        }
      }
      return out;
    }

    private static Boolean optionalBool(MapNode m, String key) {
      return m.has(key) ? bool(m, key, false) : null;
    }

    private Health health(MapNode h, MapNode fabric) {
      if (h == null) {
        return Health.defaults(provenance(fabric));
      }
      return new Health(
          longOr(h, "lossless-drops", 0),
          longOr(h, "watchdog-storms", 0),
          longOr(h, "pause-frames-per-second", Health.DEFAULT_PAUSE_FRAMES_PER_SECOND),
          bool(h, "cnp-required", true),
          longOr(h, "min-roce-packets", Health.DEFAULT_MIN_ROCE_PACKETS),
          provenance(h));
    }

    private long longOr(MapNode m, String key, long otherwise) {
      Integer v = integer(m, key);
      return v == null ? otherwise : v;
    }

    private RoceMtu roceMtu(MapNode m) {
      if (m == null) {
        return null;
      }
      Integer sw = integer(m, "switch");
      Integer nic = integer(m, "nic");
      Integer roce = integer(m, "roce");
      if (sw == null || nic == null || roce == null) {
        return null;
      }
      return new RoceMtu(sw, nic, roce, provenance(m));
    }

    private List<TrafficClass> trafficClasses(List<Node> items) {
      List<TrafficClass> out = new ArrayList<>();
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof MapNode tc)) {
          continue;
        }
        String pointer = "/fabric/traffic-classes/" + i;
        Integer priority = integer(tc, "priority");
        if (priority == null || string(tc, "name") == null) {
          continue;
        }
        Integer queue = integer(tc, "queue");
        boolean dscpDefault = "default".equals(string(tc, "dscp"));
        List<Integer> dscp = new ArrayList<>();
        for (Node n : list(tc, "dscp")) {
          Integer codePoint = Yaml.integer(n);
          if (codePoint != null) {
            dscp.add(codePoint);
          }
        }
        out.add(
            new TrafficClass(
                string(tc, "name"),
                dscp,
                dscpDefault,
                priority,
                queue == null ? priority : queue,
                bool(tc, "lossless", false),
                ecn(mapping(tc, "ecn"), pointer + "/ecn"),
                scheduler(mapping(tc, "scheduler")),
                string(tc, "role"),
                provenance(tc)));
      }
      return out;
    }

    private Ecn ecn(MapNode e, String pointer) {
      if (e == null) {
        return null;
      }
      Size min = unit(e, "min", Size::parse, pointer);
      Size max = unit(e, "max", Size::parse, pointer);
      if (min == null || max == null) {
        return null;
      }
      Integer probability = integer(e, "probability");
      List<Ecn.BySpeed> bySpeed = new ArrayList<>();
      MapNode speeds = mapping(e, "by-speed");
      if (speeds != null) {
        for (MapNode.Entry entry : speeds.entries().values()) {
          Speed speed;
          try {
            speed = Speed.parse(entry.key());
          } catch (UnitException bad) {
            report(
                "`by-speed`: " + bad.getMessage(),
                entry.keyLocation(),
                pointer + "/by-speed/" + entry.key());
            continue;
          }
          if (!(entry.value() instanceof MapNode level)) {
            continue;
          }
          String at = pointer + "/by-speed/" + entry.key();
          Size lmin = unit(level, "min", Size::parse, at);
          Size lmax = unit(level, "max", Size::parse, at);
          Integer lp = integer(level, "probability");
          if (lmin != null && lmax != null) {
            bySpeed.add(
                new Ecn.BySpeed(speed, lmin, lmax, lp == null ? 100 : lp, provenance(level)));
          }
        }
      }
      // the schema allows keep or drop only; absent (or refused) keeps non-ECT packets
      return new Ecn(
          min,
          max,
          probability == null ? 100 : probability,
          provenance(e),
          bySpeed,
          Ecn.NonEct.of(string(e, "non-ect")));
    }

    private Scheduler scheduler(MapNode s) {
      if (s == null) {
        return null;
      }
      Scheduler.Type type =
          "strict".equals(string(s, "type")) ? Scheduler.Type.STRICT : Scheduler.Type.DWRR;
      return new Scheduler(
          type, type == Scheduler.Type.STRICT ? null : integer(s, "weight"), provenance(s));
    }

    private Pfc pfc(MapNode p) {
      if (p == null) {
        return null;
      }
      MapNode w = mapping(p, "watchdog");
      Watchdog watchdog;
      if (w == null) {
        // No watchdog written means none configured; rules report that at the pfc block.
        watchdog =
            new Watchdog(
                false,
                DEFAULT_DETECTION,
                DEFAULT_RESTORATION,
                Watchdog.Action.DROP,
                DEFAULT_POLL,
                Provenance.at(p.location()));
      } else {
        String pointer = "/fabric/pfc/watchdog";
        TimeSpan detection =
            orDefault(unit(w, "detection", TimeSpan::parse, pointer), DEFAULT_DETECTION);
        // An unwritten poll defaults to 200 ms, or to the detection time when that is shorter:
        // SONiC refuses
        // a detection time below its poll interval, so the default must never make a valid plan
        // invalid.
        TimeSpan poll = unit(w, "poll", TimeSpan::parse, pointer);
        if (poll == null) {
          poll = detection.compareTo(DEFAULT_POLL) < 0 ? detection : DEFAULT_POLL;
        }
        watchdog =
            new Watchdog(
                bool(w, "enabled", false),
                detection,
                orDefault(unit(w, "restoration", TimeSpan::parse, pointer), DEFAULT_RESTORATION),
                action(string(w, "action")),
                poll,
                provenance(w));
      }
      // the buffer knobs stay null when unwritten: the templates then render today's defaults
      return new Pfc(
          watchdog,
          bool(p, "link-pause", false),
          provenance(p),
          integer(p, "dynamic-threshold"),
          integer(p, "headroom-over-subscription"));
    }

    private static Watchdog.Action action(String word) {
      Watchdog.Action a = Watchdog.Action.of(word);
      return a == null ? Watchdog.Action.DROP : a;
    }

    private Ecmp ecmp(MapNode e) {
      if (e == null) {
        return null;
      }
      Map<String, Long> seeds = new TreeMap<>();
      MapNode s = mapping(e, "seeds");
      if (s != null) {
        for (MapNode.Entry entry : s.entries().values()) {
          Long seed = seed(entry.value());
          if (seed != null) {
            seeds.put(entry.key(), seed);
          }
        }
      }
      return new Ecmp(
          strings(e, "hash-fields"), seeds, bool(e, "dual-plane", false), provenance(e));
    }

    /** A hash seed (0..2^32-1, so wider than an int), or null. */
    private static Long seed(Node node) {
      if (!(node instanceof ScalarNode sc) || !(sc.value() instanceof Number n)) {
        return null;
      }
      try {
        return (n instanceof java.math.BigDecimal d ? d : new java.math.BigDecimal(n.toString()))
            .longValueExact();
      } catch (ArithmeticException | NumberFormatException notWhole) {
        return null;
      }
    }

    private Versions versions(MapNode v, MapNode fabric) {
      if (v == null) {
        return new Versions(Map.of(), Map.of(), Provenance.at(fabric.location()));
      }
      return new Versions(
          stringMap(mapping(v, "switch-os")),
          stringMap(mapping(v, "nic-firmware")),
          stringMap(mapping(v, "switch-os-minimum")),
          stringMap(mapping(v, "nic-firmware-minimum")),
          provenance(v));
    }

    /**
     * The {@code exception} of a switch, profile or port, or null. An exception can only narrow the
     * lossless set ({@code pfc: false} or a subset of the fabric's lossless priorities) and must
     * change something.
     */
    private PlanException exception(
        MapNode owner,
        String pointer,
        java.util.Set<Integer> lossless,
        String device,
        String port) {
      MapNode e = mapping(owner, "exception");
      if (e == null) {
        return null;
      }
      String at = pointer + "/exception";
      List<Integer> pfc = null;
      Object rawPfc = raw(e, "pfc");
      if (Boolean.TRUE.equals(rawPfc)) {
        findingOn(
            device,
            port,
            "`pfc: true` in an exception changes nothing (the fabric plan already runs PFC);"
                + " write `pfc: false` for a lossy scope or the lossless priorities it keeps",
            at(e, "pfc"),
            at + "/pfc");
      } else if (Boolean.FALSE.equals(rawPfc)) {
        pfc = List.of();
      } else if (e.has("pfc")) {
        pfc = integers(list(e, "pfc"));
        List<Integer> extra = pfc.stream().filter(p -> !lossless.contains(p)).toList();
        if (!extra.isEmpty()) {
          findingOn(
              device,
              port,
              "an exception can only narrow the lossless set; priority "
                  + extra.get(0)
                  + " is not lossless in the fabric plan (lossless: "
                  + new java.util.TreeSet<>(lossless)
                  + ")",
              at(e, "pfc"),
              at + "/pfc");
          pfc = pfc.stream().filter(lossless::contains).toList();
        }
      }
      Watchdog.Action action = Watchdog.Action.of(string(mapping(e, "watchdog"), "action"));
      if (pfc == null && action == null && !Boolean.TRUE.equals(rawPfc)) {
        findingOn(
            device,
            port,
            "the exception changes nothing; give `pfc` or `watchdog` (or remove it)",
            e.location(),
            at);
      }
      return new PlanException(string(e, "reason"), pfc, action, provenance(e));
    }

    private static Map<String, String> stringMap(MapNode m) {
      Map<String, String> out = new TreeMap<>();
      if (m != null) {
        for (MapNode.Entry e : m.entries().values()) {
          if (e.value() instanceof ScalarNode s && s.value() instanceof String text) {
            out.put(e.key(), text);
          }
        }
      }
      return out;
    }

    // ---------------------------------------------------------------- profiles, switches

    private Map<String, Profile> profiles(MapNode p, java.util.Set<Integer> lossless) {
      Map<String, Profile> out = new LinkedHashMap<>();
      if (p == null) {
        return out;
      }
      for (MapNode.Entry e : p.entries().values()) {
        if (e.value() instanceof MapNode m) {
          String pointer = "/profiles/" + e.key();
          out.put(
              e.key(),
              new Profile(
                  e.key(),
                  portSpeed(m, pointer),
                  integer(m, "mtu"),
                  word(string(m, "role"), PortRole::parse),
                  string(m, "description"),
                  provenance(m),
                  headroom(m, pointer),
                  integer(m, "vlan"),
                  exception(m, pointer, lossless, null, null),
                  cableLength(m, pointer)));
        }
      }
      return out;
    }

    private List<Switch> switches(
        Transport transport, Map<String, Profile> profiles, java.util.Set<Integer> lossless) {
      return mapItems(
          list(root, "switches"),
          (run, i, item) -> run.switchAt(i, item, transport, profiles, lossless));
    }

    private Switch switchAt(
        int i,
        Node item,
        Transport transport,
        Map<String, Profile> profiles,
        java.util.Set<Integer> lossless) {
      if (!(item instanceof MapNode s) || string(s, "name") == null) {
        return null;
      }
      String name = string(s, "name");
      String pointer = "/switches/" + i;
      String platform = string(s, "platform");
      if (transport == Transport.ROCE_V2 && platforms.foreignTo(platform, transport)) {
        reportOn(
            name,
            "switch "
                + name
                + " has platform "
                + platform
                + ", an InfiniBand platform, in a roce-v2"
                + " fabric; use "
                + orList(platforms.of(transport)),
            at(s, "platform"),
            pointer + "/platform");
      } else if (transport == Transport.INFINIBAND && platforms.foreignTo(platform, transport)) {
        reportOn(
            name,
            "switch "
                + name
                + " has platform "
                + platform
                + " in an infiniband fabric; use "
                + orList(platforms.of(transport)),
            at(s, "platform"),
            pointer + "/platform");
      }
      if (transport == Transport.ROCE_V2 && !s.has("ports")) {
        reportOn(
            name,
            "missing required key `ports` in switch "
                + name
                + " (required when `transport` is roce-v2)",
            s.location(),
            pointer);
      }
      List<Port> ports = ports(name, list(s, "ports"), pointer, profiles, lossless);
      return new Switch(
          name,
          string(s, "role"),
          platform,
          string(s, "asic"),
          string(s, "os-version"),
          management(mapping(s, "management")),
          ports,
          string(s, "node-guid"),
          provenance(s),
          string(s, "hwsku"),
          seed(s.get("hash-seed").orElse(null)),
          exception(s, pointer, lossless, name, null),
          integer(s, "rail"),
          string(s, "scalable-unit"),
          string(s, "trust"));
    }

    private Management management(MapNode m) {
      return management(m, DEFAULT_NETCONF_PORT);
    }

    /**
     * @param defaultPort a switch's NETCONF port, a host's SSH port
     */
    private Management management(MapNode m, int defaultPort) {
      if (m == null || string(m, "host") == null) {
        return null;
      }
      Integer port = integer(m, "port");
      String credentials = string(m, "credentials");
      MapNode c = mapping(m, "cli");
      Management cli = null;
      if (c != null) {
        // the CLI login shares the NETCONF login's host and credential unless it names its own
        Integer cliPort = integer(c, "port");
        String cliHost = string(c, "host");
        String cliCredentials = string(c, "credentials");
        cli =
            new Management(
                cliHost == null ? string(m, "host") : cliHost,
                cliPort == null ? DEFAULT_SSH_PORT : cliPort,
                cliCredentials == null ? credentials : cliCredentials,
                provenance(c));
      }
      return new Management(
          string(m, "host"), port == null ? defaultPort : port, credentials, provenance(m), cli);
    }

    private List<Port> ports(
        String device,
        List<Node> items,
        String switchPointer,
        Map<String, Profile> profiles,
        java.util.Set<Integer> lossless) {
      List<Port> out = new ArrayList<>();
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof MapNode p) || string(p, "name") == null) {
          continue;
        }
        String name = string(p, "name");
        String pointer = switchPointer + "/ports/" + i;
        String profileName = string(p, "profile");
        Profile profile = profileName == null ? null : profiles.get(profileName);
        if (profileName != null && profile == null) {
          String hint = DidYouMean.suggest(profileName, profiles.keySet());
          findings.add(
              Finding.of(
                      SchemaMessages.RULE,
                      Severity.ERROR,
                      "port "
                          + name
                          + " of "
                          + device
                          + " names unknown profile `"
                          + profileName
                          + "`"
                          + (hint == null ? "" : "; did you mean `" + hint + "`?"))
                  .at(at(p, "profile"))
                  .withPath(pointer + "/profile")
                  .onDevice(device)
                  .onPort(name)
                  .withValues(PROFILE_REFERENCE, profileName));
        }
        Speed speed = portSpeed(p, pointer);
        boolean speedWritten =
            p.has("speed")
                || (profile != null && profile.speed() != null)
                || (profile != null && profile.at().written("speed"));
        if (!speedWritten && (profileName == null || profile != null)) {
          finding(
              device,
              name,
              "port "
                  + name
                  + " of "
                  + device
                  + " has no speed: set `speed` on the port"
                  + (profile == null
                      ? " or give it a profile that sets one"
                      : " or in profile `" + profileName + "`"),
              p.location(),
              pointer);
        }
        out.add(
            new Port(
                name,
                profileName,
                speed,
                integer(p, "mtu"),
                word(string(p, "role"), PortRole::parse),
                string(p, "description"),
                provenance(p),
                headroom(p, pointer),
                integer(p, "vlan"),
                exception(p, pointer, lossless, device, name),
                string(p, "reason"),
                cableLength(p, pointer),
                string(p, "lag")));
      }
      return out;
    }

    /**
     * The hand-configured {@code headroom} of a port or profile ({@code xoff}, optionally {@code
     * xon} and {@code size}), or null.
     */
    private PinnedHeadroom headroom(MapNode owner, String pointer) {
      Node headroom = owner.get("headroom").orElse(null);
      if (!(headroom instanceof MapNode h)) {
        return null;
      }
      Size xoff = unit(h, "xoff", Size::parse, pointer + "/headroom");
      return xoff == null
          ? null
          : new PinnedHeadroom(
              xoff,
              unit(h, "xon", Size::parse, pointer + "/headroom"),
              unit(h, "size", Size::parse, pointer + "/headroom"));
    }

    // ---------------------------------------------------------------- hosts, links

    private List<Host> hosts(Transport transport) {
      return mapItems(list(root, "hosts"), (run, i, item) -> run.hostAt(i, item, transport));
    }

    private Host hostAt(int i, Node item, Transport transport) {
      if (!(item instanceof MapNode h) || string(h, "name") == null) {
        return null;
      }
      String name = string(h, "name");
      String pointer = "/hosts/" + i;
      if (transport == Transport.ROCE_V2 && h.has("hcas")) {
        reportOn(
            name,
            "`hcas` is not allowed when `transport` is roce-v2 (InfiniBand only); list RDMA NICs under `nics`",
            keyAt(h, "hcas"),
            pointer + "/hcas");
      } else if (transport == Transport.INFINIBAND && h.has("nics")) {
        reportOn(
            name,
            "`nics` is not allowed when `transport` is infiniband (RoCE only); list HCAs under `hcas`",
            keyAt(h, "nics"),
            pointer + "/nics");
      }
      List<Nic> nics = new ArrayList<>();
      List<Node> nicNodes = list(h, "nics");
      for (int n = 0; n < nicNodes.size(); n++) {
        if (nicNodes.get(n) instanceof MapNode m && string(m, "name") != null) {
          nics.add(
              new Nic(
                  string(m, "name"),
                  string(m, "rdma-device"),
                  string(m, "model"),
                  string(m, "firmware"),
                  unit(m, "speed", Speed::parse, pointer + "/nics/" + n),
                  provenance(m),
                  integer(m, "rail")));
        }
      }
      List<Hca> hcas = new ArrayList<>();
      List<Node> hcaNodes = list(h, "hcas");
      for (int n = 0; n < hcaNodes.size(); n++) {
        if (hcaNodes.get(n) instanceof MapNode m && string(m, "name") != null) {
          hcas.add(
              new Hca(
                  string(m, "name"),
                  string(m, "port-guid"),
                  unit(m, "speed", Speed::parse, pointer + "/hcas/" + n),
                  provenance(m)));
        }
      }
      return new Host(
          name,
          nics,
          hcas,
          provenance(h),
          integer(h, "gid-index"),
          management(mapping(h, "management"), DEFAULT_SSH_PORT));
    }

    private List<Link> links() {
      return mapItems(list(root, "links"), Run::linkAt);
    }

    private Link linkAt(int i, Node item) {
      if (!(item instanceof MapNode l)) {
        return null;
      }
      Endpoint a = endpoint(l, "a");
      Endpoint b = endpoint(l, "b");
      if (a == null || b == null) {
        return null;
      }
      return new Link(
          a,
          b,
          unit(l, "cable-length", Length::parse, "/links/" + i),
          provenance(l),
          string(l, "media"));
    }

    private static Endpoint endpoint(MapNode link, String key) {
      String text = string(link, key);
      int colon = text == null ? -1 : text.indexOf(':');
      if (colon <= 0 || colon == text.length() - 1) {
        return null;
      }
      return new Endpoint(text.substring(0, colon), text.substring(colon + 1), at(link, key));
    }

    // ---------------------------------------------------------------- subnet, waivers

    private Subnet subnet(Transport transport) {
      MapNode s = mapping(root, "subnet");
      if (transport == Transport.ROCE_V2 && root.has("subnet")) {
        report(
            "`subnet` is not allowed when `transport` is roce-v2 (InfiniBand only)",
            keyAt(root, "subnet"),
            "/subnet");
        return null;
      }
      if (transport == Transport.INFINIBAND && s == null) {
        report(
            "no file defines `subnet`; an infiniband fabric needs one (required when `transport` is infiniband)",
            inventoryLocation,
            "/subnet");
        return null;
      }
      if (s == null) {
        return null;
      }
      try {
        return SubnetMapper.map(s, findings);
      } catch (RuntimeException bug) {
        // The subnet mapper is another module's code; a bug there must not hide the rest of the
        // model.
        report("internal error while mapping `subnet`: " + bug, s.location(), "/subnet");
        return null;
      }
    }

    private List<Waiver> waivers() {
      List<Waiver> out = new ArrayList<>();
      List<Node> items = list(root, "waivers");
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof MapNode w) || string(w, "rule") == null) {
          continue;
        }
        LocalDate expires = date(w, "expires", "/waivers/" + i + "/expires");
        out.add(
            new Waiver(
                string(w, "rule"),
                string(w, "reason"),
                expires,
                strings(w, "devices"),
                strings(w, "ports"),
                strings(w, "files"),
                provenance(w)));
      }
      return out;
    }

    private LocalDate date(MapNode w, String key, String pointer) {
      String text = string(w, key);
      if (text == null) {
        return null;
      }
      try {
        return LocalDate.parse(text);
      } catch (DateTimeParseException e) {
        report(
            "`" + key + "` must be a real calendar date written YYYY-MM-DD, found \"" + text + "\"",
            at(w, key),
            pointer);
        return null;
      }
    }

    // ---------------------------------------------------------------- helpers

    /**
     * A port's or profile's speed; null for {@code auto} (the configuration fixes no speed: the
     * port negotiates it or takes its optics'), which the compiled plan carries as no speed.
     */
    private Length cableLength(MapNode m, String objectPointer) {
      if ("default".equals(raw(m, "cable-length"))) {
        return null; // the platform's default headroom: the provenance says it was written
      }
      return unit(m, "cable-length", Length::parse, objectPointer);
    }

    /**
     * A port whose link gives a cable length and whose own {@code cable-length} (a length or {@code
     * default}) says otherwise: the link's wins, and the port's is an error naming both lines, so a
     * stale value on the port is not silently ignored. A profile's length is the default of the
     * ports no link sizes, so a link that differs from it is normal.
     */
    private void cableConflicts(List<Switch> switches, List<Link> links) {
      Map<String, Link> byEnd = new java.util.HashMap<>();
      for (Link l : links) {
        if (l.cableLength() != null) {
          byEnd.put(l.a().toString(), l);
          byEnd.put(l.b().toString(), l);
        }
      }
      for (Switch s : switches) {
        for (Port p : s.ports()) {
          if (p.cableLength() == null && !p.cableLengthDefault()) {
            continue;
          }
          Link l = byEnd.get(s.name() + ":" + p.name());
          if (l == null || l.cableLength().equals(p.cableLength())) {
            continue;
          }
          String own = p.cableLength() == null ? "default" : p.cableLength().toString();
          findings.add(
              Finding.of(
                      SchemaMessages.RULE,
                      Severity.ERROR,
                      "port "
                          + p.name()
                          + " of "
                          + s.name()
                          + " says cable-length "
                          + own
                          + " but its link ("
                          + l.at().of("cable-length")
                          + ") says "
                          + l.cableLength()
                          + "; the link's length sizes the headroom: remove the port's or make"
                          + " them agree")
                  .at(p.at().of("cable-length"))
                  .onDevice(s.name())
                  .onPort(p.name())
                  .withValues(l.cableLength().toString(), own));
        }
      }
    }

    private Speed portSpeed(MapNode m, String objectPointer) {
      if ("auto".equals(raw(m, "speed"))) {
        return null;
      }
      return unit(m, "speed", Speed::parse, objectPointer);
    }

    private <T> T unit(
        MapNode m,
        String key,
        java.util.function.BiFunction<Object, Accelerators, T> parser,
        String objectPointer) {
      Object value = raw(m, key);
      if (value == null) {
        return null;
      }
      try {
        return parser.apply(value, accelerators);
      } catch (UnitException e) {
        report("`" + key + "`: " + e.getMessage(), at(m, key), objectPointer + "/" + key);
        return null;
      }
    }

    private static <T> T word(String text, Function<String, T> parse) {
      if (text == null) {
        return null;
      }
      try {
        return parse.apply(text);
      } catch (IllegalArgumentException schemaAlreadyReportedIt) {
        return null;
      }
    }

    /** {@code a, b or c}. */
    private static String orList(List<String> words) {
      int last = words.size() - 1;
      return last <= 0
          ? String.join("", words)
          : String.join(", ", words.subList(0, last)) + " or " + words.get(last);
    }

    private static <T> T orDefault(T value, T fallback) {
      return value == null ? fallback : value;
    }

    private void report(String message, Location where, String pointer) {
      findings.add(
          Finding.of(SchemaMessages.RULE, Severity.ERROR, message).at(where).withPath(pointer));
    }

    private void reportOn(String device, String message, Location where, String pointer) {
      findings.add(
          Finding.of(SchemaMessages.RULE, Severity.ERROR, message)
              .at(where)
              .withPath(pointer)
              .onDevice(device));
    }

    private void findingOn(
        String device, String port, String message, Location where, String pointer) {
      Finding f =
          Finding.of(SchemaMessages.RULE, Severity.ERROR, message).at(where).withPath(pointer);
      findings.add(
          device == null ? f : port == null ? f.onDevice(device) : f.onDevice(device).onPort(port));
    }

    private void finding(
        String device, String port, String message, Location where, String pointer) {
      findings.add(
          Finding.of(SchemaMessages.RULE, Severity.ERROR, message)
              .at(where)
              .withPath(pointer)
              .onDevice(device)
              .onPort(port));
    }
  }
}
