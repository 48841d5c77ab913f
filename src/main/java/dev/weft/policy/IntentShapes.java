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
import dev.weft.model.Partition;
import dev.weft.model.Pfc;
import dev.weft.model.PlanException;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Sourced;
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
          Map.entry(Profile.class, "weft.Profile"),
          Map.entry(Switch.class, "weft.Switch"),
          Map.entry(Management.class, "weft.Management"),
          Map.entry(PlanException.class, "weft.Exception"),
          Map.entry(Link.class, "weft.Link"),
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
        mtu(),
        trafficClass(d),
        ecn(d),
        ecnLevel(d),
        pfc(),
        watchdog(d),
        versions(d),
        ecmp(d),
        health(d),
        nicModel(d),
        profile(d),
        switchShape(d),
        management(d),
        exception(d),
        port(d),
        link(d),
        end(),
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

  static String file(Provenance p) {
    return p == null || p.self() == null ? null : p.self().file();
  }

  private static <T> T value(Sourced<T> s) {
    return s == null ? null : s.value();
  }

  private static Location origin(Sourced<?> s) {
    return s == null ? null : s.origin();
  }

  private static String word(Enum<?> e) {
    return e == null ? null : e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static Shape fabric(DerivedFields d) {
    Shape.Builder b =
        Shape.named("weft.Fabric", "the fabric plan and, for fabric rules, every device and link")
            .self(FabricModel.class, (m, c) -> m.fabric() == null ? null : self(m.fabric().at()))
            .label(FabricModel.class, (m, c) -> m.fabric() == null ? "fabric" : m.fabric().name())
            .field(
                FabricModel.class,
                "mtu",
                new Shape.Struct("weft.Mtu"),
                "",
                "RoCE MTUs",
                (m, c) -> m.fabric() == null ? null : m.fabric().mtu(),
                (m, c) -> loc(m, "mtu"))
            .field(
                FabricModel.class,
                "traffic_classes",
                new Shape.ListOf(new Shape.Struct("weft.TrafficClass")),
                "",
                "the traffic plan, in file order",
                (m, c) -> m.fabric() == null ? List.of() : m.fabric().trafficClasses(),
                (m, c) -> loc(m, "traffic-classes"))
            .field(
                FabricModel.class,
                "pfc",
                new Shape.Struct("weft.Pfc"),
                "",
                "PFC watchdog and link pause",
                (m, c) -> m.fabric() == null ? null : m.fabric().pfc(),
                (m, c) -> loc(m, "pfc"))
            .field(
                FabricModel.class,
                "ecmp_hash_fields",
                new Shape.ListOf(STRING),
                "",
                "as written",
                (m, c) ->
                    m.fabric() == null || m.fabric().ecmp() == null
                        ? null
                        : m.fabric().ecmp().hashFields(),
                (m, c) ->
                    m.fabric() == null || m.fabric().ecmp() == null
                        ? null
                        : at(m.fabric().ecmp().at(), "hash-fields"))
            .field(
                FabricModel.class,
                "versions",
                new Shape.Struct("weft.Versions"),
                "",
                "qualified versions",
                (m, c) -> m.fabric() == null ? null : m.fabric().versions(),
                (m, c) -> loc(m, "versions"))
            .field(
                FabricModel.class,
                "profiles",
                new Shape.MapOf("string", new Shape.Struct("weft.Profile")),
                "",
                "port profiles by name",
                (m, c) -> m.profiles(),
                null)
            .field(
                FabricModel.class,
                "switches",
                new Shape.ListOf(new Shape.Struct("weft.Switch")),
                "",
                "every switch, in file order",
                (m, c) -> m.switches(),
                null)
            .field(
                FabricModel.class,
                "hosts",
                new Shape.ListOf(new Shape.Struct("weft.Host")),
                "",
                "every host, in file order",
                (m, c) -> m.hosts(),
                null)
            .field(
                FabricModel.class,
                "links",
                new Shape.ListOf(new Shape.Struct("weft.Link")),
                "",
                "every link, in file order",
                (m, c) -> m.links(),
                null)
            .field(
                FabricModel.class,
                "subnet",
                new Shape.Struct("weft.Subnet"),
                "",
                "InfiniBand subnet; absent on RoCE",
                (m, c) -> m.subnet(),
                (m, c) -> self(m.subnet() == null ? null : m.subnet().at()));
    d.add(b, FabricModel.class, "fabric", Fabric.class, FabricModel::fabric, COVERS);
    return d.add(
            b, FabricModel.class, IntentFields.TOP, FabricModel.class, IntentShapes::same, COVERS)
        .build();
  }

  private static Location loc(FabricModel m, String key) {
    return m.fabric() == null ? null : at(m.fabric().at(), key);
  }

  private static Shape mtu() {
    return Shape.named("weft.Mtu", "`fabric.mtu`")
        .self(RoceMtu.class, (m, c) -> self(m.at()))
        .field(
            RoceMtu.class,
            "switch",
            INT,
            "bytes",
            "L3 MTU of switch ports carrying RoCE",
            (m, c) -> m.switchMtu(),
            (m, c) -> at(m.at(), "switch"))
        .field(
            RoceMtu.class,
            "nic",
            INT,
            "bytes",
            "netdev MTU of RDMA NICs",
            (m, c) -> m.nic(),
            (m, c) -> at(m.at(), "nic"))
        .field(
            RoceMtu.class,
            "roce",
            INT,
            "bytes",
            "RoCE path MTU",
            (m, c) -> m.roce(),
            (m, c) -> at(m.at(), "roce"))
        .build();
  }

  private static Shape trafficClass(DerivedFields d) {
    return d.add(
            Shape.named("weft.TrafficClass", "one entry of `fabric.traffic-classes`")
                .self(TrafficClass.class, (t, c) -> self(t.at()))
                .label(TrafficClass.class, (t, c) -> "class " + t.name())
                .field(
                    TrafficClass.class,
                    "dscp",
                    new Shape.ListOf(INT),
                    "",
                    "code points listed (empty for `dscp: default`)",
                    (t, c) -> t.dscp(),
                    (t, c) -> at(t.at(), "dscp"))
                .field(
                    TrafficClass.class,
                    "dscp_default",
                    BOOL,
                    "",
                    "true for `dscp: default`",
                    (t, c) -> t.dscpDefault(),
                    (t, c) -> at(t.at(), "dscp"))
                .field(
                    TrafficClass.class,
                    "priority",
                    INT,
                    "",
                    "switch priority 0..7",
                    (t, c) -> t.priority(),
                    (t, c) -> at(t.at(), "priority"))
                .field(
                    TrafficClass.class,
                    "queue",
                    INT,
                    "",
                    "egress queue 0..7 (the priority when not written)",
                    (t, c) -> t.queue(),
                    (t, c) ->
                        at(
                            t.at(),
                            t.at() != null && t.at().written("queue") ? "queue" : "priority"))
                .field(
                    TrafficClass.class,
                    "lossless",
                    BOOL,
                    "",
                    "PFC on this priority",
                    (t, c) -> t.lossless(),
                    (t, c) -> at(t.at(), "lossless"))
                .field(
                    TrafficClass.class,
                    "ecn",
                    new Shape.Struct("weft.Ecn"),
                    "",
                    "WRED-ECN marking; absent when not written",
                    (t, c) -> t.ecn(),
                    (t, c) -> at(t.at(), "ecn"))
                .field(
                    TrafficClass.class,
                    "scheduler",
                    STRING,
                    "",
                    "`strict` or `dwrr`",
                    (t, c) -> t.scheduler() == null ? null : word(t.scheduler().type()),
                    (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "type"))
                .field(
                    TrafficClass.class,
                    "weight",
                    INT,
                    "percent",
                    "DWRR weight; absent for strict",
                    (t, c) -> t.scheduler() == null ? null : t.scheduler().weight(),
                    (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "weight")),
            TrafficClass.class,
            "traffic-class",
            TrafficClass.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape ecn(DerivedFields d) {
    return d.add(
            Shape.named("weft.Ecn", "a class's WRED-ECN thresholds")
                .self(Ecn.class, (e, c) -> self(e.at()))
                .field(
                    Ecn.class,
                    "min",
                    INT,
                    "bytes",
                    "marking starts",
                    (e, c) -> e.min() == null ? null : e.min().bytes(),
                    (e, c) -> at(e.at(), "min"))
                .field(
                    Ecn.class,
                    "max",
                    INT,
                    "bytes",
                    "marking reaches `probability`",
                    (e, c) -> e.max() == null ? null : e.max().bytes(),
                    (e, c) -> at(e.at(), "max"))
                .field(
                    Ecn.class,
                    "probability",
                    INT,
                    "percent",
                    "1..100",
                    (e, c) -> e.probability(),
                    (e, c) -> at(e.at(), "probability")),
            Ecn.class,
            "ecn",
            Ecn.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape pfc() {
    return Shape.named("weft.Pfc", "`fabric.pfc`")
        .self(Pfc.class, (p, c) -> self(p.at()))
        .field(
            Pfc.class,
            "link_pause",
            BOOL,
            "",
            "IEEE 802.3x pause",
            (p, c) -> p.linkPause(),
            (p, c) -> at(p.at(), "link-pause"))
        .field(
            Pfc.class,
            "watchdog",
            new Shape.Struct("weft.Watchdog"),
            "",
            "the PFC watchdog",
            (p, c) -> p.watchdog(),
            (p, c) -> at(p.at(), "watchdog"))
        .build();
  }

  private static Shape watchdog(DerivedFields d) {
    return d.add(
            Shape.named("weft.Watchdog", "`fabric.pfc.watchdog` (defaults filled in)")
                .self(Watchdog.class, (w, c) -> self(w.at())),
            Watchdog.class,
            "watchdog",
            Watchdog.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape versions(DerivedFields d) {
    return d.add(
            Shape.named("weft.Versions", "`fabric.versions`")
                .self(Versions.class, (v, c) -> self(v.at()))
                .field(
                    Versions.class,
                    "switch_os",
                    new Shape.MapOf("string", STRING),
                    "",
                    "platform → qualified switch OS",
                    (v, c) -> v.switchOs(),
                    (v, c) -> at(v.at(), "switch-os"))
                .field(
                    Versions.class,
                    "nic_firmware",
                    new Shape.MapOf("string", STRING),
                    "",
                    "NIC model → qualified firmware",
                    (v, c) -> v.nicFirmware(),
                    (v, c) -> at(v.at(), "nic-firmware")),
            Versions.class,
            "versions",
            Versions.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape profile(DerivedFields d) {
    return d.add(
            Shape.named("weft.Profile", "a port profile as written")
                .self(Profile.class, (p, c) -> self(p.at()))
                .label(Profile.class, (p, c) -> "profile " + p.name())
                .field(
                    Profile.class,
                    "name",
                    STRING,
                    "",
                    "",
                    (p, c) -> p.name(),
                    (p, c) -> at(p.at(), "name"))
                .field(
                    Profile.class,
                    "mtu",
                    INT,
                    "bytes",
                    "",
                    (p, c) -> p.mtu(),
                    (p, c) -> at(p.at(), "mtu"))
                .field(
                    Profile.class,
                    "headroom_xoff",
                    INT,
                    "bytes",
                    "`headroom.xoff`: hand-set xoff",
                    (p, c) -> p.headroomXoff() == null ? null : p.headroomXoff().bytes(),
                    (p, c) -> at(p.at(), "headroom")),
            Profile.class,
            "profile",
            Profile.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape switchShape(DerivedFields d) {
    return d.add(
            Shape.named("weft.Switch", "a switch as written; `ports` are its effective ports")
                .self(Switch.class, (s, c) -> self(s.at()))
                .place(Switch.class, (s, c) -> new Shape.Place(s.name(), null))
                .label(Switch.class, (s, c) -> s.name())
                .field(
                    Switch.class,
                    "ports",
                    new Shape.ListOf(new Shape.Struct("weft.Port")),
                    "",
                    "effective ports, in file order",
                    (s, c) -> c.model().effectivePortsOf(s.name()),
                    (s, c) -> at(s.at(), "ports"))
                .field(
                    Switch.class,
                    "file",
                    STRING,
                    "",
                    "the inventory file that declares it",
                    (s, c) -> file(s.at()),
                    null),
            Switch.class,
            "switch",
            Switch.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape management(DerivedFields d) {
    return d.add(
            Shape.named("weft.Management", "`switches[].management`")
                .self(Management.class, (m, c) -> self(m.at()))
                .field(
                    Management.class,
                    "credentials",
                    STRING,
                    "",
                    "a credential name, never a secret",
                    (m, c) -> m.credentials(),
                    (m, c) -> at(m.at(), "credentials")),
            Management.class,
            "management",
            Management.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape port(DerivedFields d) {
    return d.add(
            Shape.named(
                    "weft.Port",
                    "a switch port's effective settings (fabric → profile → port), each at the line that set it")
                .self(EffectivePort.class, (p, c) -> self(p.port().at()))
                .place(EffectivePort.class, (p, c) -> new Shape.Place(p.deviceName(), p.portName()))
                .label(EffectivePort.class, (p, c) -> p.deviceName() + " " + p.portName())
                .field(
                    EffectivePort.class,
                    "name",
                    STRING,
                    "",
                    "",
                    (p, c) -> p.portName(),
                    (p, c) -> at(p.port().at(), "name"))
                .field(
                    EffectivePort.class,
                    "device",
                    STRING,
                    "",
                    "the switch's name",
                    (p, c) -> p.deviceName(),
                    null)
                .field(
                    EffectivePort.class,
                    "switch",
                    new Shape.Struct("weft.Switch"),
                    "",
                    "the switch",
                    (p, c) -> p.device(),
                    null)
                .field(
                    EffectivePort.class,
                    "speed",
                    INT,
                    "Gb/s",
                    "",
                    (p, c) -> value(p.speed()) == null ? null : p.speed().value().gbps(),
                    (p, c) -> origin(p.speed()))
                .field(
                    EffectivePort.class,
                    "mtu",
                    INT,
                    "bytes",
                    "",
                    (p, c) -> value(p.mtu()),
                    (p, c) -> origin(p.mtu()))
                .field(
                    EffectivePort.class,
                    "role",
                    STRING,
                    "",
                    "`host-facing` or `fabric`",
                    (p, c) -> value(p.role()) == null ? null : p.role().value().word(),
                    (p, c) -> origin(p.role()))
                .field(
                    EffectivePort.class,
                    "profile",
                    STRING,
                    "",
                    "profile name",
                    (p, c) -> p.port().profile(),
                    (p, c) -> at(p.port().at(), "profile"))
                .field(
                    EffectivePort.class,
                    "description",
                    STRING,
                    "",
                    "",
                    (p, c) -> p.port().description(),
                    (p, c) -> at(p.port().at(), "description"))
                .field(
                    EffectivePort.class,
                    "headroom_xoff",
                    INT,
                    "bytes",
                    "hand-set xoff",
                    (p, c) ->
                        p.port().headroomXoff() == null ? null : p.port().headroomXoff().bytes(),
                    (p, c) -> at(p.port().at(), "headroom"))
                .field(
                    EffectivePort.class,
                    "cable_length",
                    INT,
                    "metres",
                    "of the link on this port",
                    (p, c) ->
                        value(p.cableLength()) == null ? null : p.cableLength().value().metres(),
                    (p, c) -> origin(p.cableLength()))
                .field(
                    EffectivePort.class,
                    "peer",
                    STRING,
                    "",
                    "`device:port` at the other end of the link",
                    (p, c) -> p.peer() == null ? null : p.peer().toString(),
                    (p, c) -> p.link() == null ? null : self(p.link().at()))
                .field(
                    EffectivePort.class,
                    "link",
                    new Shape.Struct("weft.Link"),
                    "",
                    "the link on this port",
                    (p, c) -> p.link(),
                    (p, c) -> p.link() == null ? null : self(p.link().at()))
                .field(
                    EffectivePort.class,
                    "file",
                    STRING,
                    "",
                    "the inventory file that declares it",
                    (p, c) -> file(p.port().at()),
                    null),
            EffectivePort.class,
            "port",
            Port.class,
            EffectivePort::port,
            COVERS)
        .build();
  }

  private static Shape link(DerivedFields d) {
    return d.add(
            Shape.named("weft.Link", "a cable between two ends")
                .self(Link.class, (l, c) -> self(l.at()))
                .place(Link.class, (l, c) -> new Shape.Place(l.a().device(), l.a().port()))
                .label(Link.class, (l, c) -> l.a() + " — " + l.b())
                .field(
                    Link.class,
                    "a",
                    new Shape.Struct("weft.End"),
                    "",
                    "first end as written",
                    (l, c) -> l.a(),
                    (l, c) -> at(l.at(), "a"))
                .field(
                    Link.class,
                    "b",
                    new Shape.Struct("weft.End"),
                    "",
                    "second end",
                    (l, c) -> l.b(),
                    (l, c) -> at(l.at(), "b"))
                .field(
                    Link.class,
                    "file",
                    STRING,
                    "",
                    "the inventory file that declares it",
                    (l, c) -> file(l.at()),
                    null),
            Link.class,
            "link",
            Link.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape end() {
    return Shape.named("weft.End", "one end of a link")
        .self(Endpoint.class, (e, c) -> e.at())
        .place(Endpoint.class, (e, c) -> new Shape.Place(e.device(), e.port()))
        .label(Endpoint.class, (e, c) -> e.toString())
        .field(Endpoint.class, "device", STRING, "", "", (e, c) -> e.device(), (e, c) -> e.at())
        .field(
            Endpoint.class,
            "port",
            STRING,
            "",
            "switch port or host NIC name",
            (e, c) -> e.port(),
            (e, c) -> e.at())
        .field(
            Endpoint.class,
            "switch_port",
            new Shape.Struct("weft.Port"),
            "",
            "present when the end is a switch port",
            (e, c) -> c.model().effectivePortAt(e.device(), e.port()).orElse(null),
            null)
        .field(
            Endpoint.class,
            "nic",
            new Shape.Struct("weft.Nic"),
            "",
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
    return d.add(
            Shape.named("weft.Host", "a GPU node")
                .self(Host.class, (h, c) -> self(h.at()))
                .place(Host.class, (h, c) -> new Shape.Place(h.name(), null))
                .label(Host.class, (h, c) -> h.name())
                .field(
                    Host.class,
                    "nics",
                    new Shape.ListOf(new Shape.Struct("weft.Nic")),
                    "",
                    "RoCE NICs",
                    (h, c) -> h.nics().stream().map(n -> new NicOf(h, n)).toList(),
                    (h, c) -> at(h.at(), "nics"))
                .field(
                    Host.class,
                    "hcas",
                    new Shape.ListOf(new Shape.Struct("weft.Hca")),
                    "",
                    "InfiniBand HCAs",
                    (h, c) -> h.hcas().stream().map(x -> new HcaOf(h, x)).toList(),
                    (h, c) -> at(h.at(), "hcas"))
                .field(
                    Host.class,
                    "file",
                    STRING,
                    "",
                    "the inventory file that declares it",
                    (h, c) -> file(h.at()),
                    null),
            Host.class,
            "host",
            Host.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape nic(DerivedFields d) {
    return d.add(
            Shape.named("weft.Nic", "an RDMA NIC of a host")
                .self(NicOf.class, (n, c) -> self(n.nic().at()))
                .place(NicOf.class, (n, c) -> new Shape.Place(n.host().name(), n.nic().name()))
                .label(NicOf.class, (n, c) -> n.host().name() + " " + n.nic().name())
                .field(
                    NicOf.class,
                    "name",
                    STRING,
                    "",
                    "netdev",
                    (n, c) -> n.nic().name(),
                    (n, c) -> at(n.nic().at(), "name"))
                .field(
                    NicOf.class,
                    "host",
                    STRING,
                    "",
                    "the host's name",
                    (n, c) -> n.host().name(),
                    null)
                .field(
                    NicOf.class,
                    "rdma_device",
                    STRING,
                    "",
                    "e.g. `mlx5_0`",
                    (n, c) -> n.nic().rdmaDevice(),
                    (n, c) -> at(n.nic().at(), "rdma-device"))
                .field(
                    NicOf.class,
                    "model",
                    STRING,
                    "",
                    "e.g. `connectx-7`",
                    (n, c) -> n.nic().model(),
                    (n, c) -> at(n.nic().at(), "model"))
                .field(
                    NicOf.class,
                    "link",
                    new Shape.Struct("weft.Link"),
                    "",
                    "the link on this NIC",
                    (n, c) -> c.model().linkAt(n.host().name(), n.nic().name()).orElse(null),
                    null)
                .field(
                    NicOf.class,
                    "switch_port",
                    new Shape.Struct("weft.Port"),
                    "",
                    "the switch port it is cabled to",
                    (n, c) ->
                        c.model()
                            .linkAt(n.host().name(), n.nic().name())
                            .map(l -> l.peerOf(n.host().name(), n.nic().name()))
                            .flatMap(e -> c.model().effectivePortAt(e.device(), e.port()))
                            .orElse(null),
                    null)
                .field(
                    NicOf.class,
                    "file",
                    STRING,
                    "",
                    "the inventory file that declares it",
                    (n, c) -> file(n.nic().at()),
                    null),
            NicOf.class,
            "nic",
            Nic.class,
            NicOf::nic,
            COVERS)
        .build();
  }

  private static Shape hca(DerivedFields d) {
    return d.add(
            Shape.named("weft.Hca", "an InfiniBand HCA port of a host")
                .self(HcaOf.class, (h, c) -> self(h.hca().at()))
                .place(HcaOf.class, (h, c) -> new Shape.Place(h.host().name(), h.hca().name()))
                .label(HcaOf.class, (h, c) -> h.host().name() + " " + h.hca().name()),
            HcaOf.class,
            "hca",
            Hca.class,
            HcaOf::hca,
            COVERS)
        .build();
  }

  private static Shape subnet(DerivedFields d) {
    return d.add(
            Shape.named("weft.Subnet", "the InfiniBand `subnet`")
                .self(Subnet.class, (s, c) -> self(s.at()))
                .label(Subnet.class, (s, c) -> "subnet")
                .field(
                    Subnet.class,
                    "prefix",
                    STRING,
                    "",
                    "absent for OpenSM's default",
                    (s, c) -> s.prefix(),
                    (s, c) -> at(s.at(), "prefix"))
                .field(
                    Subnet.class,
                    "routing_engines",
                    new Shape.ListOf(STRING),
                    "",
                    "tried in order",
                    (s, c) -> s.routingEngines(),
                    (s, c) -> at(s.at(), "routing-engine"))
                .field(
                    Subnet.class,
                    "lmc",
                    INT,
                    "",
                    "LID mask control",
                    (s, c) -> s.lmc(),
                    (s, c) -> at(s.at(), "lmc"))
                .field(
                    Subnet.class,
                    "mtu",
                    INT,
                    "bytes",
                    "",
                    (s, c) -> s.mtu(),
                    (s, c) -> at(s.at(), "mtu"))
                .field(
                    Subnet.class,
                    "qos_enabled",
                    BOOL,
                    "",
                    "",
                    (s, c) -> s.qosEnabled(),
                    (s, c) -> at(s.at(), "qos"))
                .field(
                    Subnet.class,
                    "sharp",
                    BOOL,
                    "",
                    "SHARP enabled",
                    (s, c) -> s.sharpEnabled(),
                    (s, c) -> at(s.at(), "sharp"))
                .field(
                    Subnet.class,
                    "adaptive_routing",
                    BOOL,
                    "",
                    "",
                    (s, c) -> s.adaptiveRoutingEnabled(),
                    (s, c) -> at(s.at(), "adaptive-routing")),
            Subnet.class,
            "subnet",
            Subnet.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape subnetManager(DerivedFields d) {
    return d.add(
            Shape.named("weft.SubnetManager", "one subnet manager")
                .self(SubnetManager.class, (s, c) -> self(s.at()))
                .place(SubnetManager.class, (s, c) -> new Shape.Place(s.host(), null)),
            SubnetManager.class,
            "subnet-manager",
            SubnetManager.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape partition(DerivedFields d) {
    return d.add(
            Shape.named("weft.Partition", "one InfiniBand partition")
                .self(Partition.class, (p, c) -> self(p.at()))
                .label(Partition.class, (p, c) -> "partition " + p.name())
                .field(
                    Partition.class,
                    "pkey",
                    INT,
                    "",
                    "P_Key value",
                    (p, c) -> p.pkey(),
                    (p, c) -> at(p.at(), "pkey"))
                .field(
                    Partition.class,
                    "mtu",
                    INT,
                    "bytes",
                    "",
                    (p, c) -> p.mtu(),
                    (p, c) -> at(p.at(), "mtu"))
                .field(
                    Partition.class,
                    "sl",
                    INT,
                    "",
                    "service level",
                    (p, c) -> p.sl(),
                    (p, c) -> at(p.at(), "sl")),
            Partition.class,
            "partition",
            Partition.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape member(DerivedFields d) {
    return d.add(
            Shape.named("weft.Member", "one membership entry of a partition")
                .self(Partition.Member.class, (m, c) -> self(m.at())),
            Partition.Member.class,
            "partition-member",
            Partition.Member.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape ecnLevel(DerivedFields d) {
    return d.add(
            Shape.named(
                    "weft.EcnLevel",
                    "a class's WRED-ECN thresholds for ports of one speed (`ecn.by-speed`)")
                .self(Ecn.BySpeed.class, (e, c) -> self(e.at()))
                .field(
                    Ecn.BySpeed.class,
                    "speed",
                    INT,
                    "Gb/s",
                    "the port speed these thresholds are for",
                    (e, c) -> e.speed() == null ? null : e.speed().gbps(),
                    (e, c) -> self(e.at())),
            Ecn.BySpeed.class,
            "ecn-level",
            Ecn.BySpeed.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape ecmp(DerivedFields d) {
    return d.add(
            Shape.named("weft.Ecmp", "`fabric.ecmp`").self(Ecmp.class, (e, c) -> self(e.at())),
            Ecmp.class,
            "ecmp",
            Ecmp.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape health(DerivedFields d) {
    return d.add(
            Shape.named("weft.Health", "`fabric.health` (defaults filled in)")
                .self(Health.class, (h, c) -> self(h.at())),
            Health.class,
            "health",
            Health.class,
            IntentShapes::same,
            COVERS)
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
    return d.add(
            Shape.named(
                    "weft.NicModel",
                    "one entry of `fabric.nic-models`; a field not written is absent")
                .self(NicModel.class, (n, c) -> self(n.at()))
                .label(NicModel.class, (n, c) -> "NIC model " + n.name())
                .field(
                    NicModel.class,
                    "name",
                    STRING,
                    "",
                    "the model name (the key)",
                    (n, c) -> n.name(),
                    (n, c) -> self(n.at()))
                .field(
                    NicModel.class,
                    "cnp_dscp",
                    INT,
                    "",
                    "`cnp.dscp`: the DSCP the NIC marks CNPs with",
                    (n, c) -> n.cnpDscp(),
                    (n, c) -> at(n.at(), "cnp"))
                .field(
                    NicModel.class,
                    "cnp_priority",
                    INT,
                    "",
                    "`cnp.priority`: the priority the NIC sends CNPs on",
                    (n, c) -> n.cnpPriority(),
                    (n, c) -> at(n.at(), "cnp")),
            NicModel.class,
            "nic-model",
            NicModel.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape exception(DerivedFields d) {
    return d.add(
            Shape.named(
                    "weft.Exception",
                    "an `exception` to the fabric plan as written on a switch, profile or port")
                .self(PlanException.class, (e, c) -> self(e.at()))
                .field(
                    PlanException.class,
                    "watchdog_action",
                    STRING,
                    "",
                    "`watchdog.action`: `drop`, `forward` or `alert`",
                    (e, c) -> word(e.watchdogAction()),
                    (e, c) -> at(e.at(), "watchdog")),
            PlanException.class,
            "exception",
            PlanException.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape qos(DerivedFields d) {
    return d.add(
            Shape.named("weft.Qos", "the subnet's `qos`").self(IbQos.class, (q, c) -> self(q.at())),
            IbQos.class,
            "ib-qos",
            IbQos.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape vlArb(DerivedFields d) {
    return d.add(
            Shape.named("weft.VlArb", "one VL arbitration entry")
                .self(IbQos.VlWeight.class, (v, c) -> self(v.at())),
            IbQos.VlWeight.class,
            "vlarb-entry",
            IbQos.VlWeight.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape qosLevel(DerivedFields d) {
    return d.add(
            Shape.named("weft.QosLevel", "one QoS level")
                .self(IbQos.QosLevel.class, (l, c) -> self(l.at())),
            IbQos.QosLevel.class,
            "qos-level",
            IbQos.QosLevel.class,
            IntentShapes::same,
            COVERS)
        .build();
  }

  private static Shape waiver(DerivedFields d) {
    return d.add(
            Shape.named("weft.Waiver", "one entry of `waivers`")
                .self(Waiver.class, (w, c) -> self(w.at()))
                .label(Waiver.class, (w, c) -> "waiver " + w.rule()),
            Waiver.class,
            "waiver",
            Waiver.class,
            IntentShapes::same,
            COVERS)
        .build();
  }
}
