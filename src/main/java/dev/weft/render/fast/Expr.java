package dev.weft.render.fast;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compiled template expression. Each kind does what Jinjava's JUEL node or filter of the same
 * meaning does for plain values (see /tmp/jj sources named in each record) and bails (see {@link
 * Bail}) on any input outside what was checked. {@code null} stands for Jinjava's undefined, as in
 * Jinjava: a sub-expression may be undefined ({@code x.y is defined}), a whole output, condition,
 * loop or set expression may not (Jinjava raises "Unknown token found" there; the fast path bails).
 *
 * <p>There is no node that calls a Java method, reads a file or changes a value: the grammar has
 * none.
 */
interface Expr {
  Object eval(Scope scope);

  /** A string or integer literal. */
  record Literal(Object value) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return value;
    }
  }

  /** A variable: the innermost scope that has it, else the template data. */
  record Variable(String name) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return scope.get(name);
    }
  }

  /**
   * {@code base.name}: a map's entry (null when absent) or a loop attribute; JUEL gives null for a
   * null base.
   */
  record Attribute(Expr base, String name) implements Expr {
    /**
     * Interned: the template data's maps are keyed by the same interned strings, found by identity.
     */
    public Attribute {
      name = name.intern();
    }

    @Override
    public Object eval(Scope scope) {
      Object value = base.eval(scope);
      if (value == null) {
        return null;
      }
      if (value instanceof Map<?, ?> map) {
        return Values.entry(map, name);
      }
      if (value instanceof LoopState loop) {
        return loop.attribute(name);
      }
      throw new Bail("attribute '" + name + "' of a " + value.getClass().getSimpleName());
    }
  }

  /** {@code base[key]}: a map's entry by string key or a list's item by index in range. */
  record Index(Expr base, Expr key) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Object value = base.eval(scope);
      if (value == null) {
        return null;
      }
      Object k = key.eval(scope);
      if (value instanceof Map<?, ?> map && k instanceof String name) {
        return Values.entry(map, name);
      }
      if (value instanceof List<?> list && Values.isIntegral(k)) {
        long i = ((Number) k).longValue();
        if (i >= 0 && i < list.size()) {
          return list.get((int) i);
        }
      }
      throw new Bail("subscript");
    }
  }

  /** {@code [a, b]}: Jinjava's AstList, a new list. */
  record ListLiteral(List<Expr> items) implements Expr {
    @Override
    public Object eval(Scope scope) {
      List<Object> out = new ArrayList<>(items.size());
      for (Expr item : items) {
        out.add(item.eval(scope));
      }
      return out;
    }
  }

  /** {@code {"k": v}} with string literal keys: Jinjava's AstDict, insertion-ordered. */
  record DictLiteral(List<String> keys, List<Expr> values) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        out.put(keys.get(i), values.get(i).eval(scope));
      }
      return out;
    }
  }

  /** {@code range(n)} with a literal n: Jinjava's Functions.range, a list of Integers 0..n-1. */
  record Range(int end) implements Expr {
    @Override
    public Object eval(Scope scope) {
      List<Object> out = new ArrayList<>(end);
      for (int i = 0; i < end; i++) {
        out.add(i);
      }
      return out;
    }
  }

  /** {@code not x}: JUEL's NOT through TruthyTypeConverter. */
  record Not(Expr operand) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return !Values.truthy(operand.eval(scope));
    }
  }

  /** {@code a and b}: JUEL's AND, a Boolean, right side only when the left is true. */
  record And(Expr left, Expr right) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return Values.truthy(left.eval(scope)) && Values.truthy(right.eval(scope));
    }
  }

  /** {@code a or b}: Jinjava's OrOperator, the left value when truthy, else the right value. */
  record Or(Expr left, Expr right) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Object l = left.eval(scope);
      return Values.truthy(l) ? l : right.eval(scope);
    }
  }

  /** {@code a if cond else b}: Jinjava's AstChoice. */
  record Choice(Expr condition, Expr then, Expr otherwise) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return Values.truthy(condition.eval(scope)) ? then.eval(scope) : otherwise.eval(scope);
    }
  }

  /** {@code a == b}, {@code a != b}. */
  record Equals(Expr left, Expr right, boolean negated) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return Values.equal(left.eval(scope), right.eval(scope)) != negated;
    }
  }

  /**
   * {@code + - / //} on Integer/Long (and {@code +} on strings): JUEL NumberOperations, Jinjava's
   * AdditionOperator and TruncDivOperator.
   */
  record Arithmetic(char op, Expr left, Expr right, long maxLength) implements Expr {
    static final char FLOOR_DIV = 'f';

    @Override
    public Object eval(Scope scope) {
      Object a = left.eval(scope);
      Object b = right.eval(scope);
      if (op == '+' && (a instanceof String || b instanceof String)) {
        if (!Values.isPrintableScalar(a) || !Values.isPrintableScalar(b)) {
          throw new Bail("string concatenation");
        }
        String joined = a.toString() + b;
        if (joined.length() >= maxLength) {
          throw new Bail("concatenation over the string cap");
        }
        return joined;
      }
      if (!Values.isIntegral(a) || !Values.isIntegral(b)) {
        throw new Bail("arithmetic on non-integers");
      }
      long x = ((Number) a).longValue();
      long y = ((Number) b).longValue();
      switch (op) {
        case '+':
          return x + y;
        case '-':
          return x - y;
        case '/':
          if (y == 0) {
            throw new Bail("division by zero");
          }
          return (double) x / (double) y;
        case FLOOR_DIV:
          if (y == 0) {
            throw new Bail("division by zero");
          }
          return Math.floorDiv(x, y);
        default:
          throw new Bail("operator " + op);
      }
    }
  }

  /** {@code x is defined}, {@code x is not defined}: IsDefinedExpTest. */
  record IsDefined(Expr operand, boolean negated) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return (operand.eval(scope) != null) != negated;
    }
  }

  /** The input of a filter: Jinjava's filters iterate any Collection; anything else bails. */
  private static Collection<?> collection(Object value, String filter) {
    if (value instanceof Collection<?> c) {
      return c;
    }
    throw new Bail(
        filter
            + " of "
            + (value == null ? "an undefined value" : "a " + value.getClass().getSimpleName()));
  }

  private static Map<?, ?> mapItem(Object item, String filter) {
    if (item instanceof Map<?, ?> m) {
      return m;
    }
    throw new Bail(
        filter + " over a " + (item == null ? "null" : item.getClass().getSimpleName()) + " item");
  }

  /**
   * {@code |join} and {@code |join(sep)}: JoinFilter, {@code Objects.toString(item, "")} per item.
   */
  record Join(Expr input, String separator, long maxLength) implements Expr {
    @Override
    public Object eval(Scope scope) {
      StringBuilder out = new StringBuilder();
      boolean first = true;
      for (Object item : collection(input.eval(scope), "join")) {
        if (!first) {
          out.append(separator);
        }
        first = false;
        if (item instanceof Integer number) {
          out.append(
              number.intValue()); // the digits Objects.toString gives, without a String per item
        } else if (item instanceof Long number) {
          out.append(number.longValue());
        } else if (item != null) {
          out.append(Values.text(item));
        }
      }
      if (out.length() >= maxLength) {
        throw new Bail("join over the string cap");
      }
      return out.toString();
    }
  }

  /** The tests selectattr/rejectattr take here. */
  enum Test {
    TRUTHY,
    DEFINED,
    EQUALTO
  }

  /**
   * {@code |selectattr(attr[, test[, arg]])}, {@code |rejectattr(...)}: SelectAttrFilter over maps.
   */
  record SelectAttr(Expr input, String attribute, Test test, Expr argument, boolean reject)
      implements Expr {
    /**
     * Interned: the template data's maps are keyed by the same interned strings, found by identity.
     */
    public SelectAttr {
      attribute = attribute.intern();
    }

    @Override
    public Object eval(Scope scope) {
      Collection<?> items = collection(input.eval(scope), "selectattr");
      Object arg = argument == null ? null : argument.eval(scope);
      if (test == Test.EQUALTO && arg == null) {
        throw new Bail("equalto an undefined value");
      }
      List<Object> out = new ArrayList<>();
      for (Object item : items) {
        Object value = Values.entry(mapItem(item, "selectattr"), attribute);
        boolean passes =
            switch (test) {
              case TRUTHY -> Values.truthy(value);
              case DEFINED -> value != null;
              case EQUALTO -> Values.equal(value, arg);
            };
        if (passes != reject) {
          out.add(item);
        }
      }
      return out;
    }
  }

  /** {@code |map(attribute="a")}: MapFilter, the attribute of each map item (null when absent). */
  record MapAttribute(Expr input, String attribute) implements Expr {
    /**
     * Interned: the template data's maps are keyed by the same interned strings, found by identity.
     */
    public MapAttribute {
      attribute = attribute.intern();
    }

    @Override
    public Object eval(Scope scope) {
      Collection<?> items = collection(input.eval(scope), "map");
      List<Object> out = new ArrayList<>(items.size());
      for (Object item : items) {
        out.add(Values.entry(mapItem(item, "map"), attribute));
      }
      return out;
    }
  }

  /** {@code |list}: ListFilter on a collection, a copy. */
  record ToList(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      return new ArrayList<>(collection(input.eval(scope), "list"));
    }
  }

  /**
   * {@code |unique}: UniqueFilter, first of each equal item, in order (its result is a Collection,
   * not a List).
   */
  record Unique(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Map<Object, Object> seen = new LinkedHashMap<>();
      for (Object item : collection(input.eval(scope), "unique")) {
        if (item != null && !Values.isPrintableScalar(item)) {
          throw new Bail("unique over non-scalar items");
        }
        seen.putIfAbsent(item, item);
      }
      return seen.values();
    }
  }

  /**
   * {@code |sort}: SortFilter without arguments (case-insensitive strings, natural order otherwise,
   * stable).
   */
  record Sort(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      List<Object> items = new ArrayList<>(collection(input.eval(scope), "sort"));
      for (Object item : items) {
        if (item == null) {
          throw new Bail("sort of a null item");
        }
      }
      items.sort(Expr::compareLikeJinjava);
      return items;
    }
  }

  /** SortFilter.ObjectComparator and DictSortFilter.MapEntryComparator, both case-insensitive. */
  @SuppressWarnings("unchecked")
  private static int compareLikeJinjava(Object a, Object b) {
    if (a instanceof String sa) {
      if (!(b instanceof String sb)) {
        throw new Bail("sort of mixed types");
      }
      return sa.compareToIgnoreCase(sb);
    }
    if (a instanceof Comparable<?> && b instanceof Comparable<?>) {
      if (a.getClass() != b.getClass()) {
        throw new Bail("sort of mixed types");
      }
      return ((Comparable<Object>) a).compareTo(b);
    }
    throw new Bail("sort of non-comparable items");
  }

  /**
   * {@code |dictsort}: DictSortFilter without arguments, the map's entries by key,
   * case-insensitive.
   */
  record DictSort(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      if (!(input.eval(scope) instanceof Map<?, ?> map)) {
        throw new Bail("dictsort of a non-map");
      }
      List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
      for (Map.Entry<?, ?> entry : entries) {
        if (entry.getKey() == null) {
          throw new Bail("dictsort with a null key");
        }
      }
      entries.sort(Comparator.comparing(e -> (Object) e.getKey(), Expr::compareLikeJinjava));
      return entries;
    }
  }

  /**
   * {@code |upper}: UpperFilter, {@code String.toUpperCase()} (the JVM's default locale, as
   * Jinjava).
   */
  record Upper(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Object value = input.eval(scope);
      if (value instanceof String s) {
        return s.toUpperCase();
      }
      if (value == null) {
        throw new Bail("upper of an undefined value");
      }
      return value;
    }
  }

  /**
   * {@code |replace(a, b)}: ReplaceFilter, every occurrence (commons-lang: an empty search changes
   * nothing).
   */
  record Replace(Expr input, String search, String replacement, long maxLength) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Object value = input.eval(scope);
      if (!(value instanceof String) && !Values.isIntegral(value)) {
        throw new Bail("replace of a non-string");
      }
      String s = value.toString();
      if (s.length() >= maxLength) {
        throw new Bail("replace over the string cap");
      }
      return search.isEmpty() ? s : s.replace(search, replacement);
    }
  }

  /** {@code |int}: IntFilter on a number, an Integer when it fits, else a Long. */
  record ToInt(Expr input) implements Expr {
    @Override
    public Object eval(Scope scope) {
      Object value = input.eval(scope);
      if (!(value instanceof Integer
          || value instanceof Long
          || value instanceof Double
          || value instanceof Float
          || value instanceof Short
          || value instanceof Byte)) {
        throw new Bail("int of a non-number");
      }
      long result = ((Number) value).longValue();
      if (result < Integer.MIN_VALUE || result > Integer.MAX_VALUE) {
        return result;
      }
      return (int) result;
    }
  }
}
