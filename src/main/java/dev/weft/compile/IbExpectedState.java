package dev.weft.compile;

import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.IbQos;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The HCA port tables and master SM that the intent asks OpenSM for, computed from the model
 * independently of the rendered files, so the read-back tests and drift check OpenSM against the
 * intent, not against Weft's own rendering.
 *
 * <p>Membership follows OpenSM's partition rules: a port listed as full and limited in one
 * partition (without {@code both}) ends up full; {@code both} gives both entries; the master SM's
 * own port is full in Default.
 */
public final class IbExpectedState {

  private IbExpectedState() {}

  /** The master SM: the highest priority (ties are a rule finding; the first written wins here). */
  public static Optional<SubnetManager> master(Subnet subnet) {
    return subnet.subnetManagers().stream()
        .max(
            Comparator.comparingLong(SubnetManager::priority)
                .thenComparing(sm -> -subnet.subnetManagers().indexOf(sm)));
  }

  public static IbFabricState of(FabricModel model) {
    Subnet s = model.subnet();
    String masterGuid =
        master(s).map(SubnetManager::portGuid).map(OpenSmContext::guid).orElse(null);
    Map<String, Hca> hcas = new LinkedHashMap<>();
    Map<String, String> names = new LinkedHashMap<>();
    for (Host h : model.hosts()) {
      for (Hca hca : h.hcas()) {
        if (hca.portGuid() != null) {
          String g = OpenSmContext.guid(hca.portGuid());
          hcas.put(g, hca);
          names.put(g, h.name() + " " + hca.name());
        }
      }
    }
    Map<String, TreeSet<Integer>> pkeys = new LinkedHashMap<>();
    hcas.keySet().forEach(g -> pkeys.put(g, new TreeSet<>()));
    for (Partition p : s.partitions()) {
      if (p.pkey() == null || p.pkey() < 0 || p.pkey() > 0x7fff) {
        continue;
      }
      int key = (int) (long) p.pkey();
      Map<String, String> membership = new LinkedHashMap<>();
      for (Partition.Member m : p.members()) {
        String word = m.membership() == null ? "limited" : m.membership();
        for (String g : guidsOf(model, m, hcas)) {
          membership.merge(g, word, IbExpectedState::stronger);
        }
      }
      if (p.isDefault() && masterGuid != null && hcas.containsKey(masterGuid)) {
        membership.merge(masterGuid, "full", IbExpectedState::stronger);
      }
      membership.forEach(
          (g, word) -> {
            if (word.equals("full") || word.equals("both")) {
              pkeys.get(g).add(key | 0x8000);
            }
            if (word.equals("limited") || word.equals("both")) {
              pkeys.get(g).add(key);
            }
          });
    }
    IbQos q = s.qosEnabled() ? s.qos() : null;
    List<Integer> sl2vl =
        q == null || q.sl2vl().isEmpty() ? null : q.sl2vl().stream().map(Long::intValue).toList();
    List<String> high = q == null || q.vlarbHigh().isEmpty() ? null : nonZero(q.vlarbHigh());
    List<String> low = q == null || q.vlarbLow().isEmpty() ? null : nonZero(q.vlarbLow());
    Map<String, IbFabricState.Port> ports = new LinkedHashMap<>();
    for (String g : hcas.keySet()) {
      ports.put(g, new IbFabricState.Port(g, names.get(g), pkeys.get(g), sl2vl, high, low));
    }
    Integer priority = master(s).map(sm -> (int) sm.priority()).orElse(null);
    return new IbFabricState(ports, masterGuid, priority);
  }

  /** full beats limited unless one side asks for both. */
  private static String stronger(String a, String b) {
    if (a.equals("both") || b.equals("both")) {
      return "both";
    }
    return a.equals("full") || b.equals("full") ? "full" : "limited";
  }

  private static List<String> guidsOf(
      FabricModel model, Partition.Member m, Map<String, Hca> hcas) {
    if (m.all()) {
      return new ArrayList<>(hcas.keySet());
    }
    List<String> out = new ArrayList<>();
    for (String host : m.hosts()) {
      model
          .hostNamed(host)
          .ifPresent(
              h ->
                  h.hcas().stream()
                      .filter(x -> x.portGuid() != null)
                      .forEach(x -> out.add(OpenSmContext.guid(x.portGuid()))));
    }
    return out;
  }

  private static List<String> nonZero(List<IbQos.VlWeight> table) {
    return table.stream().filter(w -> w.weight() > 0).map(w -> w.vl() + ":" + w.weight()).toList();
  }
}
