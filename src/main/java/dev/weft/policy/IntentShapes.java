package dev.weft.policy;

import static dev.weft.policy.Shape.BOOL;
import static dev.weft.policy.Shape.INT;
import static dev.weft.policy.Shape.STRING;

import dev.weft.finding.Location;
import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.EffectivePort;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Health;
import dev.weft.model.Host;
import dev.weft.model.IbHealth;
import dev.weft.model.IbQos;
import dev.weft.model.Link;
import dev.weft.model.Management;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import dev.weft.model.NicQos;
import dev.weft.model.Partition;
import dev.weft.model.Pfc;
import dev.weft.model.PlanException;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.model.Switch;
import dev.weft.model.TrafficClass;
import dev.weft.model.Versions;
import dev.weft.model.Waiver;
import dev.weft.model.Watchdog;
import dev.weft.schema.IntentFields;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The intent model as CEL types: the same records the built-in rules read, field names in
 * snake_case, quantities in base units (bytes, Gb/s, metres; times as CEL durations). Each field
 * points at the intent line that set it: a port's speed at the profile or port that gave it, a
 * class's weight at its scheduler.
 */
final class IntentShapes {

  private IntentShapes() {}

  /** A host's NIC with the host it is in (the NIC record alone does not know). */
  record NicOf(Host host, Nic nic) {}

  /** An InfiniBand HCA with its host. */
  record HcaOf(Host host, Hca hca) {}

  /**
   * Intent keys that a hand-written field stands for under another name (or, for {@code ""}, that
   * no field shows, with the reason in {@link #NOT_SHOWN}); every other intent field is a field of
   * its object's CEL type by its own name. Keyed {@code object.key} as {@link IntentFields} names
   * them.
   */
  static final Map<String, String> COVERS =
      Map.of(
          "intent.fabric", ".",
          "intent.version", "",
          "subnet.routing-engine", "routing_engines",
          "profile.headroom", "headroom_xoff",
          "port.headroom", "headroom_xoff",
          "nic-model.cnp", "cnp_dscp",
          "exception.watchdog", "watchdog_action");

  /**
   * Intent keys whose value a record holds under another name (or behind a method that resolves
   * it); every other key is read from the record component of its own name ({@code gid-index} →
   * {@code gidIndex()}).
   */
  static final Map<String, String> READ_BY =
      Map.of(
          "roce-mtu.switch", "switchMtu",
          "subnet.routing-engine", "routingEngines",
          "subnet.sharp", "sharpEnabled",
          "subnet.adaptive-routing", "adaptiveRoutingEnabled",
          "profile.headroom", "headroomXoff",
          "port.headroom", "headroomXoff",
          "nic-model.cnp", "cnpDscp",
          "exception.watchdog", "watchdogAction");

  /** Why an intent key is not shown to rules. */
  static final Map<String, String> NOT_SHOWN =
      Map.of(
          "intent.version",
          "the format version, 1 in every valid inventory; checked when files merge");

  /** The CEL type of each model record that rules see as a struct. */
  private static final Map<Class<?>, String> TYPES =
      Map.ofEntries(
          Map.entry(RoceMtu.class, "weft.Mtu"),
          Map.entry(TrafficClass.class, "weft.TrafficClass"),
          Map.entry(Ecn.class, "weft.Ecn"),
          Map.entry(Ecn.BySpeed.class, "weft.EcnLevel"),
          Map.entry(Pfc.class, "weft.Pfc"),
          Map.entry(Watchdog.class, "weft.Watchdog"),
          Map.entry(Versions.class, "weft.Versions"),
          Map.entry(Ecmp.class, "weft.Ecmp"),
          Map.entry(Health.class, "weft.Health"),
          Map.entry(NicModel.class, "weft.NicModel"),
          Map.entry(NicQos.class, "weft.NicQos"),
          Map.entry(NicQos.Ets.class, "weft.NicEts"),
          Map.entry(NicQos.DcqcnRp.class, "weft.DcqcnRp"),
          Map.entry(Profile.class, "weft.Profile"),
          Map.entry(Switch.class, "weft.Switch"),
          Map.entry(Management.class, "weft.Management"),
          Map.entry(PlanException.class, "weft.Exception"),
          Map.entry(Link.class, "weft.Link"),
          Map.entry(Endpoint.class, "weft.End"),
          Map.entry(Host.class, "weft.Host"),
          Map.entry(Subnet.class, "weft.Subnet"),
          Map.entry(IbQos.class, "weft.Qos"),
          Map.entry(IbHealth.class, "weft.IbHealth"),
          Map.entry(IbQos.VlWeight.class, "weft.VlArb"),
          Map.entry(IbQos.QosLevel.class, "weft.QosLevel"),
          Map.entry(SubnetManager.class, "weft.SubnetManager"),
          Map.entry(Partition.class, "weft.Partition"),
          Map.entry(Partition.Member.class, "weft.Member"),
          Map.entry(Waiver.class, "weft.Waiver"));

  /**
   * @param schema the intent's fields: every one a hand-written field does not show is derived from
   *     it
   */
  static List<Shape> all(IntentFields schema) {
    DerivedFields d = new DerivedFields(schema, TYPES);
    return List.of(
        fabric(d),
        mtu(d),
        trafficClass(d),
        ecn(d),
        ecnLevel(d),
        pfc(d),
        watchdog(d),
        versions(d),
        ecmp(d),
        health(d),
        nicModel(d),
        nicQos(d),
        nicEts(d),
        dcqcnRp(d),
        profile(d),
        switchShape(d),
        management(d),
        exception(d),
        port(d),
        link(d),
        end(d),
        host(d),
        nic(d),
        hca(d),
        subnet(d),
        ibHealth(d),
        qos(d),
        vlArb(d),
        qosLevel(d),
        subnetManager(d),
        partition(d),
        member(d),
        waiver(d));
  }

  private static <T> T same(T t) {
    return t;
  }

  static Location at(Provenance p, String key) {
    return p == null ? null : p.of(key);
  }

  static Location self(Provenance p) {
    return p == null ? null : p.self();
  }

  private static String word(Enum<?> e) {
    return e == null ? null : e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** A shape over records that are the intent object's own. */
  private static <T extends Record> DerivedFields.Listing<T> of(
      DerivedFields d, String name, String doc, Class<T> type, String object) {
    return d.shape(Shape.named(name, doc), type, object, type, IntentShapes::same, COVERS, READ_BY);
  }

  private static Shape fabric(DerivedFields d) {
    Shape.Builder b =
        d.shape(
                Shape.named(
                    "weft.Fabric", "the fabric plan and, for fabric rules, every device and link"),
                FabricModel.class,
                "fabric",
                Fabric.class,
                FabricModel::fabric,
                COVERS,
                READ_BY)
            .self((m, c) -> m.fabric() == null ? null : self(m.fabric().at()))
            .label((m, c) -> m.fabric() == null ? "fabric" : m.fabric().name())
            .key("mtu", "RoCE MTUs")
            .key("traffic-classes", "the traffic plan, in file order")
            .key("pfc", "PFC watchdog and link pause")
            .computed(
                "ecmp_hash_fields",
                new Shape.ListOf(STRING),
                "as written",
                (m, c) ->
                    m.fabric() == null || m.fabric().ecmp() == null
                        ? null
                        : m.fabric().ecmp().hashFields(),
                (m, c) ->
                    m.fabric() == null || m.fabric().ecmp() == null
                        ? null
                        : at(m.fabric().ecmp().at(), "hash-fields"))
            .key("versions", "qualified versions")
            .computed(
                "profiles",
                new Shape.MapOf("string", new Shape.Struct("weft.Profile")),
                "port profiles by name",
                (m, c) -> m.profiles(),
                null)
            .computed(
                "switches",
                new Shape.ListOf(new Shape.Struct("weft.Switch")),
                "every switch, in file order",
                (m, c) -> m.switches(),
                null)
            .computed(
                "hosts",
                new Shape.ListOf(new Shape.Struct("weft.Host")),
                "every host, in file order",
                (m, c) -> m.hosts(),
                null)
            .computed(
                "links",
                new Shape.ListOf(new Shape.Struct("weft.Link")),
                "every link, in file order",
                (m, c) -> m.links(),
                null)
            .computed(
                "subnet",
                new Shape.Struct("weft.Subnet"),
                "InfiniBand subnet; absent on RoCE",
                (m, c) -> m.subnet(),
                (m, c) -> self(m.subnet() == null ? null : m.subnet().at()))
            .derived();
    return d.add(
            b, FabricModel.class, IntentFields.TOP, FabricModel.class, IntentShapes::same, COVERS)
        .build();
  }

  private static Shape mtu(DerivedFields d) {
    return of(d, "weft.Mtu", "`fabric.mtu`", RoceMtu.class, "roce-mtu")
        .self((m, c) -> self(m.at()))
        .quantity("switch", "bytes", "L3 MTU of switch ports carrying RoCE")
        .quantity("nic", "bytes", "netdev MTU of RDMA NICs")
        .quantity("roce", "bytes", "RoCE path MTU")
        .build();
  }

  private static Shape trafficClass(DerivedFields d) {
    return of(
            d,
            "weft.TrafficClass",
            "one entry of `fabric.traffic-classes`",
            TrafficClass.class,
            "traffic-class")
        .self((t, c) -> self(t.at()))
        .label((t, c) -> "class " + t.name())
        .key("dscp", "code points listed (empty for `dscp: default`)")
        .computed(
            "dscp_default",
            BOOL,
            "true for `dscp: default`",
            (t, c) -> t.dscpDefault(),
            (t, c) -> at(t.at(), "dscp"))
        .key("priority", "switch priority 0..7")
        .computed(
            "queue",
            INT,
            "egress queue 0..7 (the priority when not written)",
            (t, c) -> t.queue(),
            (t, c) -> at(t.at(), t.at() != null && t.at().written("queue") ? "queue" : "priority"))
        .key("lossless", "PFC on this priority")
        .key("ecn", "WRED-ECN marking; absent when not written")
        .computed(
            "scheduler",
            STRING,
            "`strict` or `dwrr`",
            (t, c) -> t.scheduler() == null ? null : word(t.scheduler().type()),
            (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "type"))
        .computed(
            "weight",
            INT,
            "percent",
            "DWRR weight; absent for strict and for a DWRR class at its platform's default share",
            (t, c) -> t.scheduler() == null ? null : t.scheduler().weight(),
            (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "weight"))
        .build();
  }

  private static Shape ecn(DerivedFields d) {
    return of(d, "weft.Ecn", "a class's WRED-ECN thresholds", Ecn.class, "ecn")
        .self((e, c) -> self(e.at()))
        .key("min", "marking starts")
        .key("max", "marking reaches `probability`")
        .quantity("probability", "percent", "1..100")
        .build();
  }

  private static Shape pfc(DerivedFields d) {
    return of(d, "weft.Pfc", "`fabric.pfc`", Pfc.class, "pfc")
        .self((p, c) -> self(p.at()))
        .key("link-pause", "IEEE 802.3x pause")
        .key("watchdog", "the PFC watchdog")
        .key("dynamic-threshold", "lossless PGs' buffer alpha as 2^n; absent: 0")
        .key(
            "headroom-over-subscription", "shared headroom pool ratio N:1; absent: per-PG headroom")
        .build();
  }

  private static Shape watchdog(DerivedFields d) {
    return of(
            d,
            "weft.Watchdog",
            "`fabric.pfc.watchdog` (defaults filled in)",
            Watchdog.class,
            "watchdog")
        .self((w, c) -> self(w.at()))
        .build();
  }

  private static Shape versions(DerivedFields d) {
    return of(d, "weft.Versions", "`fabric.versions`", Versions.class, "versions")
        .self((v, c) -> self(v.at()))
        .key("switch-os", "platform → qualified switch OS")
        .key("nic-firmware", "NIC model → qualified firmware")
        .build();
  }

  private static Shape profile(DerivedFields d) {
    return of(d, "weft.Profile", "a port profile as written", Profile.class, "profile")
        .self((p, c) -> self(p.at()))
        .label((p, c) -> "profile " + p.name())
        .key("name", "")
        .quantity("mtu", "bytes", "")
        .key("headroom", "`headroom.xoff`: hand-set xoff")
        .build();
  }

  private static Shape switchShape(DerivedFields d) {
    return of(
            d,
            "weft.Switch",
            "a switch as written; `ports` are its effective ports",
            Switch.class,
            "switch")
        .self((s, c) -> self(s.at()))
        .place((s, c) -> new Shape.Place(s.name(), null))
        .label((s, c) -> s.name())
        .computed(
            "ports",
            new Shape.ListOf(new Shape.Struct("weft.Port")),
            "effective ports, in file order",
            (s, c) -> c.model().effectivePortsOf(s.name()),
            (s, c) -> at(s.at(), "ports"))
        .file(Switch::at)
        .build();
  }

  private static Shape management(DerivedFields d) {
    return of(d, "weft.Management", "`switches[].management`", Management.class, "management")
        .self((m, c) -> self(m.at()))
        .key("credentials", "a credential name, never a secret")
        .build();
  }

  private static Shape port(DerivedFields d) {
    return d.shape(
            Shape.named(
                "weft.Port",
                "a switch port's effective settings (fabric → profile → port), each at the line that set it"),
            EffectivePort.class,
            "port",
            Port.class,
            EffectivePort::port,
            COVERS,
            READ_BY)
        .self((p, c) -> self(p.port().at()))
        .place((p, c) -> new Shape.Place(p.deviceName(), p.portName()))
        .label((p, c) -> p.deviceName() + " " + p.portName())
        .key("name", "")
        .computed("device", STRING, "the switch's name", (p, c) -> p.deviceName(), null)
        .computed(
            "switch", new Shape.Struct("weft.Switch"), "the switch", (p, c) -> p.device(), null)
        .key("speed", "")
        .quantity("mtu", "bytes", "")
        .key("role", "`host-facing` or `fabric`")
        .key("profile", "profile name")
        .key("description", "")
        .key("headroom", "hand-set xoff")
        .key("cable-length", "its link's, else its own or its profile's")
        .computed(
            "peer",
            STRING,
            "`device:port` at the other end of the link",
            (p, c) -> p.peer() == null ? null : p.peer().toString(),
            (p, c) -> p.link() == null ? null : self(p.link().at()))
        .computed(
            "link",
            new Shape.Struct("weft.Link"),
            "the link on this port",
            (p, c) -> p.link(),
            (p, c) -> p.link() == null ? null : self(p.link().at()))
        .file(p -> p.port().at())
        .build();
  }

  private static Shape link(DerivedFields d) {
    return of(d, "weft.Link", "a cable between two ends", Link.class, "link")
        .self((l, c) -> self(l.at()))
        .place((l, c) -> new Shape.Place(l.a().device(), l.a().port()))
        .label((l, c) -> l.a() + " — " + l.b())
        .key("a", "first end as written")
        .key("b", "second end")
        .file(Link::at)
        .build();
  }

  private static Shape end(DerivedFields d) {
    return d.shape(
            Shape.named("weft.End", "one end of a link"),
            Endpoint.class,
            null,
            Endpoint.class,
            IntentShapes::same,
            COVERS,
            READ_BY)
        .self((e, c) -> e.at())
        .place((e, c) -> new Shape.Place(e.device(), e.port()))
        .label((e, c) -> e.toString())
        .computed("device", STRING, "", (e, c) -> e.device(), (e, c) -> e.at())
        .computed(
            "port", STRING, "switch port or host NIC name", (e, c) -> e.port(), (e, c) -> e.at())
        .computed(
            "switch_port",
            new Shape.Struct("weft.Port"),
            "present when the end is a switch port",
            (e, c) -> c.model().effectivePortAt(e.device(), e.port()).orElse(null),
            null)
        .computed(
            "nic",
            new Shape.Struct("weft.Nic"),
            "present when the end is a host NIC",
            (e, c) -> nicAt(c.model(), e.device(), e.port()),
            null)
        .build();
  }

  static NicOf nicAt(FabricModel model, String device, String port) {
    Host h = model.hostNamed(device).orElse(null);
    if (h == null) {
      return null;
    }
    for (Nic n : h.nics()) {
      if (n.name().equals(port)) {
        return new NicOf(h, n);
      }
    }
    return null;
  }

  private static Shape host(DerivedFields d) {
    return of(d, "weft.Host", "a GPU node", Host.class, "host")
        .self((h, c) -> self(h.at()))
        .place((h, c) -> new Shape.Place(h.name(), null))
        .label((h, c) -> h.name())
        .computed(
            "nics",
            new Shape.ListOf(new Shape.Struct("weft.Nic")),
            "RoCE NICs",
            (h, c) -> h.nics().stream().map(n -> new NicOf(h, n)).toList(),
            (h, c) -> at(h.at(), "nics"))
        .computed(
            "hcas",
            new Shape.ListOf(new Shape.Struct("weft.Hca")),
            "InfiniBand HCAs",
            (h, c) -> h.hcas().stream().map(x -> new HcaOf(h, x)).toList(),
            (h, c) -> at(h.at(), "hcas"))
        .file(Host::at)
        .build();
  }

  private static Shape nic(DerivedFields d) {
    return d.shape(
            Shape.named("weft.Nic", "an RDMA NIC of a host"),
            NicOf.class,
            "nic",
            Nic.class,
            NicOf::nic,
            COVERS,
            READ_BY)
        .self((n, c) -> self(n.nic().at()))
        .place((n, c) -> new Shape.Place(n.host().name(), n.nic().name()))
        .label((n, c) -> n.host().name() + " " + n.nic().name())
        .key("name", "netdev")
        .computed("host", STRING, "the host's name", (n, c) -> n.host().name(), null)
        .key("rdma-device", "e.g. `mlx5_0`")
        .key("model", "e.g. `connectx-7`")
        .computed(
            "link",
            new Shape.Struct("weft.Link"),
            "the link on this NIC",
            (n, c) -> c.model().linkAt(n.host().name(), n.nic().name()).orElse(null),
            null)
        .computed(
            "switch_port",
            new Shape.Struct("weft.Port"),
            "the switch port it is cabled to",
            (n, c) ->
                c.model()
                    .linkAt(n.host().name(), n.nic().name())
                    .map(l -> l.peerOf(n.host().name(), n.nic().name()))
                    .flatMap(e -> c.model().effectivePortAt(e.device(), e.port()))
                    .orElse(null),
            null)
        .file(n -> n.nic().at())
        .build();
  }

  private static Shape hca(DerivedFields d) {
    return d.shape(
            Shape.named("weft.Hca", "an InfiniBand HCA port of a host"),
            HcaOf.class,
            "hca",
            Hca.class,
            HcaOf::hca,
            COVERS,
            READ_BY)
        .self((h, c) -> self(h.hca().at()))
        .place((h, c) -> new Shape.Place(h.host().name(), h.hca().name()))
        .label((h, c) -> h.host().name() + " " + h.hca().name())
        .build();
  }

  private static Shape subnet(DerivedFields d) {
    return of(d, "weft.Subnet", "the InfiniBand `subnet`", Subnet.class, "subnet")
        .self((s, c) -> self(s.at()))
        .label((s, c) -> "subnet")
        .key("prefix", "absent for OpenSM's default")
        .key("routing-engine", "tried in order")
        .key("lmc", "LID mask control")
        .quantity("mtu", "bytes", "")
        .alsoFrom("qos", "qos_enabled", "qosEnabled", "")
        .key("sharp", "SHARP enabled")
        .key("adaptive-routing", "")
        .build();
  }

  private static Shape subnetManager(DerivedFields d) {
    return of(d, "weft.SubnetManager", "one subnet manager", SubnetManager.class, "subnet-manager")
        .self((s, c) -> self(s.at()))
        .place((s, c) -> new Shape.Place(s.host(), null))
        .build();
  }

  private static Shape partition(DerivedFields d) {
    return of(d, "weft.Partition", "one InfiniBand partition", Partition.class, "partition")
        .self((p, c) -> self(p.at()))
        .label((p, c) -> "partition " + p.name())
        .key("pkey", "P_Key value")
        .quantity("mtu", "bytes", "")
        .key("sl", "service level")
        .build();
  }

  private static Shape member(DerivedFields d) {
    return of(
            d,
            "weft.Member",
            "one membership entry of a partition",
            Partition.Member.class,
            "partition-member")
        .self((m, c) -> self(m.at()))
        .build();
  }

  private static Shape ecnLevel(DerivedFields d) {
    return of(
            d,
            "weft.EcnLevel",
            "a class's WRED-ECN thresholds for ports of one speed (`ecn.by-speed`)",
            Ecn.BySpeed.class,
            "ecn-level")
        .self((e, c) -> self(e.at()))
        .computed(
            "speed",
            INT,
            "Gb/s",
            "the port speed these thresholds are for",
            (e, c) -> e.speed() == null ? null : e.speed().gbps(),
            (e, c) -> self(e.at()))
        .build();
  }

  private static Shape ecmp(DerivedFields d) {
    return of(d, "weft.Ecmp", "`fabric.ecmp`", Ecmp.class, "ecmp")
        .self((e, c) -> self(e.at()))
        .build();
  }

  private static Shape health(DerivedFields d) {
    return of(d, "weft.Health", "`fabric.health` (defaults filled in)", Health.class, "health")
        .self((h, c) -> self(h.at()))
        .build();
  }

  private static Shape ibHealth(DerivedFields d) {
    return d.add(
            Shape.named("weft.IbHealth", "`subnet.health` (defaults filled in)")
                .self(IbHealth.class, (h, c) -> self(h.at())),
            IbHealth.class,
            "ib-health",
            IbHealth.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape nicModel(DerivedFields d) {
    return of(
            d,
            "weft.NicModel",
            "one entry of `fabric.nic-models`; a field not written is absent",
            NicModel.class,
            "nic-model")
        .self((n, c) -> self(n.at()))
        .label((n, c) -> "NIC model " + n.name())
        .computed(
            "name", STRING, "the model name (the key)", (n, c) -> n.name(), (n, c) -> self(n.at()))
        .key("cnp", "`cnp.dscp`: the DSCP the NIC marks CNPs with")
        .alsoFrom(
            "cnp",
            "cnp_priority",
            "cnpPriority",
            "`cnp.priority`: the priority the NIC sends CNPs on")
        .build();
  }

  private static Shape nicQos(DerivedFields d) {
    return of(
            d,
            "weft.NicQos",
            "`fabric.nic-qos` or a NIC model's `nic-qos`; a field not written is absent",
            NicQos.class,
            "nic-qos")
        .self((q, c) -> self(q.at()))
        .build();
  }

  private static Shape nicEts(DerivedFields d) {
    return of(d, "weft.NicEts", "`nic-qos.ets`", NicQos.Ets.class, "nic-ets")
        .self((e, c) -> self(e.at()))
        .build();
  }

  private static Shape dcqcnRp(DerivedFields d) {
    return of(
            d,
            "weft.DcqcnRp",
            "`nic-qos.dcqcn-rp`; a parameter not written is absent",
            NicQos.DcqcnRp.class,
            "dcqcn-rp")
        .self((r, c) -> self(r.at()))
        .build();
  }

  private static Shape exception(DerivedFields d) {
    return of(
            d,
            "weft.Exception",
            "an `exception` to the fabric plan as written on a switch, profile or port",
            PlanException.class,
            "exception")
        .self((e, c) -> self(e.at()))
        .key("watchdog", "`watchdog.action`: `drop`, `forward` or `alert`")
        .build();
  }

  private static Shape qos(DerivedFields d) {
    return of(d, "weft.Qos", "the subnet's `qos`", IbQos.class, "ib-qos")
        .self((q, c) -> self(q.at()))
        .build();
  }

  private static Shape vlArb(DerivedFields d) {
    return of(d, "weft.VlArb", "one VL arbitration entry", IbQos.VlWeight.class, "vlarb-entry")
        .self((v, c) -> self(v.at()))
        .build();
  }

  private static Shape qosLevel(DerivedFields d) {
    return of(d, "weft.QosLevel", "one QoS level", IbQos.QosLevel.class, "qos-level")
        .self((l, c) -> self(l.at()))
        .build();
  }

  private static Shape waiver(DerivedFields d) {
    return of(d, "weft.Waiver", "one entry of `waivers`", Waiver.class, "waiver")
        .self((w, c) -> self(w.at()))
        .label((w, c) -> "waiver " + w.rule())
        .build();
  }
}
