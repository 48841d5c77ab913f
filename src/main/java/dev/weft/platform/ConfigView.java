package dev.weft.platform;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How a pack lays a device's running config (as read, in the platform's own format) beside what its
 * templates render, so that the audit can show a drifted device's config diff: which rendered file,
 * in which syntax, and which parts of it hold each feature. Only what Weft renders is shown: the
 * running config is cut to the rendered file's trees, so a device's users, password hashes or SNMP
 * communities never reach the diff.
 *
 * @param renderedFile the rendered file the running config is compared with, e.g. {@code
 *     config_db.json}
 * @param syntax how both sides are parsed and written for the diff
 * @param depth JSON: how many levels of keys are cut to the rendered file's keys (SONiC: 2, table
 *     and entry; below that the device's entry is shown whole)
 * @param parts the top-level keys holding each feature; a feature absent here, or an empty map,
 *     means the pack cannot cut it per feature and the diff covers every rendered part
 * @param unit what a top-level key is called in the scope line ({@code table}: {@code table PORT})
 * @param running JSON: the running config (the reply or command output) as JSON values
 * @param rendered JSON: the rendered file as JSON values
 */
public record ConfigView(
    String renderedFile,
    Syntax syntax,
    int depth,
    Map<Feature, List<String>> parts,
    String unit,
    Trees running,
    Trees rendered) {

  /** How a config is read and written for the diff. */
  public enum Syntax {
    /**
     * JSON values (maps, lists, strings, numbers): both sides written canonically (sorted keys,
     * four-space indent).
     */
    JSON,
    /**
     * A NETCONF {@code <config>} (rendered) and {@code <data>} (the reply): the top-level trees of
     * both, pretty-printed as the backup prints them.
     */
    XML
  }

  /**
   * Reads one side of a JSON view into JSON values; a text it cannot read is a {@link
   * ReadException}.
   */
  @FunctionalInterface
  public interface Trees {
    Object read(String text, String what) throws ReadException;
  }

  /** JSON text read as is (SONiC's CONFIG_DB, both sides). */
  public static final Trees JSON_TEXT =
      (text, what) -> {
        try {
          return Json.parse(text);
        } catch (JsonException e) {
          throw new ReadException(what + ":" + e.getMessage());
        }
      };

  public ConfigView {
    Objects.requireNonNull(renderedFile, "renderedFile");
    Objects.requireNonNull(syntax, "syntax");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(running, "running");
    Objects.requireNonNull(rendered, "rendered");
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, found " + depth);
    }
    Map<Feature, List<String>> copy = new TreeMap<>();
    parts.forEach((f, keys) -> copy.put(f, List.copyOf(keys)));
    parts = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * Whether the running config, as {@link #running} reads it, and the rendered file, read as is,
   * are one JSON document format (SONiC's CONFIG_DB, whatever form the device's dump takes): an
   * import then finds the device's settings outside Weft's model by comparing their keys.
   */
  public boolean sameJsonDocument() {
    return syntax == Syntax.JSON && rendered == JSON_TEXT;
  }

  /**
   * A view whose rendered file is JSON text and whose running config is JSON text read by {@code
   * running} into the rendered file's form.
   */
  public static ConfigView json(
      String renderedFile,
      int depth,
      Map<Feature, List<String>> parts,
      String unit,
      Trees running) {
    return new ConfigView(renderedFile, Syntax.JSON, depth, parts, unit, running, JSON_TEXT);
  }

  /**
   * A NETCONF pack's view: its {@code config.xml}, whole (the vendor trees are not cut per
   * feature).
   */
  public static ConfigView netconf() {
    return new ConfigView("config.xml", Syntax.XML, 1, Map.of(), "tree", JSON_TEXT, JSON_TEXT);
  }
}
