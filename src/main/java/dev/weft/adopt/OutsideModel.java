package dev.weft.adopt;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.ConfigView;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.ReadException;
import dev.weft.xml.HardenedXml;
import dev.weft.xml.XmlRejectedException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * What a device's config holds that the imported inventory does not render: the settings outside
 * Weft's model. The device's file and the new render are compared as structure, not values (values
 * of what Weft models are the round trip's drift comparison): XML by the paths of their leaves,
 * CONFIG_DB JSON by table and key. Each top-level area that the render lacks is one finding listing
 * a few of its settings.
 */
final class OutsideModel {

  private static final int EXAMPLES = 3;

  /**
   * Wrappers around the configured trees: a backup's {@code <data>}, a rendered {@code <config>}.
   */
  private static final Set<String> WRAPPERS = Set.of("data", "config", "rpc-reply");

  private OutsideModel() {}

  /**
   * Findings for the settings of {@code config} the rendered {@code rendered} file does not have.
   *
   * @param profile the live profile of the config's platform: whether its saved JSON is the
   *     rendered file's format
   */
  static List<Finding> of(DeviceConfig config, String rendered, LiveProfile profile) {
    Map<String, List<String>> missing = new TreeMap<>();
    try {
      if (config.format().equals("xml")) {
        TreeSet<String> got = xmlPaths(config.text());
        got.removeAll(xmlPaths(rendered));
        got.forEach(p -> missing.computeIfAbsent(area(p), k -> new ArrayList<>()).add(p));
      } else if (profile.configView().map(ConfigView::sameJsonDocument).orElse(false)) {
        // entries the reader took by value (a map bound under the device's own name) are imported
        Object running = profile.configView().get().running().read(config.text(), config.file());
        jsonKeys(running, rendered, profile.readByValue(config.text()), missing);
      } else {
        return List.of(); // NVUE: its revision and the rendered startup.yaml differ in form; drift
        // compares them
      }
    } catch (XmlRejectedException | JsonException | ReadException e) {
      return List
          .of(); // the reader already accepted the file; a render that does not parse is a render
      // finding
    }
    List<Finding> out = new ArrayList<>();
    missing.forEach(
        (area, paths) ->
            out.add(
                Finding.of(
                        ImportIds.OUTSIDE_MODEL,
                        Severity.WARNING,
                        config.device()
                            + ": "
                            + paths.size()
                            + (paths.size() == 1 ? " setting" : " settings")
                            + " under "
                            + area
                            + " outside Weft's model, not in the imported intent (e.g. "
                            + String.join(", ", paths.subList(0, Math.min(EXAMPLES, paths.size())))
                            + ")")
                    .at(Location.ofFile(config.file()))
                    .onDevice(config.device())
                    .withPath(area)
                    .withValues("in the imported intent", paths.size() + " not rendered")));
    return out;
  }

  private static String area(String path) {
    String[] parts = path.split("/");
    return parts.length > 3 ? "/" + parts[1] + "/" + parts[2] : path;
  }

  private static TreeSet<String> xmlPaths(String xml) throws XmlRejectedException {
    TreeSet<String> out = new TreeSet<>();
    Element root = HardenedXml.parse(new InputSource(new StringReader(xml))).getDocumentElement();
    walk(root, "", out);
    return out;
  }

  private static void walk(Element e, String prefix, Set<String> out) {
    String name = e.getLocalName() == null ? e.getNodeName() : e.getLocalName();
    String here = prefix.isEmpty() && WRAPPERS.contains(name) ? "" : prefix + "/" + name;
    boolean leaf = true;
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        leaf = false;
        walk(child, here, out);
      }
    }
    if (leaf && !here.isEmpty()) {
      out.add(here);
    }
  }

  private static void jsonKeys(
      Object config, String rendered, Set<String> byValue, Map<String, List<String>> missing)
      throws JsonException {
    Map<?, ?> got = config instanceof Map<?, ?> m ? m : Map.of();
    Map<?, ?> want = Json.parse(rendered) instanceof Map<?, ?> m ? m : Map.of();
    for (Map.Entry<?, ?> table : new TreeMap<>(stringKeys(got)).entrySet()) {
      Object mine = want.get(table.getKey());
      if (!(table.getValue() instanceof Map<?, ?> rows)) {
        continue;
      }
      Map<?, ?> renderedRows = mine instanceof Map<?, ?> r ? r : Map.of();
      for (Object key : new TreeSet<>(stringKeys(rows).keySet())) {
        if (!renderedRows.containsKey(key) && !byValue.contains(table.getKey() + "|" + key)) {
          missing
              .computeIfAbsent("/" + table.getKey(), k -> new ArrayList<>())
              .add(table.getKey() + "|" + key);
        }
      }
    }
  }

  private static Map<String, Object> stringKeys(Map<?, ?> m) {
    Map<String, Object> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
