package dev.weft.drift;

import dev.weft.compile.IbExpectedState;
import dev.weft.compile.IbFabricState;
import dev.weft.compile.OpenSmContext;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Compares the InfiniBand tables the intent asks for with the ones read from the fabric. Each
 * difference is a finding on the host and HCA, located at the intent line that owns the expected
 * value (the partition, the sl2vl table, the SM's priority), so a reviewer sees which intent line
 * the fabric no longer follows.
 */
public final class IbDrift {

  public static final String PKEY = "drift-ib-pkey";
  public static final String SL2VL = "drift-ib-sl2vl";
  public static final String VLARB = "drift-ib-vlarb";
  public static final String SM = "drift-ib-sm";

  private IbDrift() {}

  // what each id means: policies/<id>/rule.yaml (scope tool), like every catalogue entry

  public static List<Finding> compare(
      FabricModel model, IbFabricState expected, IbFabricState live) {
    Subnet subnet = model.subnet();
    List<Finding> out = new ArrayList<>();
    for (IbFabricState.Port want : expected.ports().values()) {
      IbFabricState.Port got = live.ports().get(want.guid());
      String[] hostHca = want.name().split(" ", 2);
      String host = hostHca[0];
      String hca = hostHca.length > 1 ? hostHca[1] : null;
      if (got == null) {
        out.add(
            Finding.of(
                    PKEY,
                    Severity.ERROR,
                    want.name()
                        + " (port "
                        + want.guid()
                        + ") is not in the fabric, so none of its partitions reach it")
                .at(subnet.at().of("partitions"))
                .onDevice(host)
                .onPort(hca)
                .withValues(text(want.pkeys()), "port not found"));
        continue;
      }
      if (!want.pkeys().equals(got.pkeys())) {
        out.add(
            Finding.of(
                    PKEY,
                    Severity.ERROR,
                    want.name()
                        + " P_Key table is "
                        + text(got.pkeys())
                        + " but the intent gives "
                        + text(want.pkeys())
                        + differences(want.pkeys(), got.pkeys()))
                .at(owner(subnet, want.pkeys(), got.pkeys()))
                .onDevice(host)
                .onPort(hca)
                .withPath("/subnet/partitions")
                .withValues(text(want.pkeys()), text(got.pkeys())));
      }
      if (want.sl2vl() != null && !want.sl2vl().equals(got.sl2vl())) {
        out.add(
            Finding.of(
                    SL2VL,
                    Severity.ERROR,
                    want.name()
                        + " SL2VL is "
                        + got.sl2vl()
                        + " but the intent gives "
                        + want.sl2vl())
                .at(subnet.qos().at().of("sl2vl"))
                .onDevice(host)
                .onPort(hca)
                .withPath("/subnet/qos/sl2vl")
                .withValues(String.valueOf(want.sl2vl()), String.valueOf(got.sl2vl())));
      }
      vlarb(subnet, want, got, want.vlarbHigh(), got.vlarbHigh(), "vlarb-high", host, hca, out);
      vlarb(subnet, want, got, want.vlarbLow(), got.vlarbLow(), "vlarb-low", host, hca, out);
    }
    if (expected.masterGuid() != null
        && (!expected.masterGuid().equals(live.masterGuid())
            || !Objects.equals(expected.masterPriority(), live.masterPriority()))) {
      SubnetManager sm = IbExpectedState.master(subnet).orElseThrow();
      out.add(
          Finding.of(
                  SM,
                  Severity.ERROR,
                  "the master SM is "
                      + (live.masterGuid() == null
                          ? "unknown"
                          : live.masterGuid() + " with priority " + live.masterPriority())
                      + " but the intent makes "
                      + sm.host()
                      + " ("
                      + expected.masterGuid()
                      + ", priority "
                      + expected.masterPriority()
                      + ") master")
              .at(sm.at().of("priority"))
              .onDevice(sm.host())
              .withValues(
                  expected.masterGuid() + " priority " + expected.masterPriority(),
                  live.masterGuid() + " priority " + live.masterPriority()));
    }
    out.sort(Finding.ORDER);
    return out;
  }

  private static void vlarb(
      Subnet subnet,
      IbFabricState.Port want,
      IbFabricState.Port got,
      List<String> w,
      List<String> g,
      String key,
      String host,
      String hca,
      List<Finding> out) {
    if (w != null && !w.equals(g)) {
      out.add(
          Finding.of(
                  VLARB,
                  Severity.ERROR,
                  want.name() + " " + key + " is " + g + " but the intent gives " + w)
              .at(subnet.qos().at().of(key))
              .onDevice(host)
              .onPort(hca)
              .withPath("/subnet/qos/" + key)
              .withValues(String.valueOf(w), String.valueOf(g)));
    }
  }

  /**
   * The members line of the partition whose key differs first; the partitions list when none
   * matches.
   */
  private static Location owner(Subnet subnet, SortedSet<Integer> want, SortedSet<Integer> got) {
    TreeSet<Integer> diff = new TreeSet<>(want);
    diff.addAll(got);
    TreeSet<Integer> common = new TreeSet<>(want);
    common.retainAll(got);
    diff.removeAll(common);
    for (int key : diff) {
      for (Partition p : subnet.partitions()) {
        if (p.pkey() != null && (p.pkey() & 0x7fff) == (key & 0x7fff)) {
          return p.at().of("members");
        }
      }
    }
    return subnet.at().of("partitions");
  }

  private static String differences(SortedSet<Integer> want, SortedSet<Integer> got) {
    List<String> parts = new ArrayList<>();
    TreeSet<Integer> missing = new TreeSet<>(want);
    missing.removeAll(got);
    TreeSet<Integer> extra = new TreeSet<>(got);
    extra.removeAll(want);
    if (!missing.isEmpty()) {
      parts.add("missing " + text(missing));
    }
    if (!extra.isEmpty()) {
      parts.add("unexpected " + text(extra));
    }
    return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + "; bit 15 set = full member)";
  }

  private static String text(SortedSet<Integer> keys) {
    return keys.stream().map(IbFabricState::pkeyText).collect(Collectors.joining(",", "[", "]"));
  }

  /** The SM port GUID in the spelling the reader uses, for callers matching GUIDs. */
  public static String guid(String written) {
    return OpenSmContext.guid(written);
  }
}
