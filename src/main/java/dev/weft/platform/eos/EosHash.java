package dev.weft.platform.eos;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.HashFieldSpelling;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The ECMP hash fields in the form the switch's ASIC family takes. Strata (Trident, Tomahawk):
 * {@code ip load-sharing trident fields ip|ipv6 ...}. Jericho and Qumran (Sand): {@code
 * load-balance policies} / {@code load-balance sand profile default} / {@code fields ipv4|ipv6|l4
 * outer ...}, the form Arista's CLI takes in openconfig/featureprofiles' Arista load-balance
 * configuration ({@code fields ipv6 outer dst-ip flow-label next-header src-ip}, {@code fields l4
 * outer dst-port src-port}) and AVD's {@code eos/load-balance.j2} ({@code load-balance sand profile
 * NAME}). The family comes from the switch's {@code asic}: {@code jericho*} and {@code qumran*} are
 * Sand, anything else (or none) Strata, as Weft rendered before it knew the family.
 */
final class EosHash {

  /** The Strata form's address families, as its command names them. */
  static final String STRATA_IPV4 = "ip";

  static final String STRATA_IPV6 = "ipv6";

  /** The Sand profile's field groups, as its {@code fields} command names them. */
  static final String SAND_IPV4 = "ipv4";

  static final String SAND_IPV6 = "ipv6";
  static final String SAND_L4 = "l4";

  /**
   * Sand's IPv4 group: {@code protocol} follows the IPv6 group's {@code next-header} (no published
   * example shows the IPv4 group; the addresses are spelled as in the IPv6 one).
   */
  private static final HashFieldSpelling SAND_V4 =
      new HashFieldSpelling(
          Map.of("src-ip", "src-ip", "dst-ip", "dst-ip", "ip-protocol", "protocol"));

  private static final HashFieldSpelling SAND_V6 =
      new HashFieldSpelling(
          Map.of(
              "src-ip",
              "src-ip",
              "dst-ip",
              "dst-ip",
              "ip-protocol",
              "next-header",
              "ipv6-flow-label",
              "flow-label"));

  private static final HashFieldSpelling SAND_TRANSPORT =
      new HashFieldSpelling(Map.of("l4-src-port", "src-port", "l4-dst-port", "dst-port"));

  private EosHash() {}

  /** Whether {@code sw}'s ASIC is of the Sand (Jericho, Qumran) family. */
  static boolean sand(CompiledSwitch sw) {
    String asic = sw.asic() == null ? "" : sw.asic().toLowerCase(Locale.ROOT);
    return asic.startsWith("jericho") || asic.startsWith("qumran");
  }

  /** The family's spelling of each group it has, in the order the template renders them. */
  static Map<String, HashFieldSpelling> groups(boolean sand) {
    Map<String, HashFieldSpelling> out = new LinkedHashMap<>();
    if (sand) {
      out.put(SAND_IPV4, SAND_V4);
      out.put(SAND_IPV6, SAND_V6);
      out.put(SAND_L4, SAND_TRANSPORT);
    } else {
      out.put(STRATA_IPV4, EosPack.IPV4);
      out.put(STRATA_IPV6, EosPack.IPV6);
    }
    return out;
  }

  /** Each group's names of {@code sw}'s intent fields, in the intent's order. */
  static Map<String, List<String>> spelled(CompiledSwitch sw) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    groups(sand(sw))
        .forEach((group, spelling) -> out.put(group, spelling.spelled(sw.ecmpHashFields())));
    return out;
  }

  /**
   * The intent fields {@code sw}'s family has no group for (a render-gap), in the intent's order.
   */
  static List<String> missing(CompiledSwitch sw) {
    Map<String, HashFieldSpelling> groups = groups(sand(sw));
    return sw.ecmpHashFields().stream()
        .filter(f -> groups.values().stream().allMatch(g -> !g.missing(List.of(f)).isEmpty()))
        .toList();
  }

  /** The intent fields the rendered commands carry, sorted: what the CLI reads back. */
  static List<String> carried(CompiledSwitch sw) {
    TreeSet<String> out = new TreeSet<>(sw.ecmpHashFields());
    out.removeAll(missing(sw));
    return List.copyOf(out);
  }

  /**
   * The intent field a group's name stands for, or null (a field Weft never renders).
   *
   * @param sand which family's command the name was read from
   */
  static String intentName(boolean sand, String group, String name) {
    HashFieldSpelling spelling = groups(sand).get(group);
    return spelling == null ? null : spelling.intentName(name);
  }
}
