package dev.weft.drift;

import dev.weft.json.Json;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** What the audit lab tests compare a night's JSON report by. */
final class AuditFindings {

  private AuditFindings() {}

  /** device → rule ids of its findings (information left out). */
  @SuppressWarnings("unchecked")
  static Map<String, TreeSet<String>> byDevice(String json) throws Exception {
    Map<String, TreeSet<String>> out = new TreeMap<>();
    for (Map<String, Object> f :
        (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings")) {
      if (!"info".equals(f.get("severity"))) {
        out.computeIfAbsent(String.valueOf(f.get("device")), k -> new TreeSet<>())
            .add((String) f.get("rule"));
      }
    }
    return out;
  }

  /** The report without its timing fields (start, duration, shard) and the counters' time. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> withoutTiming(String json) throws Exception {
    Map<String, Object> m = new TreeMap<>((Map<String, Object>) Json.parse(json));
    m.remove("audit");
    ((Map<String, Object>) m.get("counters")).remove("taken_at");
    List<Object> trend = (List<Object>) m.get("trend");
    trend.forEach(p -> ((Map<String, Object>) p).remove("started"));
    ((Map<String, Object>) m.get("history")).remove("previous");
    return m;
  }
}
