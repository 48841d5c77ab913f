package dev.weft.platform.sonic;

import dev.weft.finding.Location;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SKU's ports as SONiC derives them ({@code sonic-config-engine/portconfig.py}): from the SKU's
 * {@code hwsku.json} and its platform's {@code platform.json} when both exist (each interface's
 * {@code default_brkout_mode} split over the interface's lanes), else from the SKU's {@code
 * port_config.ini}.
 */
final class SonicPortLayout {

  private static final Pattern LANES = Pattern.compile("[0-9]{1,4}(?:,[0-9]{1,4}){0,15}");
  private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

  /**
   * A breakout mode: {@code 2x400G}, optionally followed by the speeds it may also run ({@code
   * [200G,100G]}) or its lane count ({@code (4)}).
   */
  private static final Pattern MODE =
      Pattern.compile(
          "([0-9]{1,2})x([0-9]{1,4})G(\\[[0-9G, ]*\\])?(?:\\(([0-9]{1,2})\\))?(\\[[0-9G, ]*\\])?");

  private static final Pattern ETHERNET = Pattern.compile("Ethernet([0-9]{1,5})");

  private SonicPortLayout() {}

  /** Ports from {@code port_config.ini}: the columns its {@code # name ...} header names. */
  static List<SonicHwsku.Port> fromPortConfig(String file, String text)
      throws HwskuImportException {
    List<String> columns = null;
    List<SonicHwsku.Port> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        List<String> words = Arrays.asList(line.replaceFirst("^#+", "").strip().split("\\s+"));
        if (!words.isEmpty() && words.get(0).equals("name")) {
          columns = words;
        }
        continue;
      }
      Location at = new Location(file, i + 1, lines[i].indexOf(line.charAt(0)) + 1);
      if (columns == null) {
        throw new HwskuImportException(
            at, "a port line before the column header", "# name lanes alias index speed", line);
      }
      for (String need : List.of("lanes", "alias", "index", "speed")) {
        if (!columns.contains(need)) {
          throw new HwskuImportException(
              at,
              "port_config.ini has no "
                  + need
                  + " column (SONiC then takes the ports from"
                  + " hwsku.json and platform.json, which this folder lacks)",
              "a header naming name, lanes, alias, index and speed",
              "# " + String.join(" ", columns));
        }
      }
      String[] cells = line.split("\\s+");
      if (cells.length < columns.indexOf("speed") + 1) {
        throw new HwskuImportException(
            at, "a port line with too few columns", columns.size() + " columns", line);
      }
      String lanes = cells[columns.indexOf("lanes")];
      String index = cells[columns.indexOf("index")];
      String speed = cells[columns.indexOf("speed")];
      if (!LANES.matcher(lanes).matches()
          || !DIGITS.matcher(index).matches()
          || !DIGITS.matcher(speed).matches()) {
        throw new HwskuImportException(
            at,
            "a port line whose lanes, index or speed is not a number",
            "lanes like 0,1,2,3, index and speed (Mb/s) as integers",
            line);
      }
      out.add(
          new SonicHwsku.Port(
              cells[0],
              lanes,
              cells[columns.indexOf("alias")],
              Integer.parseInt(index),
              Long.parseLong(speed)));
    }
    if (out.isEmpty()) {
      throw new HwskuImportException(
          Location.ofFile(file), "no port lines", "one line per port", "none");
    }
    return out;
  }

  /**
   * Ports from {@code hwsku.json} and {@code platform.json}: each interface of the platform broken
   * out as its {@code default_brkout_mode} says (N ports of the interface's lanes divided evenly,
   * named Ethernet(base + offset of their first lane), aliases from the mode's list, the index of
   * their first lane), as SONiC's {@code portconfig.py} does.
   */
  static List<SonicHwsku.Port> fromBreakouts(
      String hwskuFile, String hwskuText, String platformFile, String platformText)
      throws HwskuImportException {
    Map<?, ?> sku = object(interfaces(hwskuFile, hwskuText), hwskuFile, "interfaces");
    Map<?, ?> platform = object(interfaces(platformFile, platformText), platformFile, "interfaces");
    List<SonicHwsku.Port> out = new ArrayList<>();
    // SONiC walks the platform's interfaces (the cages); the SKU's entries for child ports only
    // carry optional attributes (autoneg, fec) and are not broken out again
    for (Map.Entry<?, ?> e : platform.entrySet()) {
      String name = String.valueOf(e.getKey());
      String where = "interfaces." + name;
      if (!sku.containsKey(name)) {
        continue; // a cage the SKU does not use (portconfig.py skips it too)
      }
      Map<?, ?> intf = object(sku.get(name), hwskuFile, where);
      String mode = String.valueOf(intf.get("default_brkout_mode"));
      Map<?, ?> parent = object(e.getValue(), platformFile, where);
      String lanes = String.valueOf(parent.get("lanes"));
      String index = String.valueOf(parent.get("index"));
      Map<?, ?> modes =
          object(parent.get("breakout_modes"), platformFile, where + ".breakout_modes");
      Object aliases = null;
      for (Map.Entry<?, ?> supported : modes.entrySet()) {
        // portconfig.py compares the parsed modes (ports, speeds, lane count), not their text
        if (same(mode, String.valueOf(supported.getKey()))) {
          aliases = supported.getValue();
          break;
        }
      }
      Matcher m = MODE.matcher(mode);
      Matcher base = ETHERNET.matcher(name);
      if (!m.matches() || !(aliases instanceof List<?> aliasList) || !base.matches()) {
        throw new HwskuImportException(
            Location.ofFile(hwskuFile),
            where + ".default_brkout_mode is not a breakout mode of " + platformFile,
            "a mode like 2x400G[200G] that platform.json lists for " + name,
            mode);
      }
      List<String> laneList = List.of(lanes.split(","));
      List<String> indexList = List.of(index.split(","));
      int count = Integer.parseInt(m.group(1));
      int assigned = m.group(4) == null ? laneList.size() : Integer.parseInt(m.group(4));
      if (count == 0
          || assigned > laneList.size()
          || assigned % count != 0
          || aliasList.size() != count
          || indexList.size() != laneList.size()) {
        throw new HwskuImportException(
            Location.ofFile(platformFile),
            where + ": mode " + mode + " does not divide the interface",
            count + " ports over " + laneList.size() + " lanes and as many aliases and indexes",
            laneList.size()
                + " lanes, "
                + aliasList.size()
                + " aliases, "
                + indexList.size()
                + " indexes");
      }
      int per = assigned / count;
      for (int p = 0; p < count; p++) {
        String portLanes = String.join(",", laneList.subList(p * per, (p + 1) * per));
        String portIndex = indexList.get(p * per).strip();
        if (!LANES.matcher(portLanes).matches() || !DIGITS.matcher(portIndex).matches()) {
          throw new HwskuImportException(
              Location.ofFile(platformFile),
              where + ": lanes or index are not numbers",
              "lanes like 0,1,2,3 and an integer index",
              portLanes + " / " + portIndex);
        }
        out.add(
            new SonicHwsku.Port(
                "Ethernet" + (Integer.parseInt(base.group(1)) + p * per),
                portLanes,
                String.valueOf(aliasList.get(p)),
                Integer.parseInt(portIndex),
                Long.parseLong(m.group(2)) * 1000));
      }
    }
    if (out.isEmpty()) {
      throw new HwskuImportException(
          Location.ofFile(hwskuFile), "no interfaces", "one entry per interface", "none");
    }
    return out;
  }

  /** Whether two breakout modes are the same entry: ports, default and other speeds, lanes. */
  private static boolean same(String a, String b) {
    Matcher x = MODE.matcher(a.strip());
    Matcher y = MODE.matcher(b.strip());
    return x.matches() && y.matches() && key(x).equals(key(y));
  }

  private static String key(Matcher m) {
    java.util.TreeSet<String> speeds = new java.util.TreeSet<>();
    for (String list : new String[] {m.group(3), m.group(5)}) {
      if (list != null) {
        for (String speed : list.substring(1, list.length() - 1).split(",")) {
          speeds.add(speed.strip());
        }
      }
    }
    speeds.add(m.group(2) + "G");
    return m.group(1) + "x" + m.group(2) + " " + speeds + " " + m.group(4);
  }

  private static Object interfaces(String file, String text) throws HwskuImportException {
    try {
      Object json = Json.parse(text);
      return json instanceof Map<?, ?> map ? map.get("interfaces") : null;
    } catch (JsonException e) {
      throw new HwskuImportException(
          Location.ofFile(file), "not JSON: " + e.getMessage(), "a JSON object", "other text");
    }
  }

  private static Map<?, ?> object(Object value, String file, String where)
      throws HwskuImportException {
    if (value instanceof Map<?, ?> map) {
      return map;
    }
    throw new HwskuImportException(
        Location.ofFile(file),
        where + " is missing or not an object",
        "an object at " + where,
        value == null ? "nothing" : String.valueOf(value));
  }
}
