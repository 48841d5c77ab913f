package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.NaturalOrder;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Members of one link aggregation group ({@code lag:}) that the hardware does not hold alike. A
 * port-channel hashes each flow onto one member, and PFC, headroom, trust and the PFC watchdog are
 * per physical member (SONiC's PORT_QOS_MAP, Junos' congestion-notification profile, NVUE's
 * watchdog on swp members, not bonds): a member with another speed or MTU, a lossy member, one that
 * classifies differently or one whose watchdog differs drops or stalls exactly the flows hashed
 * onto it, while its siblings look right. Each member is compared with the LAG's first (in port
 * order); one finding per member that differs, naming both member lines and every value that
 * differs.
 */
public final class LagMemberMismatch implements PerSwitchRule {

  static final String ID = "lag-member-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    Map<String, List<CompiledPort>> lags = new TreeMap<>(NaturalOrder.INSTANCE);
    for (CompiledPort p : s.ports()) {
      if (p.lag() != null) {
        lags.computeIfAbsent(p.lag(), k -> new ArrayList<>()).add(p);
      }
    }
    lags.forEach(
        (lag, members) -> {
          CompiledPort first = members.get(0);
          for (CompiledPort m : members.subList(1, members.size())) {
            Map<String, String[]> differ = differences(first, m);
            if (!differ.isEmpty()) {
              findings.add(finding(s, lag, first, m, differ));
            }
          }
        });
  }

  /** What the hardware must hold alike on every member: name → {first's, member's}. */
  private static Map<String, String[]> differences(CompiledPort a, CompiledPort b) {
    Map<String, String[]> out = new LinkedHashMap<>();
    put(out, "speed", gbps(a.speedGbps()), gbps(b.speedGbps()));
    put(out, "MTU", a.mtu(), b.mtu());
    put(out, "PFC priorities", a.pfcPriorities(), b.pfcPriorities());
    put(out, "trust", a.trustDscp() ? "dscp" : "pcp", b.trustDscp() ? "dscp" : "pcp");
    put(out, "DSCP map", a.dscpToPriority(), b.dscpToPriority());
    put(out, "PFC watchdog", a.watchdog() ? "on" : "off", b.watchdog() ? "on" : "off");
    put(out, "watchdog action", a.watchdogAction(), b.watchdogAction());
    put(out, "802.3x link pause", a.linkPause() ? "on" : "off", b.linkPause() ? "on" : "off");
    return out;
  }

  private static void put(Map<String, String[]> out, String what, Object a, Object b) {
    if (!Objects.equals(a, b)) {
      out.put(what, new String[] {show(a), show(b)});
    }
  }

  private static String show(Object v) {
    return v == null ? "unset" : String.valueOf(v);
  }

  private static String gbps(Integer g) {
    return g == null ? null : g + "G";
  }

  private static Finding finding(
      CompiledSwitch s, String lag, CompiledPort first, CompiledPort m, Map<String, String[]> d) {
    List<String> parts = new ArrayList<>();
    d.forEach((what, v) -> parts.add(what + " " + v[1] + " (" + first.name() + ": " + v[0] + ")"));
    Location at = m.owner("lag");
    String whatDiffers = String.join(", ", d.keySet());
    return Finding.of(
            ID,
            Severity.ERROR,
            s.name()
                + " "
                + lag
                + ": member "
                + m.nameAndLine()
                + " differs from member "
                + first.nameAndLine()
                + " in "
                + String.join(", ", parts)
                + "; the flows the LAG hashes onto "
                + m.name()
                + " are dropped or stalled where its siblings carry them losslessly")
        .at(at != null ? at : m.owner("name"))
        .onDevice(s.name())
        .onPort(m.name())
        .withValues(whatDiffers + " as on " + first.name(), whatDiffers + " differs");
  }
}
