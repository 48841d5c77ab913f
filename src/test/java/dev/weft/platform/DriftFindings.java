package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/** Reading the drift findings of a {@code weft drift --format json} run in vendor lab tests. */
final class DriftFindings {
  private DriftFindings() {}

  /**
   * The {@code drift-*} findings by {@code "rule device port"} ({@code -} for switch-wide ones);
   * every other finding must be a compiled-config rule on the live config ({@code live config:
   * ...}) or {@code not-audited}.
   */
  static Map<String, Map<String, Object>> byKey(Cli r) throws Exception {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (Map<String, Object> f : r.all()) {
      String rule = String.valueOf(f.get("rule"));
      if (rule.startsWith("drift-")) {
        Object port = f.get("port");
        Map<String, Object> before =
            out.put(rule + " " + f.get("device") + " " + (port == null ? "-" : port), f);
        assertTrue(
            before == null, "two findings " + rule + " for one port: " + before + " and " + f);
      } else {
        assertTrue(
            rule.equals("not-audited")
                || String.valueOf(f.get("message")).startsWith("live config: "),
            "unexpected finding " + f);
      }
    }
    return out;
  }

  /**
   * Each finding names the intent file and line that own the expected value, and the vendor path of
   * the live one.
   */
  static void assertOwnedByTheIntent(Collection<Map<String, Object>> findings, String inventory) {
    for (Map<String, Object> f : findings) {
      assertTrue(String.valueOf(f.get("file")).startsWith(inventory + "/"), f.toString());
      assertNotNull(f.get("line"), f.toString());
      assertNotNull(f.get("path"), f.toString());
      assertNotNull(f.get("expected"), f.toString());
    }
  }
}
