package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.IbFeature;
import dev.weft.model.IbHealth;
import dev.weft.model.IbQos;
import dev.weft.model.Partition;
import dev.weft.model.Provenance;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.units.Speed;
import dev.weft.units.UnitException;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps the {@code subnet} section (InfiniBand, spec §5) into the model. Owned by the InfiniBand
 * work; the main intent mapper calls only {@link #map}.
 *
 * <p>The schema has already checked shapes; this still never throws on an odd shape (a value of the
 * wrong type is skipped and reported) so a schema gap cannot become a stack trace. Numbers are kept
 * as written and range-checked by the {@code ib-*} rules, which point at the offending line.
 */
public final class SubnetMapper {

  /**
   * The membership words OpenSM's partitions.conf knows; any other word silently becomes limited
   * there.
   */
  public static final Set<String> MEMBERSHIPS = Set.of("full", "limited", "both");

  private SubnetMapper() {}

  /**
   * @param subnet the merged {@code subnet} mapping (already schema-checked)
   * @param findings where unit or semantic problems are added, each with a location
   */
  public static Subnet map(MapNode subnet, List<Finding> findings) {
    Reader r = new Reader(findings);
    IbQos qos = subnet.get("qos").map(n -> r.qos(n)).orElse(null);
    List<SubnetManager> sms = new ArrayList<>();
    for (MapNode m : r.maps(subnet, "subnet-managers")) {
      sms.add(
          new SubnetManager(
              r.string(m, "host"), r.string(m, "port-guid"), r.number(m, "priority", 0L), prov(m)));
    }
    List<Partition> partitions = new ArrayList<>();
    for (MapNode p : r.maps(subnet, "partitions")) {
      partitions.add(r.partition(p));
    }
    Long lmc = r.number(subnet, "lmc", 0L);
    return new Subnet(
        r.string(subnet, "prefix"),
        sms,
        r.strings(subnet, "routing-engine"),
        r.strings(subnet, "root-switches"),
        lmc == null ? 0 : (int) Math.max(Math.min(lmc, Integer.MAX_VALUE), Integer.MIN_VALUE),
        r.intOrNull(subnet, "mtu"),
        r.speed(subnet, "rate"),
        qos,
        partitions,
        r.feature(subnet, "adaptive-routing"),
        r.feature(subnet, "sharp"),
        subnet.get("health").map(n -> r.health(n)).orElse(IbHealth.defaults(prov(subnet))),
        prov(subnet));
  }

  /** Where the mapping and each of its keys' values were written. */
  static Provenance prov(MapNode m) {
    Map<String, Location> fields = new LinkedHashMap<>();
    m.entries().forEach((k, e) -> fields.put(k, e.value().location()));
    return new Provenance(m.location(), fields);
  }

  /** Typed reads that report a wrong shape instead of throwing. */
  private record Reader(List<Finding> findings) {

    void wrong(Node n, String what) {
      findings.add(
          Finding.of("schema", Severity.ERROR, "expected " + what + ", found " + describe(n))
              .at(n.location()));
    }

    static String describe(Node n) {
      if (n instanceof ScalarNode s) {
        return s.value() == null ? "null" : "'" + s.text() + "'";
      }
      return n instanceof MapNode ? "a mapping" : "a list";
    }

    String string(MapNode m, String key) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return null;
      }
      if (n instanceof ScalarNode s && s.value() != null) {
        return s.value() instanceof String str ? str : s.text();
      }
      wrong(n, key + " as text");
      return null;
    }

    Long number(MapNode m, String key, Long dflt) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return dflt;
      }
      if (n instanceof ScalarNode s && s.value() instanceof Long l) {
        return l;
      }
      if (n instanceof ScalarNode s && s.value() instanceof BigInteger) {
        return Long.MAX_VALUE; // out of every range: the rules report it at this line
      }
      wrong(n, key + " as a whole number");
      return dflt;
    }

    /** {@code subnet.health}: each threshold as written, else its default. */
    IbHealth health(Node n) {
      if (!(n instanceof MapNode h)) {
        wrong(n, "health as a mapping");
        return null;
      }
      IbHealth d = IbHealth.defaults(null);
      return new IbHealth(
          number(h, "symbol-errors", d.symbolErrors()),
          number(h, "link-downed", d.linkDowned()),
          number(h, "link-error-recovery", d.linkErrorRecovery()),
          number(h, "rcv-errors", d.rcvErrors()),
          number(h, "xmit-discards", d.xmitDiscards()),
          number(h, "xmit-wait-per-second", d.xmitWaitPerSecond()),
          prov(h));
    }

    Integer intOrNull(MapNode m, String key) {
      Long v = number(m, key, null);
      return v == null ? null : (int) Math.min(v, Integer.MAX_VALUE);
    }

    boolean bool(MapNode m, String key) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return false;
      }
      if (n instanceof ScalarNode s && s.value() instanceof Boolean b) {
        return b;
      }
      wrong(n, key + " as true or false");
      return false;
    }

    Speed speed(MapNode m, String key) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return null;
      }
      if (n instanceof ScalarNode s && s.value() != null) {
        try {
          return Speed.parse(s.value());
        } catch (UnitException e) {
          findings.add(
              Finding.of("schema", Severity.ERROR, key + ": " + e.getMessage()).at(n.location()));
          return null;
        }
      }
      wrong(n, key + " as a speed such as 400G");
      return null;
    }

    List<Node> items(MapNode m, String key) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return List.of();
      }
      if (n instanceof ListNode l) {
        return l.items();
      }
      wrong(n, key + " as a list");
      return List.of();
    }

    List<MapNode> maps(MapNode m, String key) {
      List<MapNode> out = new ArrayList<>();
      for (Node item : items(m, key)) {
        if (item instanceof MapNode mm) {
          out.add(mm);
        } else {
          wrong(item, "each " + key + " item as a mapping");
        }
      }
      return out;
    }

    List<String> strings(MapNode m, String key) {
      List<String> out = new ArrayList<>();
      for (Node item : items(m, key)) {
        if (item instanceof ScalarNode s && s.value() != null && !(s.value() instanceof Boolean)) {
          out.add(s.value() instanceof String str ? str : s.text());
        } else {
          wrong(item, "each " + key + " item as text");
        }
      }
      return out;
    }

    IbFeature feature(MapNode m, String key) {
      Node n = m.get(key).orElse(null);
      if (n == null) {
        return null;
      }
      if (n instanceof MapNode f) {
        return new IbFeature(bool(f, "enabled"), prov(f));
      }
      wrong(n, key + " as a mapping with 'enabled'");
      return null;
    }

    IbQos qos(Node n) {
      if (!(n instanceof MapNode q)) {
        wrong(n, "qos as a mapping");
        return null;
      }
      List<Long> sl2vl = new ArrayList<>();
      List<Location> sl2vlAt = new ArrayList<>();
      for (Node item : items(q, "sl2vl")) {
        if (item instanceof ScalarNode s && s.value() instanceof Long l) {
          sl2vl.add(l);
          sl2vlAt.add(item.location());
        } else if (item instanceof ScalarNode s && s.value() instanceof BigInteger) {
          sl2vl.add(Long.MAX_VALUE);
          sl2vlAt.add(item.location());
        } else {
          wrong(item, "each sl2vl entry as a VL number 0..15");
        }
      }
      List<IbQos.QosLevel> levels = new ArrayList<>();
      for (MapNode l : maps(q, "levels")) {
        levels.add(new IbQos.QosLevel(string(l, "name"), number(l, "sl", 0L), prov(l)));
      }
      return new IbQos(
          bool(q, "enabled"),
          number(q, "max-vls", null),
          number(q, "high-limit", null),
          weights(q, "vlarb-high"),
          weights(q, "vlarb-low"),
          sl2vl,
          sl2vlAt,
          levels,
          prov(q));
    }

    List<IbQos.VlWeight> weights(MapNode q, String key) {
      List<IbQos.VlWeight> out = new ArrayList<>();
      for (MapNode w : maps(q, key)) {
        out.add(new IbQos.VlWeight(number(w, "vl", 0L), number(w, "weight", 0L), prov(w)));
      }
      return out;
    }

    Partition partition(MapNode p) {
      String pkeyText = string(p, "pkey");
      List<Partition.Member> members = new ArrayList<>();
      for (MapNode m : maps(p, "members")) {
        String membership = string(m, "membership");
        if (membership == null) {
          membership = "limited"; // OpenSM's default for a listed port
        } else if (!MEMBERSHIPS.contains(membership)) {
          findings.add(
              Finding.of(
                      "schema",
                      Severity.ERROR,
                      "membership must be full, limited or both, found '"
                          + membership
                          + "' (OpenSM would silently treat it as limited)")
                  .at(prov(m).of("membership")));
        }
        members.add(
            new Partition.Member(
                bool(m, "all"), strings(m, "hosts"), strings(m, "switches"), membership, prov(m)));
      }
      return new Partition(
          string(p, "name"),
          pkeyText,
          parsePkey(pkeyText),
          bool(p, "ipoib"),
          number(p, "mtu", null),
          speed(p, "rate"),
          number(p, "sl", null),
          members,
          prov(p));
    }
  }

  /**
   * A P_Key written as {@code 0x}-hex or decimal; null when it is neither (the pkey rule reports
   * it).
   */
  public static Long parsePkey(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    try {
      if (t.startsWith("0x") || t.startsWith("0X")) {
        return t.length() > 2 && t.length() <= 18
            ? Long.parseUnsignedLong(t.substring(2), 16)
            : null;
      }
      return Long.parseLong(t);
    } catch (NumberFormatException notANumber) {
      return null;
    }
  }
}
