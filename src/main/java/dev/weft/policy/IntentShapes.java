package dev.weft.policy;

import static dev.weft.policy.Shape.BOOL;
import static dev.weft.policy.Shape.DURATION;
import static dev.weft.policy.Shape.INT;
import static dev.weft.policy.Shape.STRING;

import dev.weft.finding.Location;
import dev.weft.model.Ecn;
import dev.weft.model.EffectivePort;
import dev.weft.model.Endpoint;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Management;
import dev.weft.model.Nic;
import dev.weft.model.Partition;
import dev.weft.model.Pfc;
import dev.weft.model.Profile;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Sourced;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.model.Switch;
import dev.weft.units.TimeSpan;
import dev.weft.model.TrafficClass;
import dev.weft.model.Versions;
import dev.weft.model.Watchdog;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The intent model as CEL types: the same records the built-in rules read, field names in snake_case,
 * quantities in base units (bytes, Gb/s, metres; times as CEL durations). Each field points at the
 * intent line that set it: a port's speed at the profile or port that gave it, a class's weight at its
 * scheduler.
 */
final class IntentShapes {

    private IntentShapes() {}

    /** A host's NIC with the host it is in (the NIC record alone does not know). */
    record NicOf(Host host, Nic nic) {}

    /** An InfiniBand HCA with its host. */
    record HcaOf(Host host, Hca hca) {}

    static List<Shape> all() {
        return List.of(fabric(), mtu(), trafficClass(), ecn(), pfc(), watchdog(), versions(), profile(),
                switchShape(), management(), port(), link(), end(), host(), nic(), hca(), subnet(), subnetManager(),
                partition(), member());
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

    private static Duration duration(TimeSpan t) {
        return t == null ? null : Duration.ofNanos(t.micros() * 1000);
    }

    private static String word(Enum<?> e) {
        return e == null ? null : e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Shape fabric() {
        return Shape.named("weft.Fabric", "the fabric plan and, for fabric rules, every device and link")
                .self(FabricModel.class, (m, c) -> m.fabric() == null ? null : self(m.fabric().at()))
                .label(FabricModel.class, (m, c) -> m.fabric() == null ? "fabric" : m.fabric().name())
                .field(FabricModel.class, "name", STRING, "", "fabric name",
                        (m, c) -> m.fabric() == null ? null : m.fabric().name(), (m, c) -> loc(m, "name"))
                .field(FabricModel.class, "transport", STRING, "", "`roce-v2` or `infiniband`",
                        (m, c) -> m.fabric() == null || m.fabric().transport() == null ? null : m.fabric().transport().word(),
                        (m, c) -> loc(m, "transport"))
                .field(FabricModel.class, "description", STRING, "", "as written",
                        (m, c) -> m.fabric() == null ? null : m.fabric().description(), (m, c) -> loc(m, "description"))
                .field(FabricModel.class, "mtu", new Shape.Struct("weft.Mtu"), "", "RoCE MTUs",
                        (m, c) -> m.fabric() == null ? null : m.fabric().mtu(), (m, c) -> loc(m, "mtu"))
                .field(FabricModel.class, "traffic_classes", new Shape.ListOf(new Shape.Struct("weft.TrafficClass")), "",
                        "the traffic plan, in file order",
                        (m, c) -> m.fabric() == null ? List.of() : m.fabric().trafficClasses(), (m, c) -> loc(m, "traffic-classes"))
                .field(FabricModel.class, "pfc", new Shape.Struct("weft.Pfc"), "", "PFC watchdog and link pause",
                        (m, c) -> m.fabric() == null ? null : m.fabric().pfc(), (m, c) -> loc(m, "pfc"))
                .field(FabricModel.class, "congestion_control", STRING, "", "`dcqcn`, `pfc-only` or `ecn-only`",
                        (m, c) -> m.fabric() == null || m.fabric().congestionControl() == null ? null
                                : m.fabric().congestionControl().word(), (m, c) -> loc(m, "congestion-control"))
                .field(FabricModel.class, "ecmp_hash_fields", new Shape.ListOf(STRING), "", "as written",
                        (m, c) -> m.fabric() == null || m.fabric().ecmp() == null ? null : m.fabric().ecmp().hashFields(),
                        (m, c) -> m.fabric() == null || m.fabric().ecmp() == null ? null : at(m.fabric().ecmp().at(), "hash-fields"))
                .field(FabricModel.class, "versions", new Shape.Struct("weft.Versions"), "", "qualified versions",
                        (m, c) -> m.fabric() == null ? null : m.fabric().versions(), (m, c) -> loc(m, "versions"))
                .field(FabricModel.class, "profiles", new Shape.MapOf("string", new Shape.Struct("weft.Profile")), "",
                        "port profiles by name", (m, c) -> m.profiles(), null)
                .field(FabricModel.class, "switches", new Shape.ListOf(new Shape.Struct("weft.Switch")), "",
                        "every switch, in file order", (m, c) -> m.switches(), null)
                .field(FabricModel.class, "hosts", new Shape.ListOf(new Shape.Struct("weft.Host")), "",
                        "every host, in file order", (m, c) -> m.hosts(), null)
                .field(FabricModel.class, "links", new Shape.ListOf(new Shape.Struct("weft.Link")), "",
                        "every link, in file order", (m, c) -> m.links(), null)
                .field(FabricModel.class, "subnet", new Shape.Struct("weft.Subnet"), "", "InfiniBand subnet; absent on RoCE",
                        (m, c) -> m.subnet(), (m, c) -> self(m.subnet() == null ? null : m.subnet().at()))
                .build();
    }

    private static Location loc(FabricModel m, String key) {
        return m.fabric() == null ? null : at(m.fabric().at(), key);
    }

    private static Shape mtu() {
        return Shape.named("weft.Mtu", "`fabric.mtu`")
                .self(RoceMtu.class, (m, c) -> self(m.at()))
                .field(RoceMtu.class, "switch", INT, "bytes", "L3 MTU of switch ports carrying RoCE",
                        (m, c) -> m.switchMtu(), (m, c) -> at(m.at(), "switch"))
                .field(RoceMtu.class, "nic", INT, "bytes", "netdev MTU of RDMA NICs", (m, c) -> m.nic(), (m, c) -> at(m.at(), "nic"))
                .field(RoceMtu.class, "roce", INT, "bytes", "RoCE path MTU", (m, c) -> m.roce(), (m, c) -> at(m.at(), "roce"))
                .build();
    }

    private static Shape trafficClass() {
        return Shape.named("weft.TrafficClass", "one entry of `fabric.traffic-classes`")
                .self(TrafficClass.class, (t, c) -> self(t.at()))
                .label(TrafficClass.class, (t, c) -> "class " + t.name())
                .field(TrafficClass.class, "name", STRING, "", "class name", (t, c) -> t.name(), (t, c) -> at(t.at(), "name"))
                .field(TrafficClass.class, "dscp", new Shape.ListOf(INT), "", "code points listed (empty for `dscp: default`)",
                        (t, c) -> t.dscp(), (t, c) -> at(t.at(), "dscp"))
                .field(TrafficClass.class, "dscp_default", BOOL, "", "true for `dscp: default`",
                        (t, c) -> t.dscpDefault(), (t, c) -> at(t.at(), "dscp"))
                .field(TrafficClass.class, "priority", INT, "", "switch priority 0..7",
                        (t, c) -> t.priority(), (t, c) -> at(t.at(), "priority"))
                .field(TrafficClass.class, "queue", INT, "", "egress queue 0..7 (the priority when not written)",
                        (t, c) -> t.queue(), (t, c) -> at(t.at(), t.at() != null && t.at().written("queue") ? "queue" : "priority"))
                .field(TrafficClass.class, "lossless", BOOL, "", "PFC on this priority",
                        (t, c) -> t.lossless(), (t, c) -> at(t.at(), "lossless"))
                .field(TrafficClass.class, "ecn", new Shape.Struct("weft.Ecn"), "", "WRED-ECN marking; absent when not written",
                        (t, c) -> t.ecn(), (t, c) -> at(t.at(), "ecn"))
                .field(TrafficClass.class, "scheduler", STRING, "", "`strict` or `dwrr`",
                        (t, c) -> t.scheduler() == null ? null : word(t.scheduler().type()),
                        (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "type"))
                .field(TrafficClass.class, "weight", INT, "percent", "DWRR weight; absent for strict",
                        (t, c) -> t.scheduler() == null ? null : t.scheduler().weight(),
                        (t, c) -> t.scheduler() == null ? null : at(t.scheduler().at(), "weight"))
                .field(TrafficClass.class, "role", STRING, "", "`cnp` or absent", (t, c) -> t.role(), (t, c) -> at(t.at(), "role"))
                .build();
    }

    private static Shape ecn() {
        return Shape.named("weft.Ecn", "a class's WRED-ECN thresholds")
                .self(Ecn.class, (e, c) -> self(e.at()))
                .field(Ecn.class, "min", INT, "bytes", "marking starts", (e, c) -> e.min() == null ? null : e.min().bytes(),
                        (e, c) -> at(e.at(), "min"))
                .field(Ecn.class, "max", INT, "bytes", "marking reaches `probability`",
                        (e, c) -> e.max() == null ? null : e.max().bytes(), (e, c) -> at(e.at(), "max"))
                .field(Ecn.class, "probability", INT, "percent", "1..100", (e, c) -> e.probability(),
                        (e, c) -> at(e.at(), "probability"))
                .build();
    }

    private static Shape pfc() {
        return Shape.named("weft.Pfc", "`fabric.pfc`")
                .self(Pfc.class, (p, c) -> self(p.at()))
                .field(Pfc.class, "link_pause", BOOL, "", "IEEE 802.3x pause", (p, c) -> p.linkPause(), (p, c) -> at(p.at(), "link-pause"))
                .field(Pfc.class, "watchdog", new Shape.Struct("weft.Watchdog"), "", "the PFC watchdog",
                        (p, c) -> p.watchdog(), (p, c) -> at(p.at(), "watchdog"))
                .build();
    }

    private static Shape watchdog() {
        return Shape.named("weft.Watchdog", "`fabric.pfc.watchdog` (defaults filled in)")
                .self(Watchdog.class, (w, c) -> self(w.at()))
                .field(Watchdog.class, "enabled", BOOL, "", "", (w, c) -> w.enabled(), (w, c) -> at(w.at(), "enabled"))
                .field(Watchdog.class, "detection", DURATION, "duration", "storm detection time",
                        (w, c) -> duration(w.detection()), (w, c) -> at(w.at(), "detection"))
                .field(Watchdog.class, "restoration", DURATION, "duration", "restoration time",
                        (w, c) -> duration(w.restoration()), (w, c) -> at(w.at(), "restoration"))
                .field(Watchdog.class, "action", STRING, "", "`drop`, `forward` or `alert`",
                        (w, c) -> word(w.action()), (w, c) -> at(w.at(), "action"))
                .field(Watchdog.class, "poll", DURATION, "duration", "polling interval",
                        (w, c) -> duration(w.poll()), (w, c) -> at(w.at(), "poll"))
                .build();
    }

    private static Shape versions() {
        return Shape.named("weft.Versions", "`fabric.versions`")
                .self(Versions.class, (v, c) -> self(v.at()))
                .field(Versions.class, "switch_os", new Shape.MapOf("string", STRING), "", "platform → qualified switch OS",
                        (v, c) -> v.switchOs(), (v, c) -> at(v.at(), "switch-os"))
                .field(Versions.class, "nic_firmware", new Shape.MapOf("string", STRING), "", "NIC model → qualified firmware",
                        (v, c) -> v.nicFirmware(), (v, c) -> at(v.at(), "nic-firmware"))
                .build();
    }

    private static Shape profile() {
        return Shape.named("weft.Profile", "a port profile as written")
                .self(Profile.class, (p, c) -> self(p.at()))
                .label(Profile.class, (p, c) -> "profile " + p.name())
                .field(Profile.class, "name", STRING, "", "", (p, c) -> p.name(), (p, c) -> at(p.at(), "name"))
                .field(Profile.class, "speed", INT, "Gb/s", "", (p, c) -> p.speed() == null ? null : p.speed().gbps(),
                        (p, c) -> at(p.at(), "speed"))
                .field(Profile.class, "mtu", INT, "bytes", "", (p, c) -> p.mtu(), (p, c) -> at(p.at(), "mtu"))
                .field(Profile.class, "role", STRING, "", "`host-facing` or `fabric`",
                        (p, c) -> p.role() == null ? null : p.role().word(), (p, c) -> at(p.at(), "role"))
                .field(Profile.class, "description", STRING, "", "", (p, c) -> p.description(), (p, c) -> at(p.at(), "description"))
                .build();
    }

    private static Shape switchShape() {
        return Shape.named("weft.Switch", "a switch as written; `ports` are its effective ports")
                .self(Switch.class, (s, c) -> self(s.at()))
                .place(Switch.class, (s, c) -> new Shape.Place(s.name(), null))
                .label(Switch.class, (s, c) -> s.name())
                .field(Switch.class, "name", STRING, "", "", (s, c) -> s.name(), (s, c) -> at(s.at(), "name"))
                .field(Switch.class, "role", STRING, "", "`leaf`, `spine` or `super-spine`", (s, c) -> s.role(),
                        (s, c) -> at(s.at(), "role"))
                .field(Switch.class, "platform", STRING, "", "`sonic`, `cumulus`, `eos`, `openconfig`, `ib-quantum`",
                        (s, c) -> s.platform(), (s, c) -> at(s.at(), "platform"))
                .field(Switch.class, "asic", STRING, "", "absent when not written", (s, c) -> s.asic(), (s, c) -> at(s.at(), "asic"))
                .field(Switch.class, "os_version", STRING, "", "absent when not written", (s, c) -> s.osVersion(),
                        (s, c) -> at(s.at(), "os-version"))
                .field(Switch.class, "node_guid", STRING, "", "InfiniBand only", (s, c) -> s.nodeGuid(),
                        (s, c) -> at(s.at(), "node-guid"))
                .field(Switch.class, "management", new Shape.Struct("weft.Management"), "", "absent when not written",
                        (s, c) -> s.management(), (s, c) -> at(s.at(), "management"))
                .field(Switch.class, "ports", new Shape.ListOf(new Shape.Struct("weft.Port")), "", "effective ports, in file order",
                        (s, c) -> c.model().effectivePortsOf(s.name()), (s, c) -> at(s.at(), "ports"))
                .field(Switch.class, "file", STRING, "", "the inventory file that declares it", (s, c) -> file(s.at()), null)
                .build();
    }

    private static Shape management() {
        return Shape.named("weft.Management", "`switches[].management`")
                .self(Management.class, (m, c) -> self(m.at()))
                .field(Management.class, "host", STRING, "", "", (m, c) -> m.host(), (m, c) -> at(m.at(), "host"))
                .field(Management.class, "port", INT, "", "", (m, c) -> m.port(), (m, c) -> at(m.at(), "port"))
                .field(Management.class, "credentials", STRING, "", "a credential name, never a secret",
                        (m, c) -> m.credentials(), (m, c) -> at(m.at(), "credentials"))
                .build();
    }

    private static Shape port() {
        return Shape.named("weft.Port", "a switch port's effective settings (fabric → profile → port), each at the line that set it")
                .self(EffectivePort.class, (p, c) -> self(p.port().at()))
                .place(EffectivePort.class, (p, c) -> new Shape.Place(p.deviceName(), p.portName()))
                .label(EffectivePort.class, (p, c) -> p.deviceName() + " " + p.portName())
                .field(EffectivePort.class, "name", STRING, "", "", (p, c) -> p.portName(), (p, c) -> at(p.port().at(), "name"))
                .field(EffectivePort.class, "device", STRING, "", "the switch's name", (p, c) -> p.deviceName(), null)
                .field(EffectivePort.class, "switch", new Shape.Struct("weft.Switch"), "", "the switch", (p, c) -> p.device(), null)
                .field(EffectivePort.class, "speed", INT, "Gb/s", "", (p, c) -> value(p.speed()) == null ? null : p.speed().value().gbps(),
                        (p, c) -> origin(p.speed()))
                .field(EffectivePort.class, "mtu", INT, "bytes", "", (p, c) -> value(p.mtu()), (p, c) -> origin(p.mtu()))
                .field(EffectivePort.class, "role", STRING, "", "`host-facing` or `fabric`",
                        (p, c) -> value(p.role()) == null ? null : p.role().value().word(), (p, c) -> origin(p.role()))
                .field(EffectivePort.class, "profile", STRING, "", "profile name", (p, c) -> p.port().profile(),
                        (p, c) -> at(p.port().at(), "profile"))
                .field(EffectivePort.class, "description", STRING, "", "", (p, c) -> p.port().description(),
                        (p, c) -> at(p.port().at(), "description"))
                .field(EffectivePort.class, "headroom_xoff", INT, "bytes", "hand-set xoff", (p, c) -> p.port().headroomXoff() == null
                        ? null : p.port().headroomXoff().bytes(), (p, c) -> at(p.port().at(), "headroom"))
                .field(EffectivePort.class, "cable_length", INT, "metres", "of the link on this port",
                        (p, c) -> value(p.cableLength()) == null ? null : p.cableLength().value().metres(), (p, c) -> origin(p.cableLength()))
                .field(EffectivePort.class, "peer", STRING, "", "`device:port` at the other end of the link",
                        (p, c) -> p.peer() == null ? null : p.peer().toString(), (p, c) -> p.link() == null ? null : self(p.link().at()))
                .field(EffectivePort.class, "link", new Shape.Struct("weft.Link"), "", "the link on this port",
                        (p, c) -> p.link(), (p, c) -> p.link() == null ? null : self(p.link().at()))
                .field(EffectivePort.class, "file", STRING, "", "the inventory file that declares it", (p, c) -> file(p.port().at()), null)
                .build();
    }

    private static Shape link() {
        return Shape.named("weft.Link", "a cable between two ends")
                .self(Link.class, (l, c) -> self(l.at()))
                .place(Link.class, (l, c) -> new Shape.Place(l.a().device(), l.a().port()))
                .label(Link.class, (l, c) -> l.a() + " — " + l.b())
                .field(Link.class, "a", new Shape.Struct("weft.End"), "", "first end as written", (l, c) -> l.a(), (l, c) -> at(l.at(), "a"))
                .field(Link.class, "b", new Shape.Struct("weft.End"), "", "second end", (l, c) -> l.b(), (l, c) -> at(l.at(), "b"))
                .field(Link.class, "cable_length", INT, "metres", "absent when not written",
                        (l, c) -> l.cableLength() == null ? null : l.cableLength().metres(), (l, c) -> at(l.at(), "cable-length"))
                .field(Link.class, "file", STRING, "", "the inventory file that declares it", (l, c) -> file(l.at()), null)
                .build();
    }

    private static Shape end() {
        return Shape.named("weft.End", "one end of a link")
                .self(Endpoint.class, (e, c) -> e.at())
                .place(Endpoint.class, (e, c) -> new Shape.Place(e.device(), e.port()))
                .label(Endpoint.class, (e, c) -> e.toString())
                .field(Endpoint.class, "device", STRING, "", "", (e, c) -> e.device(), (e, c) -> e.at())
                .field(Endpoint.class, "port", STRING, "", "switch port or host NIC name", (e, c) -> e.port(), (e, c) -> e.at())
                .field(Endpoint.class, "switch_port", new Shape.Struct("weft.Port"), "", "present when the end is a switch port",
                        (e, c) -> c.model().effectivePortAt(e.device(), e.port()).orElse(null), null)
                .field(Endpoint.class, "nic", new Shape.Struct("weft.Nic"), "", "present when the end is a host NIC",
                        (e, c) -> nicAt(c.model(), e.device(), e.port()), null)
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

    private static Shape host() {
        return Shape.named("weft.Host", "a GPU node")
                .self(Host.class, (h, c) -> self(h.at()))
                .place(Host.class, (h, c) -> new Shape.Place(h.name(), null))
                .label(Host.class, (h, c) -> h.name())
                .field(Host.class, "name", STRING, "", "", (h, c) -> h.name(), (h, c) -> at(h.at(), "name"))
                .field(Host.class, "nics", new Shape.ListOf(new Shape.Struct("weft.Nic")), "", "RoCE NICs",
                        (h, c) -> h.nics().stream().map(n -> new NicOf(h, n)).toList(), (h, c) -> at(h.at(), "nics"))
                .field(Host.class, "hcas", new Shape.ListOf(new Shape.Struct("weft.Hca")), "", "InfiniBand HCAs",
                        (h, c) -> h.hcas().stream().map(x -> new HcaOf(h, x)).toList(), (h, c) -> at(h.at(), "hcas"))
                .field(Host.class, "file", STRING, "", "the inventory file that declares it", (h, c) -> file(h.at()), null)
                .build();
    }

    private static Shape nic() {
        return Shape.named("weft.Nic", "an RDMA NIC of a host")
                .self(NicOf.class, (n, c) -> self(n.nic().at()))
                .place(NicOf.class, (n, c) -> new Shape.Place(n.host().name(), n.nic().name()))
                .label(NicOf.class, (n, c) -> n.host().name() + " " + n.nic().name())
                .field(NicOf.class, "name", STRING, "", "netdev", (n, c) -> n.nic().name(), (n, c) -> at(n.nic().at(), "name"))
                .field(NicOf.class, "host", STRING, "", "the host's name", (n, c) -> n.host().name(), null)
                .field(NicOf.class, "rdma_device", STRING, "", "e.g. `mlx5_0`", (n, c) -> n.nic().rdmaDevice(),
                        (n, c) -> at(n.nic().at(), "rdma-device"))
                .field(NicOf.class, "model", STRING, "", "e.g. `connectx-7`", (n, c) -> n.nic().model(), (n, c) -> at(n.nic().at(), "model"))
                .field(NicOf.class, "firmware", STRING, "", "as written", (n, c) -> n.nic().firmware(),
                        (n, c) -> at(n.nic().at(), "firmware"))
                .field(NicOf.class, "speed", INT, "Gb/s", "", (n, c) -> n.nic().speed() == null ? null : n.nic().speed().gbps(),
                        (n, c) -> at(n.nic().at(), "speed"))
                .field(NicOf.class, "link", new Shape.Struct("weft.Link"), "", "the link on this NIC",
                        (n, c) -> c.model().linkAt(n.host().name(), n.nic().name()).orElse(null), null)
                .field(NicOf.class, "switch_port", new Shape.Struct("weft.Port"), "", "the switch port it is cabled to",
                        (n, c) -> c.model().linkAt(n.host().name(), n.nic().name())
                                .map(l -> l.peerOf(n.host().name(), n.nic().name()))
                                .flatMap(e -> c.model().effectivePortAt(e.device(), e.port())).orElse(null), null)
                .field(NicOf.class, "file", STRING, "", "the inventory file that declares it", (n, c) -> file(n.nic().at()), null)
                .build();
    }

    private static Shape hca() {
        return Shape.named("weft.Hca", "an InfiniBand HCA port of a host")
                .self(HcaOf.class, (h, c) -> self(h.hca().at()))
                .place(HcaOf.class, (h, c) -> new Shape.Place(h.host().name(), h.hca().name()))
                .label(HcaOf.class, (h, c) -> h.host().name() + " " + h.hca().name())
                .field(HcaOf.class, "name", STRING, "", "", (h, c) -> h.hca().name(), (h, c) -> at(h.hca().at(), "name"))
                .field(HcaOf.class, "port_guid", STRING, "", "", (h, c) -> h.hca().portGuid(), (h, c) -> at(h.hca().at(), "port-guid"))
                .field(HcaOf.class, "speed", INT, "Gb/s", "", (h, c) -> h.hca().speed() == null ? null : h.hca().speed().gbps(),
                        (h, c) -> at(h.hca().at(), "speed"))
                .build();
    }

    private static Shape subnet() {
        return Shape.named("weft.Subnet", "the InfiniBand `subnet`")
                .self(Subnet.class, (s, c) -> self(s.at()))
                .label(Subnet.class, (s, c) -> "subnet")
                .field(Subnet.class, "prefix", STRING, "", "absent for OpenSM's default", (s, c) -> s.prefix(), (s, c) -> at(s.at(), "prefix"))
                .field(Subnet.class, "routing_engines", new Shape.ListOf(STRING), "", "tried in order",
                        (s, c) -> s.routingEngines(), (s, c) -> at(s.at(), "routing-engine"))
                .field(Subnet.class, "root_switches", new Shape.ListOf(STRING), "", "switch names",
                        (s, c) -> s.rootSwitches(), (s, c) -> at(s.at(), "root-switches"))
                .field(Subnet.class, "lmc", INT, "", "LID mask control", (s, c) -> s.lmc(), (s, c) -> at(s.at(), "lmc"))
                .field(Subnet.class, "mtu", INT, "bytes", "", (s, c) -> s.mtu(), (s, c) -> at(s.at(), "mtu"))
                .field(Subnet.class, "rate", INT, "Gb/s", "", (s, c) -> s.rate() == null ? null : s.rate().gbps(), (s, c) -> at(s.at(), "rate"))
                .field(Subnet.class, "qos_enabled", BOOL, "", "", (s, c) -> s.qosEnabled(), (s, c) -> at(s.at(), "qos"))
                .field(Subnet.class, "sharp", BOOL, "", "SHARP enabled", (s, c) -> s.sharpEnabled(), (s, c) -> at(s.at(), "sharp"))
                .field(Subnet.class, "adaptive_routing", BOOL, "", "", (s, c) -> s.adaptiveRoutingEnabled(),
                        (s, c) -> at(s.at(), "adaptive-routing"))
                .field(Subnet.class, "subnet_managers", new Shape.ListOf(new Shape.Struct("weft.SubnetManager")), "", "",
                        (s, c) -> s.subnetManagers(), (s, c) -> at(s.at(), "subnet-managers"))
                .field(Subnet.class, "partitions", new Shape.ListOf(new Shape.Struct("weft.Partition")), "", "",
                        (s, c) -> s.partitions(), (s, c) -> at(s.at(), "partitions"))
                .build();
    }

    private static Shape subnetManager() {
        return Shape.named("weft.SubnetManager", "one subnet manager")
                .self(SubnetManager.class, (s, c) -> self(s.at()))
                .place(SubnetManager.class, (s, c) -> new Shape.Place(s.host(), null))
                .field(SubnetManager.class, "host", STRING, "", "", (s, c) -> s.host(), (s, c) -> at(s.at(), "host"))
                .field(SubnetManager.class, "port_guid", STRING, "", "", (s, c) -> s.portGuid(), (s, c) -> at(s.at(), "port-guid"))
                .field(SubnetManager.class, "priority", INT, "", "0..15", (s, c) -> s.priority(), (s, c) -> at(s.at(), "priority"))
                .build();
    }

    private static Shape partition() {
        return Shape.named("weft.Partition", "one InfiniBand partition")
                .self(Partition.class, (p, c) -> self(p.at()))
                .label(Partition.class, (p, c) -> "partition " + p.name())
                .field(Partition.class, "name", STRING, "", "", (p, c) -> p.name(), (p, c) -> at(p.at(), "name"))
                .field(Partition.class, "pkey", INT, "", "P_Key value", (p, c) -> p.pkey(), (p, c) -> at(p.at(), "pkey"))
                .field(Partition.class, "ipoib", BOOL, "", "", (p, c) -> p.ipoib(), (p, c) -> at(p.at(), "ipoib"))
                .field(Partition.class, "mtu", INT, "bytes", "", (p, c) -> p.mtu(), (p, c) -> at(p.at(), "mtu"))
                .field(Partition.class, "rate", INT, "Gb/s", "", (p, c) -> p.rate() == null ? null : p.rate().gbps(),
                        (p, c) -> at(p.at(), "rate"))
                .field(Partition.class, "sl", INT, "", "service level", (p, c) -> p.sl(), (p, c) -> at(p.at(), "sl"))
                .field(Partition.class, "members", new Shape.ListOf(new Shape.Struct("weft.Member")), "", "",
                        (p, c) -> p.members(), (p, c) -> at(p.at(), "members"))
                .build();
    }

    private static Shape member() {
        return Shape.named("weft.Member", "one membership entry of a partition")
                .self(Partition.Member.class, (m, c) -> self(m.at()))
                .field(Partition.Member.class, "all", BOOL, "", "every port", (m, c) -> m.all(), (m, c) -> at(m.at(), "all"))
                .field(Partition.Member.class, "hosts", new Shape.ListOf(STRING), "", "", (m, c) -> m.hosts(), (m, c) -> at(m.at(), "hosts"))
                .field(Partition.Member.class, "switches", new Shape.ListOf(STRING), "", "", (m, c) -> m.switches(),
                        (m, c) -> at(m.at(), "switches"))
                .field(Partition.Member.class, "membership", STRING, "", "`full`, `limited` or `both`",
                        (m, c) -> m.membership(), (m, c) -> at(m.at(), "membership"))
                .build();
    }
}
