package dev.weft.live;

import dev.weft.compile.IbFabricState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what the SM programmed into every HCA port with infiniband-diags, by SMPs (never SA
 * queries, which return truncated multi-record answers on some fabrics and simulators): {@code
 * ibnetdiscover -p} for the ports, {@code smpquery pkeys|sl2vl|vlarb LID PORT} per HCA port and
 * {@code sminfo} for the master SM.
 */
public final class IbFabricReader {

  /** {@code CA 4 1 0x0002c90300b00001 4x SDR - SW 5 1 0x... ( 'gpu-001 mlx5_0' - 'leaf-01' )}. */
  private static final Pattern CA_PORT =
      Pattern.compile("^CA\\s+(\\d+)\\s+(\\d+)\\s+(0x[0-9a-fA-F]+)\\s.*?\\s-\\s.*\\(\\s*'([^']*)'");

  private static final Pattern PKEY_ROW = Pattern.compile("^\\s*\\d+:\\s+(.*)$");
  private static final Pattern SL2VL_ROW =
      Pattern.compile("^ports: in\\s+\\d+, out\\s+\\d+:\\s*\\|(.*)\\|\\s*$");
  private static final Pattern SMINFO =
      Pattern.compile(
          "sm guid (0x[0-9a-fA-F]+), activity count \\d+ priority (\\d+) state \\d+ (\\S+)");

  private final IbTools tools;

  public IbFabricReader(IbTools tools) {
    this.tools = tools;
  }

  /**
   * Reads the fabric. {@code withQos} also reads SL2VL and VL arbitration tables (skip them when
   * the intent has QoS off: there is nothing to compare them with).
   */
  public IbFabricState read(boolean withQos) throws IbReadException {
    Map<String, IbFabricState.Port> ports = new LinkedHashMap<>();
    for (String line : tools.run(List.of("ibnetdiscover", "-p")).split("\n")) {
      Matcher m = CA_PORT.matcher(line);
      if (!m.find()) {
        continue;
      }
      String lid = m.group(1);
      String port = m.group(2);
      String guid = guid(m.group(3));
      if (ports.containsKey(guid)) {
        continue;
      }
      TreeSet<Integer> pkeys = pkeys(tools.run(List.of("smpquery", "pkeys", lid, port)));
      List<Integer> sl2vl =
          withQos ? sl2vl(tools.run(List.of("smpquery", "sl2vl", lid, port)), guid) : null;
      List<List<String>> vlarb =
          withQos ? vlarb(tools.run(List.of("smpquery", "vlarb", lid, port))) : null;
      ports.put(
          guid,
          new IbFabricState.Port(
              guid,
              m.group(4),
              pkeys,
              sl2vl,
              vlarb == null ? null : vlarb.get(0),
              vlarb == null ? null : vlarb.get(1)));
    }
    if (ports.isEmpty()) {
      throw new IbReadException("ibnetdiscover found no connected HCA port");
    }
    Matcher sm = SMINFO.matcher(tools.run(List.of("sminfo")));
    String masterGuid = null;
    Integer priority = null;
    if (sm.find() && sm.group(3).equals("SMINFO_MASTER")) {
      masterGuid = guid(sm.group(1));
      priority = number(sm.group(2), "sminfo");
    }
    return new IbFabricState(ports, masterGuid, priority);
  }

  static String guid(String hex) {
    String g = hex.toLowerCase(java.util.Locale.ROOT).substring(2);
    return "0x" + "0".repeat(Math.max(0, 16 - g.length())) + g;
  }

  static TreeSet<Integer> pkeys(String text) throws IbReadException {
    TreeSet<Integer> out = new TreeSet<>();
    for (String line : text.split("\n")) {
      Matcher m = PKEY_ROW.matcher(line);
      if (m.matches()) {
        for (String v : m.group(1).trim().split("\\s+")) {
          int key = number(v, "smpquery pkeys");
          if (key != 0) {
            out.add(key);
          }
        }
      }
    }
    return out;
  }

  static List<Integer> sl2vl(String text, String guid) throws IbReadException {
    for (String line : text.split("\n")) {
      Matcher m = SL2VL_ROW.matcher(line);
      if (m.matches()) {
        List<Integer> out = new ArrayList<>();
        for (String v : m.group(1).split("\\|")) {
          out.add(number(v.trim(), "smpquery sl2vl"));
        }
        return out;
      }
    }
    throw new IbReadException("smpquery sl2vl printed no table for port " + guid);
  }

  /** [high, low]: non-zero {@code vl:weight} entries in table order. */
  static List<List<String>> vlarb(String text) throws IbReadException {
    List<String> high = new ArrayList<>();
    List<String> low = new ArrayList<>();
    List<String> current = low;
    List<Integer> vls = List.of();
    for (String line : text.split("\n")) {
      if (line.startsWith("# Low priority")) {
        current = low;
      } else if (line.startsWith("# High priority")) {
        current = high;
      } else if (line.startsWith("VL")) {
        vls = cells(line);
      } else if (line.startsWith("WEIGHT")) {
        List<Integer> weights = cells(line);
        for (int i = 0; i < weights.size() && i < vls.size(); i++) {
          if (weights.get(i) > 0) {
            current.add(vls.get(i) + ":" + weights.get(i));
          }
        }
      }
    }
    return List.of(high, low);
  }

  private static List<Integer> cells(String line) throws IbReadException {
    List<Integer> out = new ArrayList<>();
    String[] parts = line.split("\\|");
    for (int i = 1; i < parts.length; i++) {
      String v = parts[i].trim();
      if (!v.isEmpty()) {
        out.add(number(v, "smpquery vlarb"));
      }
    }
    return out;
  }

  /**
   * A number as infiniband-diags prints it (decimal or 0x hex); anything else, or one beyond an
   * int, means the output is not what the tool prints: a read error naming the tool, not a crash.
   */
  private static int number(String text, String tool) throws IbReadException {
    try {
      return Integer.decode(text);
    } catch (NumberFormatException e) {
      throw new IbReadException(
          tool
              + " printed '"
              + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
              + "' where a number belongs");
    }
  }
}
