package dev.weft.testing;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The QoS plan a compiled switch holds, by value, in the shape of the corpus expectation files
 * ({@code src/test/resources/corpus-expect/README.md}): what every corpus read test compares, the
 * SONiC and the EOS one alike.
 */
public final class CorpusPlan {
  private CorpusPlan() {}

  /** The vendored corpus, {@code src/test/resources/corpus}. */
  public static final Path CORPUS = Examples.projectRoot().resolve("src/test/resources/corpus");

  /**
   * The files of one corpus set ending in {@code suffix}, relative to {@link #CORPUS} with '/', in
   * order: a read test's parameters.
   */
  public static List<String> files(String set, String suffix) throws IOException {
    try (Stream<Path> walk = Files.walk(CORPUS.resolve(set))) {
      return walk.filter(p -> p.toString().endsWith(suffix))
          .map(p -> CORPUS.relativize(p).toString().replace('\\', '/'))
          .sorted()
          .toList();
    }
  }

  /** The plan by value, in the expectation files' shape. */
  public static Map<String, Object> of(CompiledSwitch sw) {
    Map<String, EcnProfile> ecn = new TreeMap<>();
    sw.ecnProfiles().forEach(e -> ecn.put(e.name(), e));
    Map<String, Object> s = new TreeMap<>();
    s.put("dscp-to-tc", dscpText(sw.dscpToPriority()));
    s.put("tc-to-queue", longs(sw.priorityToQueue()));
    s.put("tc-to-pg", longs(sw.priorityToPriorityGroup()));
    s.put("lossless", longs(sw.losslessPriorities()));
    s.put(
        "watchdog",
        sw.watchdog() == null
            ? null
            : !sw.watchdog().enabled()
                ? "off poll " + sw.watchdog().pollMs()
                : sw.watchdog().action()
                    + " detection "
                    + sw.watchdog().detectionMs()
                    + " restoration "
                    + sw.watchdog().restorationMs()
                    + " poll "
                    + sw.watchdog().pollMs());
    s.put(
        "shared-headroom-pool",
        sw.losslessBuffer() == null ? null : sw.losslessBuffer().sharedHeadroomPoolBytes());
    Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
    for (CompiledPort p : sw.ports()) {
      Map<String, Object> e = new TreeMap<>();
      e.put("pfc", longs(p.pfcPriorities()));
      e.put("tc-to-queue", longs(p.priorityToQueue()));
      Map<String, Object> queues = new TreeMap<>();
      for (CompiledQueue q : p.queues()) {
        String text = CompiledQueue.STRICT.equals(q.scheduler()) ? "strict" : "dwrr " + q.weight();
        EcnProfile w = q.ecnProfile() == null ? null : ecn.get(q.ecnProfile());
        if (w != null) {
          text +=
              " ecn "
                  + w.minBytes()
                  + "-"
                  + w.maxBytes()
                  + " "
                  + w.probability()
                  + "% "
                  + (w.dropNonEct() ? "drop" : "keep");
        }
        queues.put(String.valueOf(q.queue()), text);
      }
      e.put("queues", queues);
      Map<String, Object> headroom = new TreeMap<>();
      for (PriorityGroupHeadroom h : p.headroom()) {
        headroom.put(
            String.valueOf(h.pg()),
            h.dynamic() ? "dynamic" : "xoff " + h.xoff() + " xon " + h.xon() + " size " + h.size());
      }
      e.put("headroom", headroom);
      if (p.trustDscp()) {
        e.put("dscp-to-tc", p.dscpToPriority() == null ? "switch" : dscpText(p.dscpToPriority()));
      }
      if (p.watchdog()) {
        e.put("watchdog", longs(p.watchdogQueues()));
      }
      String key = Json.write(e);
      groups.computeIfAbsent(
          key,
          k -> {
            Map<String, Object> g = new TreeMap<>(e);
            g.put("names", new ArrayList<String>());
            return g;
          });
      @SuppressWarnings("unchecked")
      List<String> names = (List<String>) groups.get(key).get("names");
      names.add(p.name());
    }
    Map<String, Object> plan = new TreeMap<>();
    plan.put("switch", s);
    plan.put("ports", new ArrayList<>(groups.values()));
    return plan;
  }

  private static List<Long> longs(List<Integer> values) {
    return values.stream().map(Integer::longValue).toList();
  }

  /** {@code 0-2:1 3:3 ...}: runs of consecutive code points with the same class. */
  private static String dscpText(Map<Integer, Integer> map) {
    List<Map.Entry<Integer, Integer>> items = new ArrayList<>(new TreeMap<>(map).entrySet());
    List<String> out = new ArrayList<>();
    for (int i = 0; i < items.size(); ) {
      int j = i;
      while (j + 1 < items.size()
          && items.get(j + 1).getKey() == items.get(j).getKey() + 1
          && items.get(j + 1).getValue().equals(items.get(i).getValue())) {
        j++;
      }
      String d =
          i == j
              ? String.valueOf(items.get(i).getKey())
              : items.get(i).getKey() + "-" + items.get(j).getKey();
      out.add(d + ":" + items.get(i).getValue());
      i = j + 1;
    }
    return String.join(" ", out);
  }
}
