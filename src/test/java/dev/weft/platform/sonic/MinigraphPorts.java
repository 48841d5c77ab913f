package dev.weft.platform.sonic;

import dev.weft.xml.HardenedXml;
import dev.weft.xml.XmlRejectedException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * The speed and mtu each port of a SONiC switch held when sonic-buildimage's own tests rendered a
 * sample output with {@code sonic-cfggen -m MINIGRAPH -p port_config.ini -t TEMPLATE} ({@code
 * src/sonic-config-engine/tests/test_j2files.py}): what {@code minigraph.py} ({@code parse_xml}, at
 * the corpus's pinned commit) writes into the PORT table, for the two fields Weft's reader takes
 * from it. Test-side only: the product reads CONFIG_DB, never a minigraph; this exists so a
 * sample-output fragment ({@code SonicCorpusReadTest.completed}) gets the PORT table of the device
 * it was rendered for instead of empty entries.
 *
 * <p>As {@code parse_xml} does, in this order:
 *
 * <ol>
 *   <li>{@code port_config.ini} ({@code portconfig.parse_port_config_file}): one port per line, the
 *       columns named by the last {@code #} line holding {@code name}; {@code alias} defaults to
 *       the name; {@code speed} where the SKU has that column;
 *   <li>the minigraph's {@code DeviceInfos/DeviceInfo} whose {@code HwSku} is the document's own
 *       ({@code parse_deviceinfo}): each {@code EthernetInterfaces/EthernetInterface}'s {@code
 *       Speed} replaces the speed of the port its {@code InterfaceName} (an alias or a name) names,
 *       when {@code port_config.ini} has that port;
 *   <li>{@code PngDec/DeviceInterfaceLinks/DeviceLinkBase} of type {@code DeviceInterfaceLink},
 *       {@code UnderlayInterfaceLink} or {@code DeviceMgmtLink} with a {@code Bandwidth} and this
 *       device ({@code Hostname}, any case) at one end ({@code parse_png}): the bandwidth replaces
 *       the speed of this end's port, when {@code port_config.ini} has it;
 *   <li>{@code mtu} is {@code 9100} on every port ("set default port MTU as 9100"), whatever {@code
 *       port_config.ini} says.
 * </ol>
 *
 * <p>Left out: {@code lanes}, {@code alias}, {@code index}, {@code fec}, {@code tpid}, {@code
 * pfc_asym}, which Weft's reader does not take into the plan; {@code description}, which would name
 * the minigraph's neighbours (devices outside the backup) as the ports' peers; {@code
 * admin_status}, which {@code parse_xml} derives from the DPG's interfaces, port channels and VLANs
 * (a reader of its own for a field Weft does not read).
 */
final class MinigraphPorts {
  private MinigraphPorts() {}

  /** The default PORT mtu {@code parse_xml} gives every port. */
  static final String MTU = "9100";

  private static final Set<String> LINK_TYPES =
      Set.of("DeviceInterfaceLink", "UnderlayInterfaceLink", "DeviceMgmtLink");

  /** Port name → its PORT entry's {@code speed} (when known) and {@code mtu}, in file order. */
  static Map<String, Map<String, String>> read(Path portConfigIni, Path minigraph)
      throws IOException {
    Map<String, Map<String, String>> ports = new LinkedHashMap<>();
    Map<String, String> aliases = new LinkedHashMap<>();
    portConfig(Files.readString(portConfigIni, StandardCharsets.UTF_8), ports, aliases);
    Element root = document(minigraph);
    String hwsku = text(child(root, "HwSku"));
    String hostname = text(child(root, "Hostname"));
    for (Element infos : children(root, "DeviceInfos")) {
      for (Element info : children(infos, "DeviceInfo")) {
        if (!hwsku.equals(text(child(info, "HwSku")))) {
          continue;
        }
        for (Element eth : children(child(info, "EthernetInterfaces"), "EthernetInterface")) {
          String alias = text(child(eth, "InterfaceName"));
          setSpeed(ports, aliases.getOrDefault(alias, alias), text(child(eth, "Speed")));
        }
      }
    }
    for (Element png : children(root, "PngDec")) {
      for (Element links : children(png, "DeviceInterfaceLinks")) {
        for (Element link : children(links, "DeviceLinkBase")) {
          Element bandwidth = child(link, "Bandwidth");
          if (!LINK_TYPES.contains(text(child(link, "ElementType"))) || bandwidth == null) {
            continue;
          }
          String end;
          if (text(child(link, "EndDevice")).equalsIgnoreCase(hostname)) {
            end = text(child(link, "EndPort"));
          } else if (text(child(link, "StartDevice")).equalsIgnoreCase(hostname)) {
            end = text(child(link, "StartPort"));
          } else {
            continue;
          }
          setSpeed(ports, aliases.getOrDefault(end, end), text(bandwidth));
        }
      }
    }
    ports.values().forEach(p -> p.put("mtu", MTU));
    return ports;
  }

  /** {@code portconfig.parse_port_config_file}: the ports and the alias → name map. */
  private static void portConfig(
      String ini, Map<String, Map<String, String>> ports, Map<String, String> aliases) {
    List<String> titles = List.of("name", "lanes", "alias", "index");
    for (String line : ini.split("\n", -1)) {
      if (line.startsWith("#")) {
        if (line.contains("name")) {
          titles = Arrays.asList(line.replaceAll("^#+", "").trim().split("\\s+"));
        }
        continue;
      }
      String[] cells = line.trim().split("\\s+");
      if (cells.length < 2) {
        continue;
      }
      int nameAt = titles.indexOf("name");
      Map<String, String> columns = new LinkedHashMap<>();
      for (int i = 0; i < cells.length && i < titles.size(); i++) {
        columns.put(titles.get(i), cells[i]);
      }
      String name = cells[nameAt];
      Map<String, String> entry = new LinkedHashMap<>();
      if (columns.containsKey("speed")) {
        entry.put("speed", columns.get("speed"));
      }
      ports.put(name, entry);
      aliases.put(columns.getOrDefault("alias", name), name);
      if (columns.containsKey("asic_port_name") && !columns.get("asic_port_name").equals(name)) {
        aliases.put(columns.get("asic_port_name"), name);
      }
    }
  }

  private static void setSpeed(Map<String, Map<String, String>> ports, String port, String speed) {
    Map<String, String> entry = ports.get(port); // a port port_config.ini lacks is ignored
    if (entry != null) {
      entry.put("speed", speed);
    }
  }

  private static Element document(Path file) throws IOException {
    try {
      return HardenedXml.parse(
              new InputSource(new StringReader(Files.readString(file, StandardCharsets.UTF_8))))
          .getDocumentElement();
    } catch (XmlRejectedException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /** The direct children named {@code local} (any namespace), as ElementTree's findall does. */
  private static List<Element> children(Element parent, String local) {
    List<Element> out = new ArrayList<>();
    if (parent == null) {
      return out;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && local.equals(e.getLocalName())) {
        out.add(e);
      }
    }
    return out;
  }

  private static Element child(Element parent, String local) {
    List<Element> all = children(parent, local);
    return all.isEmpty() ? null : all.get(0);
  }

  private static String text(Element e) {
    return e == null ? "" : e.getTextContent().trim();
  }
}
