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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

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

  /** Where a compiled value's field was written: the owner of the key in the intent. */
  private interface Owner<T> {
    Location of(T subject, String key, Context c);
  }

  /**
   * The fields of one compiled record, each named after its record component in snake_case ({@code
   * speed_gbps} → {@code speedGbps()}) and typed by it, as the templates see them; only the unit
   * and the doc are written here.
   */
  private record Fields<T>(
      Shape.Builder shape,
      Class<T> type,
      Class<?> record,
      Function<T, ?> recordOf,
      Owner<T> owner) {

    /** A field whose value's owner in the intent is the field's own name. */
    Fields<T> read(String name, String unit, String doc) {
      return read(name, camel(name), name, unit, doc);
    }

    /**
     * @param accessor the record's method, when not named after the field
     * @param ownerKey the key of the compiled provenance, when not the field's name
     */
    Fields<T> read(String name, String accessor, String ownerKey, String unit, String doc) {
      Method read;
      try {
        read = record.getMethod(accessor);
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException(record.getSimpleName() + " has no " + accessor, e);
      }
      shape.field(
          type,
          name,
          kind(read.getGenericReturnType()),
          unit,
          doc,
          (t, c) -> invoke(read, recordOf.apply(t)),
          (t, c) -> owner.of(t, ownerKey, c));
      return this;
    }

    Fields<T> computed(
        String name,
        Shape.Kind kind,
        String doc,
        BiFunction<T, Context, Object> read,
        BiFunction<T, Context, Location> locate) {
      shape.field(type, name, kind, "", doc, read, locate);
      return this;
    }

    Shape build() {
      return shape.build();
    }
  }

  /** The fields of a nested compiled value, each at the intent line that owns the value. */
  private static Fields<Located> nested(Shape.Builder shape, Class<?> record) {
    return new Fields<>(
        shape.self(Located.class, (l, c) -> l.at()),
        Located.class,
        record,
        Located::value,
        (l, key, c) -> l.at());
  }

  private static String camel(String snake) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char ch : snake.toCharArray()) {
      if (ch == '_') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(ch) : ch);
        upper = false;
      }
    }
    return out.toString();
  }

  private static Object invoke(Method accessor, Object owner) {
    try {
      return accessor.invoke(owner);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + accessor, e);
    }
  }

  /** The CEL type of a compiled value: numbers, text, booleans and lists or maps of those. */
  private static Shape.Kind kind(Type type) {
    if (type instanceof ParameterizedType p) {
      Type[] args = p.getActualTypeArguments();
      if (p.getRawType() == List.class) {
        return new Shape.ListOf(kind(args[0]));
      }
      if (p.getRawType() == Map.class) {
        return new Shape.MapOf(args[0] == Integer.class ? "int" : "string", kind(args[1]));
      }
    }
    if (type == String.class) {
      return STRING;
    }
    if (type == boolean.class || type == Boolean.class) {
      return BOOL;
    }
    if (type instanceof Class<?> c
        && (c == int.class || c == long.class || Number.class.isAssignableFrom(c))) {
      return INT;
    }
    throw new IllegalStateException("no CEL type for " + type);
  }

  private static Shape switchConfig() {
    return new Fields<>(
            Shape.named(
                    "weft.SwitchConfig",
                    "a switch's compiled config, or its live config under `weft drift`")
                .self(CompiledSwitch.class, (s, c) -> owner(s, "name", c))
                .place(CompiledSwitch.class, (s, c) -> new Shape.Place(s.name(), null))
                .label(CompiledSwitch.class, (s, c) -> s.name()),
            CompiledSwitch.class,
            CompiledSwitch.class,
            s -> s,
            ConfigShapes::owner)
        .read("name", "", "")
        .read("role", "", "")
        .read("platform", "", "")
        .read("asic", "", "")
        .read(
            "asic_profile_version",
            "asicProfileVersion",
            "asic",
            "",
            "the ASIC profile used for headroom")
        .read("os_version", "", "")
        .read("congestion_control", "", "")
        .read("dscp_to_priority", "", "DSCP → switch priority")
        .read(
            "pcp_to_priority",
            "",
            "8 entries: PCP → switch priority where the ports trust PCP; empty where they trust"
                + " DSCP")
        .read("priority_to_queue", "", "8 entries")
        .read(
            "priority_to_pg",
            "priorityToPriorityGroup",
            "pfc",
            "",
            "8 entries: priority → ingress PG")
        .read(
            "lossless_priorities",
            "losslessPriorities",
            "pfc_priorities",
            "",
            "PFC priorities, ascending")
        .read("cnp_priority", "", "")
        .read("cnp_dscp", "", "")
        .read(
            "dcbx",
            "",
            "ieee or off: what the ports advertise in LLDP DCBX TLVs (fabric.dcbx); absent when"
                + " Weft does not manage DCBX")
        .computed(
            "queues",
            new Shape.ListOf(new Shape.Struct("weft.QueueConfig")),
            "ascending by queue",
            (s, c) ->
                s.queues().stream()
                    .map(q -> new Located(q, owner(s, "queues." + q.queue(), c)))
                    .toList(),
            null)
        .computed(
            "ecn_profiles",
            new Shape.ListOf(new Shape.Struct("weft.EcnProfile")),
            "",
            (s, c) ->
                s.ecnProfiles().stream()
                    .map(e -> new Located(e, owner(s, "ecn_profiles." + e.name(), c)))
                    .toList(),
            null)
        .computed(
            "watchdog",
            new Shape.Struct("weft.WatchdogConfig"),
            "absent when the intent has none",
            (s, c) ->
                s.watchdog() == null ? null : new Located(s.watchdog(), owner(s, "watchdog", c)),
            (s, c) -> owner(s, "watchdog", c))
        .read("link_pause", "", "")
        .read("ecmp_hash_fields", "", "")
        .computed(
            "ports",
            new Shape.ListOf(new Shape.Struct("weft.PortConfig")),
            "natural port order",
            (s, c) -> s.ports().stream().map(p -> new PortIn(s, p)).toList(),
            null)
        .build();
  }

  private static Shape queue() {
    return nested(
            Shape.named("weft.QueueConfig", "one egress queue")
                .label(Located.class, (l, c) -> "queue " + ((CompiledQueue) l.value()).queue()),
            CompiledQueue.class)
        .read("queue", "", "0..7")
        .read("traffic_class", "", "the owning class; absent on a live config")
        .read("scheduler", "", "`strict` or `dwrr`")
        .read(
            "weight",
            "percent",
            "DWRR weight; absent for strict and for a DWRR queue at its platform's default share")
        .read("ecn_profile", "", "absent when the queue does not mark")
        .read("lossless", "", "carries a PFC priority")
        .build();
  }

  private static Shape ecnProfile() {
    return nested(
            Shape.named("weft.EcnProfile", "one WRED-ECN profile")
                .label(Located.class, (l, c) -> "ECN profile " + ((EcnProfile) l.value()).name()),
            EcnProfile.class)
        .read("name", "", "")
        .read("min_bytes", "bytes", "")
        .read("max_bytes", "bytes", "")
        .read("probability", "percent", "")
        .read("drop_non_ect", "", "WRED drops non-ECT packets (intent ecn.non-ect: drop)")
        .build();
  }

  private static Shape watchdog() {
    return nested(
            Shape.named("weft.WatchdogConfig", "the PFC watchdog, timers in whole milliseconds"),
            CompiledWatchdog.class)
        .read("enabled", "", "")
        .read("action", "", "")
        .read("detection_ms", "milliseconds", "")
        .read("restoration_ms", "milliseconds", "")
        .read("poll_ms", "milliseconds", "")
        .build();
  }

  private static Shape portConfig() {
    return new Fields<>(
            Shape.named("weft.PortConfig", "one port's compiled config")
                .self(PortIn.class, (p, c) -> owner(p, "name", c))
                .place(PortIn.class, (p, c) -> new Shape.Place(p.device().name(), p.port().name()))
                .label(PortIn.class, (p, c) -> p.device().name() + " " + p.port().name()),
            PortIn.class,
            CompiledPort.class,
            PortIn::port,
            ConfigShapes::owner)
        .read("name", "", "")
        .read("speed_gbps", "Gb/s", "")
        .read("mtu", "bytes", "")
        .read("cable_length_m", "cableLengthMetres", "cable_length_m", "metres", "")
        .read("role", "", "")
        .read("peer", "", "`device:port`")
        .read("trust_dscp", "", "")
        .read("pfc_priorities", "", "")
        .read("priority_to_queue", "", "")
        .read("pfc_queues", "pfcQueues", "pfc_priority_to_queue", "", "queues PFC stops")
        .computed(
            "queues",
            new Shape.ListOf(new Shape.Struct("weft.QueueConfig")),
            "",
            (p, c) ->
                p.port().queues().stream().map(q -> new Located(q, owner(p, "queues", c))).toList(),
            null)
        .read("watchdog", "", "the PFC watchdog runs here")
        .read("watchdog_queues", "", "")
        .read("link_pause", "", "")
        .computed(
            "headroom",
            new Shape.ListOf(new Shape.Struct("weft.Headroom")),
            "one per lossless PG",
            (p, c) ->
                p.port().headroom().stream()
                    .map(h -> new Located(h, owner(p, "headroom", c)))
                    .toList(),
            null)
        .build();
  }

  private static Shape headroom() {
    return nested(
            Shape.named("weft.Headroom", "the PFC headroom of one lossless priority group"),
            PriorityGroupHeadroom.class)
        .read("pg", "", "")
        .read("priorities", "", "")
        .read("xoff", "bytes", "in effect")
        .read("xon", "bytes", "")
        .read("size", "bytes", "")
        .read("required_xoff", "bytes", "computed minimum; absent when uncomputable")
        .read("origin", "", "`computed`, `override` or `device`")
        .build();
  }
}
