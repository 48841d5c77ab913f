package dev.weft.report;

import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Findings that say the same thing about different devices (same rule, severity, place and message
 * apart from the device and port names, same waiver), as one line for the human formats: a
 * profile's mistake shown once with "(34 ports of 17 devices: ...)" rather than 34 times. Machine
 * formats keep every finding.
 */
final class Groups {

  /** How many targets a group line names before "and N more". */
  static final int SHOWN = 5;

  /** One line's worth: the first finding (in report order) and every finding it stands for. */
  record Group(Finding first, List<Finding> members) {

    boolean single() {
      return members.size() == 1;
    }

    /** {@code 34 ports of 17 devices: leaf-01 Ethernet0, ... and 29 more}. */
    String targets() {
      TreeSet<String> devices = new TreeSet<>();
      List<String> names = new ArrayList<>();
      boolean ports = false;
      for (Finding f : members) {
        if (f.device() != null) {
          devices.add(f.device());
        }
        ports |= f.port() != null;
        String t = Places.target(f);
        if (t != null) {
          names.add(t);
        }
      }
      String counted =
          ports
              ? members.size() + " ports of " + plural(devices.size(), "device")
              : plural(members.size(), "device");
      String shown = String.join(", ", names.subList(0, Math.min(SHOWN, names.size())));
      return counted
          + ": "
          + shown
          + (names.size() > SHOWN ? " and " + (names.size() - SHOWN) + " more" : "");
    }

    private static String plural(int n, String word) {
      return n + " " + word + (n == 1 ? "" : "s");
    }
  }

  private Groups() {}

  /** The findings grouped, in the order of each group's first finding. */
  static List<Group> of(List<Finding> findings) {
    Map<List<Object>, List<Finding>> byKey = new LinkedHashMap<>();
    for (Finding f : findings) {
      List<Object> key =
          f.device() == null && f.port() == null
              ? List.of(new Object()) // nothing to group by: its own line
              : java.util.Arrays.asList(
                  f.rule(),
                  f.severity(),
                  f.location(),
                  f.genericMessage(),
                  f.waived(),
                  Objects.toString(f.waiverReason()));
      byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
    }
    List<Group> out = new ArrayList<>(byKey.size());
    byKey.values().forEach(members -> out.add(new Group(members.get(0), List.copyOf(members))));
    return out;
  }
}
