package dev.weft.translation;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where two values of the compiled model differ, named by their record components: {@code
 * ports[2].mtu: plan 9216, file 1500}. Used for a difference the feature comparison does not name,
 * so even that one says where to look.
 */
final class RecordDifference {

  /** At most this many differences are named; a longer list says how many more there are. */
  private static final int MAX_NAMED = 5;

  private final List<String> found = new ArrayList<>();

  private RecordDifference() {}

  /** The differing parts, e.g. {@code congestionControl: plan dcqcn, file pfc-only}. */
  static String between(Object plan, Object file) {
    RecordDifference d = new RecordDifference();
    d.walk("", plan, file);
    if (d.found.isEmpty()) {
      return "a part no component names";
    }
    List<String> named = d.found.subList(0, Math.min(MAX_NAMED, d.found.size()));
    String more =
        d.found.size() > MAX_NAMED ? " and " + (d.found.size() - MAX_NAMED) + " more" : "";
    return String.join("; ", named) + more;
  }

  private void walk(String path, Object plan, Object file) {
    if (Objects.equals(plan, file)) {
      return;
    }
    if (plan != null
        && file != null
        && plan.getClass().isRecord()
        && plan.getClass() == file.getClass()) {
      for (RecordComponent c : plan.getClass().getRecordComponents()) {
        walk(join(path, c.getName()), value(c, plan), value(c, file));
      }
      return;
    }
    if (plan instanceof List<?> a && file instanceof List<?> b && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        walk(path + "[" + i + "]", a.get(i), b.get(i));
      }
      return;
    }
    if (plan instanceof Map<?, ?> a
        && file instanceof Map<?, ?> b
        && a.keySet().equals(b.keySet())) {
      for (Object key : a.keySet()) {
        walk(path + "[" + key + "]", a.get(key), b.get(key));
      }
      return;
    }
    found.add(path + ": plan " + plan + ", file " + file);
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static Object value(RecordComponent c, Object record) {
    try {
      return c.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      return "(unreadable: " + e + ")";
    }
  }
}
