package dev.weft.render;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Names the lossless buffer profiles of a switch, SONiC style ({@code
 * pg_lossless_<speed>_<cable>m_profile}), so ports whose headroom is identical share one profile.
 * Done here rather than in a template because a template cannot de-duplicate without calling
 * methods.
 */
final class BufferProfiles {
  private BufferProfiles() {}

  /** A profile: its name and the values that define it (bytes). */
  record Profile(String name, long xoff, long xon, long size) {
    Map<String, Object> view() {
      return TemplateView.of("name", name, "size", size, "xoff", xoff, "xon", xon);
    }
  }

  /** One lossless priority group of one port bound to its profile. */
  record Binding(String port, int pg, String profile) {
    Map<String, Object> view() {
      return TemplateView.of("pg", pg, "port", port, "profile", profile);
    }
  }

  record Plan(List<Profile> profiles, List<Binding> bindings) {}

  /** What makes two priority groups share a profile (a record, not a joined string: one per PG). */
  private record Key(
      Integer speedGbps, Integer cableLengthMetres, Integer mtu, long xoff, long xon, long size) {
    // written out: the generated record methods go through method handles, slow under C1
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && Objects.equals(speedGbps, k.speedGbps)
          && Objects.equals(cableLengthMetres, k.cableLengthMetres)
          && Objects.equals(mtu, k.mtu)
          && xoff == k.xoff
          && xon == k.xon
          && size == k.size;
    }

    @Override
    public int hashCode() {
      int h = Objects.hashCode(speedGbps);
      h = 31 * h + Objects.hashCode(cableLengthMetres);
      h = 31 * h + Objects.hashCode(mtu);
      h = 31 * h + Long.hashCode(xoff);
      h = 31 * h + Long.hashCode(xon);
      return 31 * h + Long.hashCode(size);
    }
  }

  static Plan of(CompiledSwitch sw) {
    // First pass: group identical headroom under the plain SONiC name; a clash (same speed and
    // cable, different values, e.g. another MTU) gets the MTU and then a counter in the name.
    Map<String, Profile> byName = new TreeMap<>();
    Map<Key, String> nameOfKey = new HashMap<>();
    List<Binding> bindings = new ArrayList<>();
    for (CompiledPort port : sw.ports()) {
      for (PriorityGroupHeadroom pg : port.headroom()) {
        Key key =
            new Key(
                port.speedGbps(),
                port.cableLengthMetres(),
                port.mtu(),
                pg.xoff(),
                pg.xon(),
                pg.size());
        String name = nameOfKey.get(key);
        if (name == null) {
          String speed =
              port.speedGbps() == null ? "unknown" : String.valueOf(port.speedGbps() * 1000L);
          String cable =
              port.cableLengthMetres() == null ? "unknown" : port.cableLengthMetres() + "m";
          String base = "pg_lossless_" + speed + "_" + cable;
          name = base + "_profile";
          if (byName.containsKey(name)) {
            name = base + "_mtu" + port.mtu() + "_profile";
          }
          int n = 2;
          while (byName.containsKey(name)) {
            name = base + "_mtu" + port.mtu() + "_" + n++ + "_profile";
          }
          nameOfKey.put(key, name);
          byName.put(name, new Profile(name, pg.xoff(), pg.xon(), pg.size()));
        }
        bindings.add(new Binding(port.name(), pg.pg(), name));
      }
    }
    return new Plan(List.copyOf(byName.values()), bindings);
  }
}
