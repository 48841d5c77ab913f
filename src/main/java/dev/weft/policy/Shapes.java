package dev.weft.policy;

import dev.weft.schema.IntentFields;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every CEL type a user rule can see, by name: the intent model's and the compiled config's. */
final class Shapes {

  private final Map<String, Shape> byName = new LinkedHashMap<>();

  Shapes() {
    List<Shape> all = new ArrayList<>(IntentShapes.all(IntentFields.shipped()));
    all.addAll(ConfigShapes.all());
    for (Shape s : all) {
      if (byName.put(s.name(), s) != null) {
        throw new IllegalStateException("shape declared twice: " + s.name());
      }
    }
    for (Shape s : all) {
      for (Shape.Field f : s.fields().values()) {
        check(s, f.kind());
      }
    }
  }

  private void check(Shape owner, Shape.Kind kind) {
    if (kind instanceof Shape.Struct st && !byName.containsKey(st.shape())) {
      throw new IllegalStateException(owner.name() + " refers to unknown type " + st.shape());
    } else if (kind instanceof Shape.ListOf l) {
      check(owner, l.element());
    } else if (kind instanceof Shape.MapOf m) {
      check(owner, m.value());
    }
  }

  Shape shape(String name) {
    Shape s = byName.get(name);
    if (s == null) {
      throw new IllegalArgumentException("no CEL type " + name);
    }
    return s;
  }

  Collection<Shape> all() {
    return byName.values();
  }
}
