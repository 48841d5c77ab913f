package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.IbQos;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ib-sl-vl-unused}: traffic on an SL goes to the VL that SL2VL maps it to. If that VL is 15
 * (drop), at or above the VLs in use ({@code max-vls}), or has no weight in either VL arbitration
 * table, the SL's traffic is dropped or never scheduled. A warning: the plan is expressible, only
 * wrong for some traffic.
 *
 * <p>Entries out of range (an SL above 15, a VL above 15, a weight above 255, an sl2vl without 16
 * entries), which OpenSM would silently truncate, are errors of the intent schema at the entry's
 * line, and a file with schema errors is not mapped; so this rule only ever sees valid tables, and
 * judges nothing when a model that did not come through the schema carries broken ones.
 */
public final class IbSlVlUnused implements Rule {

  static final String ID = "ib-sl-vl-unused";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null || !subnet.qosEnabled()) {
      return List.of();
    }
    IbQos qos = subnet.qos();
    List<Finding> out = new ArrayList<>();

    // the SLs something uses, with the line that uses each (first one wins)
    Map<Long, Location> used = new LinkedHashMap<>();
    used.put(0L, subnet.at().self()); // SM/SA traffic: sm_sl is 0 and Weft does not change it
    for (int i = 0; i < qos.levels().size(); i++) {
      IbQos.QosLevel l = qos.levels().get(i);
      if (validSl(l.sl())) {
        used.put(l.sl(), l.at().of("sl"));
      }
    }
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      if (p.sl() != null && validSl(p.sl())) {
        used.put(p.sl(), p.at().of("sl"));
      }
    }
    if (!tablesValid(qos)) {
      return out; // an out-of-range table is the schema's error at its line; mapping through it
      // would guess
    }
    long maxVls = qos.maxVls() == null ? IbQos.DEFAULT_MAX_VLS : qos.maxVls();
    for (Map.Entry<Long, Location> e : new java.util.TreeMap<>(used).entrySet()) {
      long sl = e.getKey();
      long vl = vlOf(qos, sl);
      Location where = qos.sl2vl().isEmpty() ? e.getValue() : qos.sl2vlAt().get((int) sl);
      String msg = null;
      if (vl == 15) {
        msg = "SL " + sl + " is in use but sl2vl maps it to VL 15, which drops its packets";
      } else if (vl >= maxVls) {
        msg =
            "SL "
                + sl
                + " is in use but sl2vl maps it to VL "
                + vl
                + ", at or above max-vls "
                + maxVls;
      } else if (weight(qos.vlarbHigh(), true, vl) == 0 && weight(qos.vlarbLow(), false, vl) == 0) {
        msg =
            "SL "
                + sl
                + " is in use and maps to VL "
                + vl
                + ", which has no weight in vlarb-high or vlarb-low, so it is never scheduled";
      }
      if (msg != null) {
        out.add(
            Finding.of(id(), Severity.WARNING, msg + " (used at " + e.getValue() + ")")
                .at(where)
                .withPath("/subnet/qos/sl2vl/" + sl)
                .withValues("a VL below " + maxVls + " with weight", "VL " + vl));
      }
    }
    return out;
  }

  /** The VL an SL maps to: the written table, else OpenSM's default {@code 0,1,..,14,7}. */
  static long vlOf(IbQos qos, long sl) {
    if (!qos.sl2vl().isEmpty()) {
      return qos.sl2vl().get((int) sl);
    }
    return sl == 15 ? 7 : sl;
  }

  /** A VL's total weight in a table: the written one, else OpenSM's default for high or low. */
  static long weight(List<IbQos.VlWeight> table, boolean high, long vl) {
    if (table.isEmpty()) {
      return high ? (vl == 0 ? 4 : 0) : (vl == 0 ? 0 : 4);
    }
    return table.stream().filter(w -> w.vl() == vl).mapToLong(IbQos.VlWeight::weight).sum();
  }

  private static boolean validSl(long sl) {
    return sl >= 0 && sl <= 15;
  }

  /**
   * Whether the tables are within the ranges the schema enforces (always so for a model read from
   * intent).
   */
  private static boolean tablesValid(IbQos qos) {
    boolean maxVls = qos.maxVls() == null || (qos.maxVls() >= 1 && qos.maxVls() <= 15);
    boolean sl2vl =
        qos.sl2vl().isEmpty()
            || (qos.sl2vl().size() == 16
                && qos.sl2vl().stream().allMatch(vl -> vl >= 0 && vl <= 15));
    return maxVls && sl2vl && weightsValid(qos.vlarbHigh()) && weightsValid(qos.vlarbLow());
  }

  private static boolean weightsValid(List<IbQos.VlWeight> table) {
    return table.stream()
        .allMatch(w -> w.vl() >= 0 && w.vl() <= 14 && w.weight() >= 0 && w.weight() <= 255);
  }
}
