package dev.weft.policy;

import static dev.weft.policy.Shape.BOOL;
import static dev.weft.policy.Shape.INT;
import static dev.weft.policy.Shape.STRING;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Location;
import java.util.List;

/**
 * A switch's compiled config (or the live config read back from the device) as CEL types, with the
 * same field names the templates see ({@code speed_gbps}, {@code min_bytes}, {@code detection_ms}).
 * Each value points at the intent line that owns it; a live config has no lines of its own, so its
 * values point at the intent line that owns the expected value, as drift findings do.
 */
final class ConfigShapes {

  private ConfigShapes() {}

  /** A nested compiled value with the intent line that owns it. */
  record Located(Object value, Location at) {}

  /** A compiled port with its switch (for the switch's provenance and the intent port's lines). */
  record PortIn(CompiledSwitch device, CompiledPort port) {}

  static List<Shape> all() {
    return List.of(switchConfig(), queue(), ecnProfile(), watchdog(), portConfig(), headroom());
  }

  /** The line owning a switch-level field: the compiled provenance, else the intent switch. */
  private static Location owner(CompiledSwitch s, String key, Context c) {
    Location at = s.owner(key);
    return at != null
        ? at
        : c.model().switchNamed(s.name()).map(w -> IntentShapes.self(w.at())).orElse(null);
  }

  private static Location owner(PortIn p, String key, Context c) {
    Location at = p.port().owner(key);
    if (at != null) {
      return at;
    }
    return c.model()
        .effectivePortAt(p.device().name(), p.port().name())
        .map(e -> IntentShapes.self(e.port().at()))
        .orElseGet(() -> owner(p.device(), "name", c));
  }

  private static Object located(Located l) {
    return l.value();
  }

  private static Shape switchConfig() {
    return Shape.named(
            "weft.SwitchConfig",
            "a switch's compiled config, or its live config under `weft drift`")
        .self(CompiledSwitch.class, (s, c) -> owner(s, "name", c))
        .place(CompiledSwitch.class, (s, c) -> new Shape.Place(s.name(), null))
        .label(CompiledSwitch.class, (s, c) -> s.name())
        .field(
            CompiledSwitch.class,
            "name",
            STRING,
            "",
            "",
            (s, c) -> s.name(),
            (s, c) -> owner(s, "name", c))
        .field(
            CompiledSwitch.class,
            "role",
            STRING,
            "",
            "",
            (s, c) -> s.role(),
            (s, c) -> owner(s, "role", c))
        .field(
            CompiledSwitch.class,
            "platform",
            STRING,
            "",
            "",
            (s, c) -> s.platform(),
            (s, c) -> owner(s, "platform", c))
        .field(
            CompiledSwitch.class,
            "asic",
            STRING,
            "",
            "",
            (s, c) -> s.asic(),
            (s, c) -> owner(s, "asic", c))
        .field(
            CompiledSwitch.class,
            "asic_profile_version",
            STRING,
            "",
            "the ASIC profile used for headroom",
            (s, c) -> s.asicProfileVersion(),
            (s, c) -> owner(s, "asic", c))
        .field(
            CompiledSwitch.class,
            "os_version",
            STRING,
            "",
            "",
            (s, c) -> s.osVersion(),
            (s, c) -> owner(s, "os_version", c))
        .field(
            CompiledSwitch.class,
            "congestion_control",
            STRING,
            "",
            "",
            (s, c) -> s.congestionControl(),
            (s, c) -> owner(s, "congestion_control", c))
        .field(
            CompiledSwitch.class,
            "dscp_to_priority",
            new Shape.MapOf("int", INT),
            "",
            "DSCP → switch priority",
            (s, c) -> s.dscpToPriority(),
            (s, c) -> owner(s, "dscp_to_priority", c))
        .field(
            CompiledSwitch.class,
            "priority_to_queue",
            new Shape.ListOf(INT),
            "",
            "8 entries",
            (s, c) -> s.priorityToQueue(),
            (s, c) -> owner(s, "priority_to_queue", c))
        .field(
            CompiledSwitch.class,
            "priority_to_pg",
            new Shape.ListOf(INT),
            "",
            "8 entries: priority → ingress PG",
            (s, c) -> s.priorityToPriorityGroup(),
            (s, c) -> owner(s, "pfc", c))
        .field(
            CompiledSwitch.class,
            "lossless_priorities",
            new Shape.ListOf(INT),
            "",
            "PFC priorities, ascending",
            (s, c) -> s.losslessPriorities(),
            (s, c) -> owner(s, "pfc_priorities", c))
        .field(
            CompiledSwitch.class,
            "cnp_priority",
            INT,
            "",
            "",
            (s, c) -> s.cnpPriority(),
            (s, c) -> owner(s, "cnp_priority", c))
        .field(
            CompiledSwitch.class,
            "cnp_dscp",
            INT,
            "",
            "",
            (s, c) -> s.cnpDscp(),
            (s, c) -> owner(s, "cnp_dscp", c))
        .field(
            CompiledSwitch.class,
            "queues",
            new Shape.ListOf(new Shape.Struct("weft.QueueConfig")),
            "",
            "ascending by queue",
            (s, c) ->
                s.queues().stream()
                    .map(q -> new Located(q, owner(s, "queues." + q.queue(), c)))
                    .toList(),
            null)
        .field(
            CompiledSwitch.class,
            "ecn_profiles",
            new Shape.ListOf(new Shape.Struct("weft.EcnProfile")),
            "",
            "",
            (s, c) ->
                s.ecnProfiles().stream()
                    .map(e -> new Located(e, owner(s, "ecn_profiles." + e.name(), c)))
                    .toList(),
            null)
        .field(
            CompiledSwitch.class,
            "watchdog",
            new Shape.Struct("weft.WatchdogConfig"),
            "",
            "absent when the intent has none",
            (s, c) ->
                s.watchdog() == null ? null : new Located(s.watchdog(), owner(s, "watchdog", c)),
            (s, c) -> owner(s, "watchdog", c))
        .field(
            CompiledSwitch.class,
            "link_pause",
            BOOL,
            "",
            "",
            (s, c) -> s.linkPause(),
            (s, c) -> owner(s, "link_pause", c))
        .field(
            CompiledSwitch.class,
            "ecmp_hash_fields",
            new Shape.ListOf(STRING),
            "",
            "",
            (s, c) -> s.ecmpHashFields(),
            (s, c) -> owner(s, "ecmp_hash_fields", c))
        .field(
            CompiledSwitch.class,
            "ports",
            new Shape.ListOf(new Shape.Struct("weft.PortConfig")),
            "",
            "natural port order",
            (s, c) -> s.ports().stream().map(p -> new PortIn(s, p)).toList(),
            null)
        .build();
  }

  private static Shape queue() {
    return Shape.named("weft.QueueConfig", "one egress queue")
        .self(Located.class, (l, c) -> l.at())
        .label(Located.class, (l, c) -> "queue " + ((CompiledQueue) l.value()).queue())
        .field(
            Located.class,
            "queue",
            INT,
            "",
            "0..7",
            (l, c) -> ((CompiledQueue) located(l)).queue(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "traffic_class",
            STRING,
            "",
            "the owning class; absent on a live config",
            (l, c) -> ((CompiledQueue) located(l)).trafficClass(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "scheduler",
            STRING,
            "",
            "`strict` or `dwrr`",
            (l, c) -> ((CompiledQueue) located(l)).scheduler(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "weight",
            INT,
            "percent",
            "DWRR weight; absent for strict",
            (l, c) -> ((CompiledQueue) located(l)).weight(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "ecn_profile",
            STRING,
            "",
            "absent when the queue does not mark",
            (l, c) -> ((CompiledQueue) located(l)).ecnProfile(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "lossless",
            BOOL,
            "",
            "carries a PFC priority",
            (l, c) -> ((CompiledQueue) located(l)).lossless(),
            (l, c) -> l.at())
        .build();
  }

  private static Shape ecnProfile() {
    return Shape.named("weft.EcnProfile", "one WRED-ECN profile")
        .self(Located.class, (l, c) -> l.at())
        .label(Located.class, (l, c) -> "ECN profile " + ((EcnProfile) l.value()).name())
        .field(
            Located.class,
            "name",
            STRING,
            "",
            "",
            (l, c) -> ((EcnProfile) located(l)).name(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "min_bytes",
            INT,
            "bytes",
            "",
            (l, c) -> ((EcnProfile) located(l)).minBytes(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "max_bytes",
            INT,
            "bytes",
            "",
            (l, c) -> ((EcnProfile) located(l)).maxBytes(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "probability",
            INT,
            "percent",
            "",
            (l, c) -> ((EcnProfile) located(l)).probability(),
            (l, c) -> l.at())
        .build();
  }

  private static Shape watchdog() {
    return Shape.named("weft.WatchdogConfig", "the PFC watchdog, timers in whole milliseconds")
        .self(Located.class, (l, c) -> l.at())
        .field(
            Located.class,
            "enabled",
            BOOL,
            "",
            "",
            (l, c) -> ((CompiledWatchdog) located(l)).enabled(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "action",
            STRING,
            "",
            "",
            (l, c) -> ((CompiledWatchdog) located(l)).action(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "detection_ms",
            INT,
            "milliseconds",
            "",
            (l, c) -> ((CompiledWatchdog) located(l)).detectionMs(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "restoration_ms",
            INT,
            "milliseconds",
            "",
            (l, c) -> ((CompiledWatchdog) located(l)).restorationMs(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "poll_ms",
            INT,
            "milliseconds",
            "",
            (l, c) -> ((CompiledWatchdog) located(l)).pollMs(),
            (l, c) -> l.at())
        .build();
  }

  private static Shape portConfig() {
    return Shape.named("weft.PortConfig", "one port's compiled config")
        .self(PortIn.class, (p, c) -> owner(p, "name", c))
        .place(PortIn.class, (p, c) -> new Shape.Place(p.device().name(), p.port().name()))
        .label(PortIn.class, (p, c) -> p.device().name() + " " + p.port().name())
        .field(
            PortIn.class,
            "name",
            STRING,
            "",
            "",
            (p, c) -> p.port().name(),
            (p, c) -> owner(p, "name", c))
        .field(
            PortIn.class,
            "speed_gbps",
            INT,
            "Gb/s",
            "",
            (p, c) -> p.port().speedGbps(),
            (p, c) -> owner(p, "speed_gbps", c))
        .field(
            PortIn.class,
            "mtu",
            INT,
            "bytes",
            "",
            (p, c) -> p.port().mtu(),
            (p, c) -> owner(p, "mtu", c))
        .field(
            PortIn.class,
            "cable_length_m",
            INT,
            "metres",
            "",
            (p, c) -> p.port().cableLengthMetres(),
            (p, c) -> owner(p, "cable_length_m", c))
        .field(
            PortIn.class,
            "role",
            STRING,
            "",
            "",
            (p, c) -> p.port().role(),
            (p, c) -> owner(p, "role", c))
        .field(
            PortIn.class,
            "peer",
            STRING,
            "",
            "`device:port`",
            (p, c) -> p.port().peer(),
            (p, c) -> owner(p, "peer", c))
        .field(
            PortIn.class,
            "trust_dscp",
            BOOL,
            "",
            "",
            (p, c) -> p.port().trustDscp(),
            (p, c) -> owner(p, "trust_dscp", c))
        .field(
            PortIn.class,
            "pfc_priorities",
            new Shape.ListOf(INT),
            "",
            "",
            (p, c) -> p.port().pfcPriorities(),
            (p, c) -> owner(p, "pfc_priorities", c))
        .field(
            PortIn.class,
            "priority_to_queue",
            new Shape.ListOf(INT),
            "",
            "",
            (p, c) -> p.port().priorityToQueue(),
            (p, c) -> owner(p, "priority_to_queue", c))
        .field(
            PortIn.class,
            "pfc_queues",
            new Shape.ListOf(INT),
            "",
            "queues PFC stops",
            (p, c) -> p.port().pfcQueues(),
            (p, c) -> owner(p, "pfc_priority_to_queue", c))
        .field(
            PortIn.class,
            "queues",
            new Shape.ListOf(new Shape.Struct("weft.QueueConfig")),
            "",
            "",
            (p, c) ->
                p.port().queues().stream().map(q -> new Located(q, owner(p, "queues", c))).toList(),
            null)
        .field(
            PortIn.class,
            "watchdog",
            BOOL,
            "",
            "the PFC watchdog runs here",
            (p, c) -> p.port().watchdog(),
            (p, c) -> owner(p, "watchdog", c))
        .field(
            PortIn.class,
            "watchdog_queues",
            new Shape.ListOf(INT),
            "",
            "",
            (p, c) -> p.port().watchdogQueues(),
            (p, c) -> owner(p, "watchdog_queues", c))
        .field(
            PortIn.class,
            "link_pause",
            BOOL,
            "",
            "",
            (p, c) -> p.port().linkPause(),
            (p, c) -> owner(p, "link_pause", c))
        .field(
            PortIn.class,
            "headroom",
            new Shape.ListOf(new Shape.Struct("weft.Headroom")),
            "",
            "one per lossless PG",
            (p, c) ->
                p.port().headroom().stream()
                    .map(h -> new Located(h, owner(p, "headroom", c)))
                    .toList(),
            null)
        .build();
  }

  private static Shape headroom() {
    return Shape.named("weft.Headroom", "the PFC headroom of one lossless priority group")
        .self(Located.class, (l, c) -> l.at())
        .field(
            Located.class,
            "pg",
            INT,
            "",
            "",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).pg(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "priorities",
            new Shape.ListOf(INT),
            "",
            "",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).priorities(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "xoff",
            INT,
            "bytes",
            "in effect",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).xoff(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "xon",
            INT,
            "bytes",
            "",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).xon(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "size",
            INT,
            "bytes",
            "",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).size(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "required_xoff",
            INT,
            "bytes",
            "computed minimum; absent when uncomputable",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).requiredXoff(),
            (l, c) -> l.at())
        .field(
            Located.class,
            "origin",
            STRING,
            "",
            "`computed`, `override` or `device`",
            (l, c) -> ((PriorityGroupHeadroom) located(l)).origin(),
            (l, c) -> l.at())
        .build();
  }
}
