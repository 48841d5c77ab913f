package dev.weft.policy;

import dev.weft.model.FabricModel;
import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every view of one run shares: the type table (to turn a nested record into its view) and the
 * model (for fields that look something up, such as the switch port at the other end of a NIC's
 * cable).
 */
record Context(Shapes shapes, FabricModel model) {

  /**
   * A value as Weft holds it turned into what CEL works with: longs, views, lists and maps of
   * those.
   */
  Object toCel(Shape.Kind kind, Object value, Shape.Place place) {
    if (value == null) {
      return null;
    }
    if (kind instanceof Shape.Scalar s) {
      return s == Shape.INT && value instanceof Number n && !(value instanceof Long)
          ? n.longValue()
          : value;
    }
    if (kind instanceof Shape.Struct s) {
      return new View(shapes.shape(s.shape()), value, this, place);
    }
    if (kind instanceof Shape.ListOf l) {
      List<?> items = (List<?>) value;
      if (l.element() == Shape.STRING || l.element() == Shape.BOOL || items.isEmpty()) {
        return items;
      }
      // converted on access: a rule that reads one element of a long list pays for one
      return new AbstractList<Object>() {
        @Override
        public Object get(int index) {
          return toCel(l.element(), items.get(index), place);
        }

        @Override
        public int size() {
          return items.size();
        }
      };
    }
    Shape.MapOf m = (Shape.MapOf) kind;
    Map<?, ?> entries = (Map<?, ?>) value;
    if (m.keyCel().equals("string") && m.value() == Shape.STRING) {
      return entries;
    }
    Map<Object, Object> out = new LinkedHashMap<>();
    entries.forEach(
        (k, v) ->
            out.put(
                k instanceof Number n ? (Object) n.longValue() : k, toCel(m.value(), v, place)));
    return out;
  }
}
