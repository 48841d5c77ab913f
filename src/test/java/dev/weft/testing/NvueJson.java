package dev.weft.testing;

import dev.weft.json.Json;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import java.util.List;
import java.util.Map;

/**
 * What {@code nv config show -o json} prints on a Cumulus switch after {@code nv config replace} of
 * a rendered {@code startup.yaml} and {@code nv config apply}: the same revision as JSON, a list of
 * a {@code header} and a {@code set} document. The YAML is read by the project's own parser (whose
 * documents are maps: the revision's one {@code - set:} item is read as a map and wrapped back into
 * the list).
 */
public final class NvueJson {

  private NvueJson() {}

  public static String fromStartupYaml(String startupYaml) {
    StringBuilder asMap = new StringBuilder();
    boolean inSet = false;
    for (String line : startupYaml.split("\n", -1)) {
      if (line.equals("- set:")) {
        asMap.append("set:\n");
        inSet = true;
      } else if (inSet && line.startsWith("  ")) {
        asMap.append(line.substring(2)).append('\n');
      } else if (line.isBlank() || line.startsWith("#")) {
        asMap.append(line).append('\n');
      } else {
        throw new AssertionError("unexpected line in a rendered startup.yaml: " + line);
      }
    }
    MapNode root = TestYaml.parse("startup.yaml", asMap.toString()).root();
    Map<String, Object> header =
        Map.of(
            "header",
            Map.of(
                "model",
                "SN4700",
                "nvue-api-version",
                "nvue_v1",
                "rev-id",
                1L,
                "version",
                "Cumulus Linux 5.11.1"));
    return Json.write(List.of(header, Map.of("set", Node.plain(root.get("set").orElseThrow()))));
  }
}
