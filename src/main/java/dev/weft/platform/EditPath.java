package dev.weft.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A path into a NETCONF {@code <config>} document, as a pack's remediation table writes it: {@code
 * /oc-qos:qos/interfaces/interface[interface-id=$port][config/interface-id=$port]/weft-qos:pfc/config}.
 * A step's prefix names its namespace (from the pack's prefix map); a step without one is in its
 * parent's namespace. A predicate {@code [key=value]} selects a list entry by a child (or a child's
 * child, for OpenConfig's {@code config/<key>} copy), and is also what an edit writes to address
 * that entry; the value is a literal, {@code $port} (bound to a port name; a value around it such
 * as {@code pfc-$port} or {@code $port.0} names an entry Weft derives from the port, as vendor
 * packs name their per-port profiles) or {@code *} (every entry the rendered config has; last step
 * only).
 */
final class EditPath {

  /** A predicate value: a literal, or one of the two placeholders. */
  sealed interface Value {
    record Literal(String text) implements Value {}

    /**
     * The port name, with what the pack writes before and after it ({@code pfc-} and nothing for
     * {@code pfc-$port}).
     */
    record Port(String before, String after) implements Value {
      String bind(String port) {
        return before + Objects.requireNonNull(port, "port") + after;
      }
    }

    record Any() implements Value {}
  }

  /** {@code key/path = value}: {@code keyPath} are local names in the step's namespace. */
  record Predicate(List<String> keyPath, Value value) {
    Predicate {
      keyPath = List.copyOf(keyPath);
    }

    String literal() {
      return value instanceof Value.Literal l ? l.text() : null;
    }
  }

  record Step(String ns, String local, List<Predicate> predicates) {
    Step {
      predicates = List.copyOf(predicates);
    }

    boolean wildcard() {
      return predicates.stream().anyMatch(p -> p.value() instanceof Value.Any);
    }

    /** The identity of the entry this step addresses within its parent, once bound. */
    String identity() {
      StringBuilder s = new StringBuilder("{").append(ns).append('}').append(local);
      for (Predicate p : predicates) {
        s.append('[')
            .append(String.join("/", p.keyPath()))
            .append('=')
            .append(p.literal())
            .append(']');
      }
      return s.toString();
    }
  }

  private final List<Step> steps;

  private EditPath(List<Step> steps) {
    this.steps = List.copyOf(steps);
  }

  List<Step> steps() {
    return steps;
  }

  /**
   * Parses {@code text} with {@code prefixes} (prefix → namespace URI); a mistake in a pack's table
   * is a bug.
   */
  static EditPath parse(String text, Map<String, String> prefixes) {
    if (!text.startsWith("/")) {
      throw new IllegalArgumentException("edit path must start with '/': " + text);
    }
    List<Step> steps = new ArrayList<>();
    String ns = null;
    for (String raw : split(text.substring(1))) {
      int bracket = raw.indexOf('[');
      String name = bracket < 0 ? raw : raw.substring(0, bracket);
      int colon = name.indexOf(':');
      if (colon >= 0) {
        ns = prefixes.get(name.substring(0, colon));
        if (ns == null) {
          throw new IllegalArgumentException("unknown prefix in edit path " + text + ": " + name);
        }
        name = name.substring(colon + 1);
      } else if (ns == null) {
        throw new IllegalArgumentException(
            "the first step of an edit path needs a prefix: " + text);
      }
      List<Predicate> predicates = new ArrayList<>();
      String rest = bracket < 0 ? "" : raw.substring(bracket);
      while (!rest.isEmpty()) {
        int close = rest.indexOf(']');
        int eq = rest.indexOf('=');
        if (!rest.startsWith("[") || close < 0 || eq < 0 || eq > close) {
          throw new IllegalArgumentException("bad predicate in edit path " + text + ": " + rest);
        }
        String value = rest.substring(eq + 1, close);
        int port = value.indexOf("$port");
        Value v =
            port >= 0
                ? new Value.Port(value.substring(0, port), value.substring(port + "$port".length()))
                : value.equals("*") ? new Value.Any() : new Value.Literal(value);
        predicates.add(new Predicate(List.of(rest.substring(1, eq).split("/")), v));
        rest = rest.substring(close + 1);
      }
      steps.add(new Step(ns, name, predicates));
    }
    for (int i = 0; i < steps.size() - 1; i++) {
      if (steps.get(i).wildcard()) {
        throw new IllegalArgumentException("'*' is allowed in the last step only: " + text);
      }
    }
    return new EditPath(steps);
  }

  private static List<String> split(String path) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (c == '/' && depth == 0) {
        out.add(path.substring(start, i));
        start = i + 1;
      }
    }
    out.add(path.substring(start));
    return out;
  }

  boolean usesPort() {
    return steps.stream()
        .flatMap(s -> s.predicates().stream())
        .anyMatch(p -> p.value() instanceof Value.Port);
  }

  boolean wildcard() {
    return steps.get(steps.size() - 1).wildcard();
  }

  /** This path with {@code $port} replaced by {@code port}. */
  EditPath bind(String port) {
    List<Step> bound = new ArrayList<>();
    for (Step s : steps) {
      List<Predicate> ps = new ArrayList<>();
      for (Predicate p : s.predicates()) {
        ps.add(
            p.value() instanceof Value.Port at
                ? new Predicate(p.keyPath(), new Value.Literal(at.bind(port)))
                : p);
      }
      bound.add(new Step(s.ns(), s.local(), ps));
    }
    return new EditPath(bound);
  }

  /** The elements of {@code root}'s document this (bound) path selects, in document order. */
  List<Element> find(Element root) {
    List<Element> current = List.of(root);
    for (Step s : steps) {
      List<Element> next = new ArrayList<>();
      for (Element parent : current) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
          if (n instanceof Element e
              && s.local().equals(e.getLocalName())
              && s.ns().equals(e.getNamespaceURI())
              && matches(e, s)) {
            next.add(e);
          }
        }
      }
      current = next;
    }
    return current;
  }

  private static boolean matches(Element entry, Step s) {
    for (Predicate p : s.predicates()) {
      if (p.value() instanceof Value.Any) {
        continue;
      }
      Element key = SafeXml.child(entry, s.ns(), p.keyPath().toArray(String[]::new));
      if (key == null || !key.getTextContent().strip().equals(p.literal())) {
        return false;
      }
    }
    return true;
  }

  /**
   * This wildcard path with {@code *} replaced by the key values of {@code entry} (an element it
   * found).
   */
  EditPath concrete(Element entry) {
    Step last = steps.get(steps.size() - 1);
    List<Predicate> ps = new ArrayList<>();
    for (Predicate p : last.predicates()) {
      if (p.value() instanceof Value.Any) {
        Element key = SafeXml.child(entry, last.ns(), p.keyPath().toArray(String[]::new));
        ps.add(
            new Predicate(
                p.keyPath(), new Value.Literal(key == null ? "" : key.getTextContent().strip())));
      } else {
        ps.add(p);
      }
    }
    List<Step> out = new ArrayList<>(steps.subList(0, steps.size() - 1));
    out.add(new Step(last.ns(), last.local(), ps));
    return new EditPath(out);
  }

  /**
   * The path as drift findings name places: local names, each list entry by its first key value.
   */
  String label() {
    StringBuilder s = new StringBuilder();
    for (Step step : steps) {
      s.append('/').append(step.local());
      if (!step.predicates().isEmpty()) {
        s.append('[').append(step.predicates().get(0).literal()).append(']');
      }
    }
    return s.toString();
  }
}
