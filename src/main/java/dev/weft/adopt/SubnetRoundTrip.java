package dev.weft.adopt;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.render.OpenSmRenderer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The proof of an InfiniBand import: the imported inventory's OpenSM files, rendered for every SM
 * host as {@code weft render} writes them, against the files each SM was imported from, feature by
 * feature, both read by the same parser ({@link OpenSmFiles}) so the comparison is of what OpenSM
 * applies, not of layout: partitions and their members as sets (OpenSM does not care about their
 * order), keys by value. Each difference is a {@code drift-ib-subnet} error at the intent line that
 * owns the feature.
 */
public final class SubnetRoundTrip {

  /** A setting of an SM's files the subnet intent does not reproduce. */
  public static final String RULE = "drift-ib-subnet";

  private SubnetRoundTrip() {}

  /**
   * One compared feature: its intent key under {@code subnet} and its value as OpenSM applies it.
   */
  private record Part(String key, Function<OpenSmFiles, Object> value) {}

  private static final List<Part> PARTS =
      List.of(
          new Part("subnet-managers", f -> List.of(text(f, "guid"), text(f, "sm_priority"))),
          new Part("prefix", f -> text(f, "subnet_prefix")),
          new Part("lmc", f -> text(f, "lmc")),
          new Part("routing-engine", f -> text(f, "routing_engine")),
          new Part("root-switches", OpenSmFiles::rootGuids),
          new Part("partitions", SubnetRoundTrip::partitions),
          new Part(
              "qos",
              f -> {
                Map<String, Object> q = new LinkedHashMap<>();
                for (String k :
                    List.of(
                        "qos",
                        "max_op_vls",
                        "qos_max_vls",
                        "qos_high_limit",
                        "qos_vlarb_high",
                        "qos_vlarb_low",
                        "qos_sl2vl")) {
                  q.put(k, text(f, k));
                }
                q.put("levels", f.levels());
                q.put("default", f.defaultSl());
                return q;
              }),
          new Part("sharp", f -> text(f, "sharp_enabled")));

  /**
   * The round trip's findings, sorted; empty when the inventory renders every SM's files as they
   * are.
   */
  public static List<Finding> check(
      FabricModel model, List<OpenSmFiles> imported, OpenSmRenderer renderer) {
    OpenSmRenderer.Output out = renderer.render(model);
    List<Finding> findings = new ArrayList<>(out.findings());
    Subnet subnet = model.subnet();
    for (OpenSmFiles device : imported) {
      Map<String, String> rendered = out.devices().get(device.host());
      SubnetManager sm =
          subnet == null
              ? null
              : subnet.subnetManagers().stream()
                  .filter(s -> s.host().equals(device.host()))
                  .findFirst()
                  .orElse(null);
      if (rendered == null || sm == null) {
        findings.add(
            Finding.of(
                    ImportIds.UNREADABLE,
                    Severity.ERROR,
                    device.host()
                        + ": the imported inventory"
                        + " renders no files for this subnet manager")
                .at(Location.ofFile(device.dir()))
                .onDevice(device.host())
                .withValues("a rendered SM", "none"));
        continue;
      }
      OpenSmFiles again;
      try {
        again = OpenSmFiles.parse(device.host(), "render of " + device.host(), rendered);
      } catch (OpenSmFiles.Unreadable e) {
        findings.add(
            Finding.of(
                    ImportIds.UNREADABLE,
                    Severity.ERROR,
                    device.host() + ": the render does not parse: " + e.getMessage())
                .at(Location.ofFile(device.dir()))
                .onDevice(device.host())
                .withValues("a render", "unreadable"));
        continue;
      }
      for (Part part : PARTS) {
        Object want = part.value().apply(again);
        Object got = part.value().apply(device);
        if (!Objects.equals(want, got)) {
          Location at =
              part.key().equals("subnet-managers")
                  ? sm.at().of("priority")
                  : subnet.at().of(part.key());
          findings.add(
              Finding.of(
                      RULE,
                      Severity.ERROR,
                      device.host()
                          + ": "
                          + part.key()
                          + " renders as "
                          + want
                          + " but the SM's files hold "
                          + got)
                  .at(at)
                  .onDevice(device.host())
                  .withPath("/subnet/" + part.key())
                  .withValues(String.valueOf(want), String.valueOf(got)));
        }
      }
    }
    findings.sort(Finding.ORDER);
    return List.copyOf(findings);
  }

  private static String text(OpenSmFiles f, String key) {
    return f.conf().get(key);
  }

  /**
   * Each partition as OpenSM applies it: name, P_Key, flags and members without order;
   * allow_both_pkeys.
   */
  private static Object partitions(OpenSmFiles f) {
    TreeSet<String> out = new TreeSet<>();
    for (OpenSmFiles.PartitionEntry p : f.partitions()) {
      out.add(
          p.name()
              + "="
              + p.pkey()
              + " "
              + new TreeSet<>(p.flags())
              + " "
              + new TreeSet<>(p.members()));
    }
    return List.of(out, Objects.requireNonNullElse(text(f, "allow_both_pkeys"), "FALSE"));
  }
}
