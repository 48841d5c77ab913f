package dev.weft.adopt;

import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The {@code traffic-classes} of the fabric plan, read back from a compiled switch: one class per
 * switch priority that code points map to, with its queue, PFC, ECN profile and scheduler. A
 * complete DSCP map (all 64 code points) makes the priority holding most of them the {@code dscp:
 * default} class. The class that carries CNPs is not in any device config; a strict, lossy class
 * holding DSCP 48 (the code point the ConnectX default and every RoCE guide use for CNPs) is marked
 * {@code role: cnp}.
 */
final class TrafficClassWriter {

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  /** The highest priority and queue a traffic class of the intent may name. */
  private static final int MAX_INDEX = 7;

  static final int CNP_DSCP = 48;

  /** Every DSCP code point mapped: the intent had a {@code dscp: default} class. */
  private static final int ALL_CODE_POINTS = 64;

  private TrafficClassWriter() {}

  /** The YAML lines of {@code traffic-classes:} (indented for a key under {@code fabric:}). */
  static List<String> lines(CompiledSwitch plan) {
    Map<Integer, List<Integer>> byPriority = new TreeMap<>();
    plan.dscpToPriority()
        .forEach((d, p) -> byPriority.computeIfAbsent(p, k -> new ArrayList<>()).add(d));
    // no DSCP map at all: every packet is in priority 0 (what a switch without a classifier does),
    // one default class, rather than an empty list the schema refuses
    boolean unclassified = byPriority.isEmpty();
    if (unclassified) {
      byPriority.put(0, new ArrayList<>());
    }
    Integer defaultPriority = unclassified ? Integer.valueOf(0) : defaultPriority(byPriority, plan);
    Map<Integer, CompiledQueue> queues = new TreeMap<>();
    plan.queues().forEach(q -> queues.putIfAbsent(q.queue(), q));
    Map<String, EcnProfile> ecn = new TreeMap<>();
    plan.ecnProfiles().forEach(e -> ecn.put(e.name(), e));
    TreeSet<Integer> lossless = new TreeSet<>(plan.losslessPriorities());
    List<Integer> order = new ArrayList<>();
    byPriority.keySet().stream()
        .filter(p -> lossless.contains(p) && !p.equals(defaultPriority))
        .forEach(order::add);
    byPriority.keySet().stream()
        .filter(p -> !lossless.contains(p) && !p.equals(defaultPriority))
        .forEach(order::add);
    if (defaultPriority != null) {
      order.add(defaultPriority);
    }
    List<String> out = new ArrayList<>();
    out.add("  traffic-classes:");
    List<String> used = new ArrayList<>();
    boolean cnpTaken = false;
    for (int p : order) {
      int queue = p < plan.priorityToQueue().size() ? plan.priorityToQueue().get(p) : p;
      if (p > MAX_INDEX || queue > MAX_INDEX) {
        continue; // the intent has no class above 7: beyondIntent lists it for a finding
      }
      CompiledQueue q = queues.get(queue);
      boolean isDefault = Integer.valueOf(p).equals(defaultPriority);
      boolean strict = q != null && CompiledQueue.STRICT.equals(q.scheduler());
      boolean cnp =
          !cnpTaken
              && strict
              && !lossless.contains(p)
              && byPriority.get(p).contains(CNP_DSCP)
              && !isDefault;
      cnpTaken |= cnp;
      String name = name(q, p, isDefault, cnp, lossless.contains(p), used);
      used.add(name);
      out.add("    - name: " + name);
      out.add(
          "      dscp: "
              + (isDefault
                  ? "default"
                  : YamlText.list(byPriority.get(p).stream().map(String::valueOf).toList())));
      out.add("      priority: " + p);
      if (queue != p) {
        out.add("      queue: " + queue);
      }
      if (lossless.contains(p)) {
        out.add("      lossless: true");
      }
      EcnProfile e = q == null || q.ecnProfile() == null ? null : ecn.get(q.ecnProfile());
      if (e != null) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("min", YamlText.bytes(e.minBytes()));
        m.put("max", YamlText.bytes(e.maxBytes()));
        m.put("probability", String.valueOf(e.probability()));
        if (e.dropNonEct()) { // keep is the default
          m.put("non-ect", "drop");
        }
        out.add("      ecn: " + YamlText.flow(m));
      }
      out.add(
          "      scheduler: "
              + (q == null || strict
                  ? "{ type: strict }"
                  : q.weight() == null
                      ? "{ type: dwrr }" // the device holds no weight: none is invented
                      : "{ type: dwrr, weight: " + q.weight() + " }"));
      if (cnp) {
        out.add("      role: cnp");
      }
    }
    return out;
  }

  /**
   * The switch priorities whose class the intent cannot hold (a priority or queue above 7: SONiC's
   * classes 8-15 on the SKUs that have them), as {@code priority P (queue Q, DSCP ...)}: left out
   * of {@code traffic-classes} and reported, rather than written as a value the schema refuses.
   */
  static List<String> beyondIntent(CompiledSwitch plan) {
    Map<Integer, List<Integer>> byPriority = new TreeMap<>();
    plan.dscpToPriority()
        .forEach((d, p) -> byPriority.computeIfAbsent(p, k -> new ArrayList<>()).add(d));
    List<String> out = new ArrayList<>();
    byPriority.forEach(
        (p, dscp) -> {
          int queue = p < plan.priorityToQueue().size() ? plan.priorityToQueue().get(p) : p;
          if (p > MAX_INDEX || queue > MAX_INDEX) {
            out.add(
                "priority "
                    + p
                    + " (queue "
                    + queue
                    + ", DSCP "
                    + String.join(",", dscp.stream().map(String::valueOf).toList())
                    + ")");
          }
        });
    return out;
  }

  /**
   * The lossless priorities (PFC on) that no DSCP code point reaches: a traffic class of the intent
   * is its DSCP code points, so such a priority has no class to be lossless in, and the import says
   * so rather than drop the device's PFC setting silently.
   */
  static List<Integer> losslessWithoutDscp(CompiledSwitch plan) {
    if (plan.dscpToPriority().isEmpty()) {
      // nothing classified at all (or nothing served: Importer says which): one default class
      return List.of();
    }
    TreeSet<Integer> out = new TreeSet<>(plan.losslessPriorities());
    out.removeAll(plan.dscpToPriority().values());
    return List.copyOf(out);
  }

  private static Integer defaultPriority(
      Map<Integer, List<Integer>> byPriority, CompiledSwitch plan) {
    if (plan.dscpToPriority().size() != ALL_CODE_POINTS) {
      return null;
    }
    Integer best = null;
    int most = -1;
    for (Map.Entry<Integer, List<Integer>> e : byPriority.entrySet()) {
      if (e.getValue().size() > most) {
        most = e.getValue().size();
        best = e.getKey();
      }
    }
    return best;
  }

  /**
   * The device's own name for the class where it has one, else a name that says what the class is.
   */
  private static String name(
      CompiledQueue q, int p, boolean isDefault, boolean cnp, boolean lossless, List<String> used) {
    List<String> candidates = new ArrayList<>();
    if (q != null && q.trafficClass() != null) {
      candidates.add(q.trafficClass());
    }
    if (q != null && q.ecnProfile() != null) {
      candidates.add(q.ecnProfile());
    }
    candidates.add(isDefault ? "default" : cnp ? "cnp" : lossless ? "lossless-" + p : "class-" + p);
    candidates.add("priority-" + p);
    for (String c : candidates) {
      if (NAME.matcher(c).matches() && !used.contains(c)) {
        return c;
      }
    }
    return "priority-" + p;
  }
}
