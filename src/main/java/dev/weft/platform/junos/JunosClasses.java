package dev.weft.platform.junos;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The switch priority (0..7) of each Junos forwarding class. Junos names classes freely (Juniper's
 * AI design: {@code NO-LOSS}, {@code CNP}); the plan is by priority, so each class is given one, in
 * this order, each step taking only priorities still free:
 *
 * <ol>
 *   <li>a class named {@code tc<N>} (Weft's own render) is priority N;
 *   <li>a {@code no-loss} class with a {@code pfc-priority} is that priority: the one its PFC
 *       frames carry;
 *   <li>a class whose {@code queue-num} is 0..7 is that priority (priority = queue, as Weft renders
 *       it by default);
 *   <li>else the IP precedence (DSCP / 8) of the lowest DSCP code point a classifier maps to the
 *       class, or its lowest IEEE 802.1p code point ({@code CNP} on DSCP 48 is 6);
 *   <li>else the lowest free priority.
 * </ol>
 *
 * <p>Classes are taken in configuration order within each step, so the result is deterministic. A
 * class left without a priority (more than eight classes) is not part of the plan. Names are only
 * the way to the values: the plan compares priorities, queues and code points.
 */
final class JunosClasses {
  private static final Pattern TC = Pattern.compile("tc([0-7])");

  /**
   * One {@code forwarding-classes class}.
   *
   * @param queue its queue-num, or null
   * @param pfcPriority its pfc-priority, or null
   */
  record ForwardingClass(String name, Integer queue, boolean noLoss, Integer pfcPriority) {}

  private JunosClasses() {}

  /**
   * Priority of each class, in the classes' order.
   *
   * @param codePoints each class's classifier code points: DSCP values, and PCP values + 64 (so
   *     that the lowest DSCP is preferred to any PCP)
   */
  static Map<String, Integer> priorities(
      List<ForwardingClass> classes, Map<String, TreeSet<Integer>> codePoints) {
    Map<String, Integer> out = new LinkedHashMap<>();
    boolean[] taken = new boolean[8];
    for (ForwardingClass c : classes) {
      Matcher m = TC.matcher(c.name());
      if (m.matches()) {
        take(out, taken, c, Integer.parseInt(m.group(1)));
      }
    }
    for (ForwardingClass c : classes) {
      if (c.noLoss() && c.pfcPriority() != null) {
        take(out, taken, c, c.pfcPriority());
      }
    }
    for (ForwardingClass c : classes) {
      if (c.queue() != null && c.queue() < 8) {
        take(out, taken, c, c.queue());
      }
    }
    for (ForwardingClass c : classes) {
      TreeSet<Integer> points = codePoints.get(c.name());
      if (points != null && !points.isEmpty()) {
        int p = points.first();
        take(out, taken, c, p < 64 ? p / 8 : p - 64);
      }
    }
    for (ForwardingClass c : classes) {
      for (int p = 0; p < 8 && !out.containsKey(c.name()); p++) {
        take(out, taken, c, p);
      }
    }
    Map<String, Integer> ordered = new LinkedHashMap<>();
    for (ForwardingClass c : classes) {
      if (out.containsKey(c.name())) {
        ordered.put(c.name(), out.get(c.name()));
      }
    }
    return ordered;
  }

  private static void take(
      Map<String, Integer> out, boolean[] taken, ForwardingClass c, int priority) {
    if (!out.containsKey(c.name()) && priority >= 0 && priority < 8 && !taken[priority]) {
      out.put(c.name(), priority);
      taken[priority] = true;
    }
  }
}
