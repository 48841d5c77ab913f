package dev.weft.platform.cumulus;

import dev.weft.platform.ConfigView;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.Node;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The Cumulus pack's config diff: the {@code set} document of {@code nv config show -o json} beside
 * the {@code set} document of the rendered {@code startup.yaml}, both as JSON values, cut two
 * levels deep to what the rendered file has ({@code system hostname} and {@code forwarding}, never
 * {@code system aaa}; the interfaces Weft manages, not {@code eth0} or {@code lo}).
 */
final class NvueConfigView {

  static final String FILE = "startup.yaml";

  /** The set document's top-level trees that hold each feature. */
  private static final Map<Feature, List<String>> TREES =
      Map.of(
          Feature.CLASSIFICATION, List.of("qos"),
          Feature.PFC, List.of("interface", "qos"),
          Feature.ECN, List.of("qos"),
          Feature.SCHEDULER, List.of("qos"),
          Feature.WATCHDOG, List.of("interface", "qos"),
          Feature.BUFFERS, List.of("interface", "qos"),
          Feature.MTU, List.of("interface"),
          Feature.HASH, List.of("system"));

  private NvueConfigView() {}

  static ConfigView view() {
    return new ConfigView(
        FILE,
        ConfigView.Syntax.JSON,
        2,
        TREES,
        "tree",
        (text, what) -> CumulusNvueReader.setDocument(ConfigView.JSON_TEXT.read(text, what), what),
        NvueConfigView::renderedSet);
  }

  /**
   * The {@code set} document of a rendered {@code startup.yaml}: the template writes one revision
   * item, {@code - set:}, read by the project's YAML parser (whose documents are maps) as the map
   * under it.
   */
  static Object renderedSet(String yaml, String what) throws ReadException {
    StringBuilder asMap = new StringBuilder();
    boolean inSet = false;
    for (String line : yaml.split("\n", -1)) {
      if (line.equals("- set:")) {
        asMap.append("set:\n");
        inSet = true;
      } else if (inSet && line.startsWith("  ")) {
        asMap.append(line, 2, line.length()).append('\n');
      } else if (line.isBlank() || line.startsWith("#")) {
        asMap.append('\n');
      } else {
        throw new ReadException(
            what + ": expected the rendered revision (`- set:`), found " + line);
      }
    }
    ParseResult parsed =
        new YamlParser(LoadLimits.defaults())
            .parse(new SourceFile(what, asMap.toString().getBytes(StandardCharsets.UTF_8), null));
    if (!parsed.ok() || parsed.root().get("set").isEmpty()) {
      throw new ReadException(
          what
              + ": not a rendered NVUE revision"
              + (parsed.findings().isEmpty() ? "" : ": " + parsed.findings().get(0).message()));
    }
    return Node.plain(parsed.root().get("set").orElseThrow());
  }
}
