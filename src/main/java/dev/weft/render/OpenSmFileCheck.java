package dev.weft.render;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.IbCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks rendered OpenSM files the way OpenSM 3.3 parses them, so that a file OpenSM would reject
 * or silently ignore (an unknown opensm.conf key, an out-of-range value it replaces with a default,
 * a P_Key or GUID it cannot parse, a membership word it turns into "limited", a qos-policy without
 * DEFAULT) is a located finding before it reaches an SM. The built-in templates cannot produce
 * these from valid intent; the check guards user template overrides ({@code --templates}) and
 * hand-edited files.
 */
public final class OpenSmFileCheck {

  /** Rule id of every finding. */
  public static final String RULE = "opensm-file";

  private static final Set<String> KEYS = loadKeys();
  private static final Set<String> ENGINES =
      Set.of(
          "minhop",
          "updn",
          "dnup",
          "file",
          "ftree",
          "lash",
          "dor",
          "torus-2QoS",
          "nue",
          "dfsssp",
          "sssp",
          "no_fallback",
          "ar_updn",
          "ar_ftree",
          "ar_dor",
          "ar_torus");
  private static final Set<String> MEMBER_KEYWORDS =
      Set.of("ALL", "ALL_CAS", "ALL_SWITCHES", "ALL_ROUTERS", "SELF", "NONE");
  private static final Pattern HEX_OR_DEC = Pattern.compile("0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20}");

  private OpenSmFileCheck() {}

  private static Set<String> loadKeys() {
    try (InputStream in = OpenSmFileCheck.class.getResourceAsStream("opensm-keys.txt")) {
      Set<String> keys = new LinkedHashSet<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          keys.add(line.strip());
        }
      }
      return Set.copyOf(keys);
    } catch (IOException | NullPointerException e) {
      throw new UncheckedIOException(
          new IOException("opensm-keys.txt is missing from the build", e));
    }
  }

  /**
   * Checks one file by its name ({@code opensm.conf}, {@code partitions.conf}, {@code
   * qos-policy.conf}).
   */
  public static List<Finding> check(String shownAs, String fileName, String text) {
    return switch (fileName) {
      case "opensm.conf" -> openSmConf(shownAs, text);
      case "partitions.conf" -> partitions(shownAs, text);
      case "qos-policy.conf" -> qosPolicy(shownAs, text);
      default -> List.of();
    };
  }

  static List<Finding> openSmConf(String file, String text) {
    List<Finding> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] kv = line.split("\\s+", 2);
      String key = kv[0];
      String value = kv.length > 1 ? kv[1].strip() : "";
      Location at = new Location(file, i + 1, 1);
      if (!KEYS.contains(key)) {
        out.add(
            problem(
                at,
                "unknown opensm.conf key '"
                    + key
                    + "'; OpenSM prints 'Unrecognized token' and ignores it"));
        continue;
      }
      String bad = badValue(key, value);
      if (bad != null) {
        out.add(problem(at, key + " " + value + ": " + bad));
      }
    }
    return out;
  }

  /** Why OpenSM would not apply {@code value} as written, or null. */
  private static String badValue(String key, String value) {
    switch (key) {
      case "sm_priority":
        return range(value, 0, 15, "OpenSM would use 0");
      case "lmc":
        return range(value, 0, 7, "OpenSM would use 0");
      case "max_op_vls":
        return range(value, 1, 5, "OpenSM would use 5");
      case "qos_max_vls":
      case "qos_ca_max_vls":
      case "qos_swe_max_vls":
      case "qos_sw0_max_vls":
      case "qos_rtr_max_vls":
        return range(value, 1, 15, "OpenSM would use 15");
      case "qos_high_limit":
      case "qos_ca_high_limit":
      case "qos_swe_high_limit":
      case "qos_sw0_high_limit":
      case "qos_rtr_high_limit":
        return range(value, 0, 255, "OpenSM would use its default");
      case "qos":
      case "allow_both_pkeys":
      case "lmc_esp0":
      case "daemon":
        return value.equals("TRUE") || value.equals("FALSE") ? null : "expected TRUE or FALSE";
      case "part_enforce":
        return Set.of("both", "in", "out", "off").contains(value)
            ? null
            : "expected both, in, out or off; OpenSM would use both";
      case "routing_engine":
        for (String e : value.split(",")) {
          if (!ENGINES.contains(e.strip())) {
            return "'" + e.strip() + "' is not a routing engine; OpenSM would fall back to minhop";
          }
        }
        return null;
      default:
        break;
    }
    if (key.endsWith("sl2vl")) {
      String[] vls = value.split(",");
      if (vls.length != 16) {
        return "lists " + vls.length + " VLs, needs 16 (OpenSM maps missing SLs to VL 0)";
      }
      for (String vl : vls) {
        String r = range(vl.strip(), 0, 15, "OpenSM would keep only the low 4 bits");
        if (r != null) {
          return r;
        }
      }
    }
    if (key.endsWith("vlarb_high") || key.endsWith("vlarb_low")) {
      for (String pair : value.split(",")) {
        String[] p = pair.split(":");
        if (p.length != 2) {
          return "entry '" + pair + "' is not VL:weight";
        }
        String r = range(p[0].strip(), 0, 14, "VLs are 0..14");
        if (r == null) {
          r = range(p[1].strip(), 0, 255, "OpenSM would keep only the low 8 bits");
        }
        if (r != null) {
          return r;
        }
      }
    }
    return null;
  }

  private static String range(String value, long min, long max, String consequence) {
    try {
      long v = Long.decode(value);
      return v >= min && v <= max
          ? null
          : "'" + value + "' is outside " + min + ".." + max + "; " + consequence;
    } catch (NumberFormatException e) {
      return "'" + value + "' is not a number; " + consequence;
    }
  }

  static List<Finding> partitions(String file, String text) {
    List<Finding> out = new ArrayList<>();
    // entries run to ';' across lines; remember where each line starts inside the entry so a member
    // problem points at the member's own line
    StringBuilder entry = new StringBuilder();
    List<int[]> lineStarts = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int hash = line.indexOf('#');
      if (hash >= 0) {
        line = line.substring(0, hash);
      }
      for (String piece : line.split("(?<=;)", -1)) {
        lineStarts.add(new int[] {entry.length(), i + 1});
        entry.append(piece).append(' ');
        if (piece.endsWith(";")) {
          partition(file, entry.toString(), lineStarts, out);
          entry.setLength(0);
          lineStarts.clear();
        }
      }
    }
    if (!entry.toString().isBlank()) {
      partition(file, entry.toString(), lineStarts, out);
    }
    return out;
  }

  private static Location at(String file, List<int[]> lineStarts, int offset) {
    int line = 1;
    for (int[] start : lineStarts) {
      if (start[0] <= offset) {
        line = start[1];
      }
    }
    return new Location(file, line, 1);
  }

  private static void partition(
      String file, String raw, List<int[]> lineStarts, List<Finding> out) {
    int lead = 0;
    while (lead < raw.length() && Character.isWhitespace(raw.charAt(lead))) {
      lead++;
    }
    String entry = raw.strip();
    Location at = at(file, lineStarts, lead);
    String body = entry.endsWith(";") ? entry.substring(0, entry.length() - 1) : entry;
    int colon = body.indexOf(':');
    if (colon < 0) {
      out.add(
          problem(
              at,
              "partition entry has no ':' between definition and members; OpenSM would discard the whole file"));
      return;
    }
    String[] def = body.substring(0, colon).split(",");
    String head = def[0].strip();
    int eq = head.indexOf('=');
    if (eq >= 0) {
      String pkey = head.substring(eq + 1).strip();
      Long v = HEX_OR_DEC.matcher(pkey).matches() ? Long.decode(pkey) : null;
      if (v == null) {
        out.add(
            problem(
                at, "P_Key '" + pkey + "' is not a number; OpenSM would discard the whole file"));
      } else if (v == 0 || v > 0x7fff && v != 0xffff) {
        out.add(problem(at, "P_Key " + pkey + " is not a 15-bit partition key (0x0001..0x7fff)"));
      }
    }
    for (int k = 1; k < def.length; k++) {
      String flag = def[k].strip();
      String name = flag.contains("=") ? flag.substring(0, flag.indexOf('=')).strip() : flag;
      String value = flag.contains("=") ? flag.substring(flag.indexOf('=') + 1).strip() : null;
      String bad =
          switch (name) {
            case "ipoib", "indx0" -> value == null ? null : "takes no value";
            case "mtu" ->
                value != null
                        && value.matches("[0-9]+")
                        && IbCodes.mtuBytes(Integer.parseInt(value)).isPresent()
                    ? null
                    : "mtu= takes an IB MTU code 1..5";
            case "rate" ->
                value != null
                        && value.matches("[0-9]+")
                        && IbCodes.rateGbps(Integer.parseInt(value)).isPresent()
                    ? null
                    : "rate= takes an IB rate code";
            case "sl" -> value == null ? "sl= needs a value" : range(value, 0, 15, "SLs are 0..15");
            case "defmember" ->
                Set.of("full", "limited", "both").contains(value)
                    ? null
                    : "defmember= takes full, limited or both";
            case "scope", "Q_Key", "TClass", "FlowLabel" ->
                value == null ? name + "= needs a value" : null;
            default -> "unknown partition flag; OpenSM ignores it (logged only at verbose level)";
          };
      if (bad != null) {
        out.add(problem(at, "partition flag '" + flag + "': " + bad));
      }
    }
    int offset = lead + colon + 1;
    for (String member : body.substring(colon + 1).split(",")) {
      int memberAt = offset + (member.length() - member.stripLeading().length());
      offset += member.length() + 1;
      String m = member.strip();
      if (m.isEmpty() || m.startsWith("mgid=")) {
        continue;
      }
      Location where = at(file, lineStarts, memberAt);
      String port = m.contains("=") ? m.substring(0, m.indexOf('=')).strip() : m;
      String membership = m.contains("=") ? m.substring(m.indexOf('=') + 1).strip() : null;
      if (!MEMBER_KEYWORDS.contains(port) && !HEX_OR_DEC.matcher(port).matches()) {
        out.add(
            problem(
                where,
                "member '"
                    + port
                    + "' is neither a port GUID nor ALL, ALL_CAS, ALL_SWITCHES,"
                    + " ALL_ROUTERS, SELF or NONE; OpenSM would discard the whole file"));
      }
      if (membership != null && !Set.of("full", "limited", "both").contains(membership)) {
        out.add(
            problem(
                where,
                "membership '"
                    + membership
                    + "' of "
                    + port
                    + " is not full, limited or both;"
                    + " OpenSM would silently make it limited"));
      }
    }
  }

  static List<Finding> qosPolicy(String file, String text) {
    List<Finding> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    boolean levels = false;
    boolean sawLevels = false;
    boolean hasDefault = false;
    boolean ulpsDefault = false;
    int levelsLine = 1;
    Matcher m;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.equals("qos-levels")) {
        levels = true;
        sawLevels = true;
        levelsLine = i + 1;
      } else if ((m = Pattern.compile("^name:\\s*(\\S+)").matcher(line)).find() && levels) {
        hasDefault |= m.group(1).equals("DEFAULT");
      } else if ((m = Pattern.compile("^sl:\\s*(\\S+)").matcher(line)).find()) {
        String bad = range(m.group(1), 0, 15, "OpenSM rejects the policy file");
        if (bad != null) {
          out.add(problem(new Location(file, i + 1, 1), "sl " + bad));
        }
      } else if (line.equals("end-qos-levels")) {
        levels = false;
      } else if (line.matches("default\\s*:.*")) {
        ulpsDefault = true; // a qos-ulps "default : SL" also gives OpenSM its default level
      }
    }
    if (sawLevels && !hasDefault && !ulpsDefault) {
      out.add(
          problem(
              new Location(file, levelsLine, 1),
              "qos-levels has no level named DEFAULT;"
                  + " OpenSM rejects the policy (ERR AC10) and every path gets SL 0"));
    }
    return out;
  }

  private static Finding problem(Location at, String message) {
    return Finding.of(RULE, Severity.ERROR, message).at(at);
  }
}
