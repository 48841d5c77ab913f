package dev.weft.platform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The {@code <config>} of one edit, built from paths: list entries are addressed by their keys,
 * subtrees are copied from the rendered config with an {@code nc:operation}, and one path shared by
 * several parts is written once. Written deterministically, two spaces per level, each namespace
 * declared where it changes.
 */
final class EditTree {

  static final String NC = "urn:ietf:params:xml:ns:netconf:base:1.0";
  private static final Pattern PREFIXED_VALUE =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_.-]*):[^\\s]+$");

  /**
   * One element of the edit: an address (ancestor or key), a subtree copied from the rendered
   * config, or a removal.
   */
  private static final class Item {
    final String ns;
    final String local;
    final Map<String, Item> children = new LinkedHashMap<>();
    String text;
    Element copy;
    Remediation.Operation operation;

    Item(String ns, String local) {
      this.ns = ns;
      this.local = local;
    }

    Item child(String identity, String ns, String local) {
      return children.computeIfAbsent(identity, k -> new Item(ns, local));
    }
  }

  private final Item root = new Item(NC, "config");

  boolean isEmpty() {
    return root.children.isEmpty();
  }

  /** Sends {@code source} (the rendered element at {@code path}) with {@code operation}. */
  void put(EditPath path, Element source, Remediation.Operation operation) {
    Item target = address(path, true);
    if (target == null) {
      return; // an ancestor is already sent whole, which covers this
    }
    target.children.clear();
    target.copy = source;
    target.operation = operation;
  }

  /** Removes what the device has at {@code path} (nothing when it has nothing there). */
  void remove(EditPath path) {
    Item target = address(path, false);
    if (target == null || target.copy != null) {
      return;
    }
    target.children.clear();
    target.operation = Remediation.Operation.REMOVE;
  }

  /**
   * The item at {@code path}, creating its ancestors and their keys; null when an ancestor is
   * already copied or removed whole. Ancestors get every predicate (OpenConfig's {@code
   * config/<key>} copy too: merging an entry the device lacks creates it, and creating one needs
   * that); an entry that is itself removed ({@code fullKeys} false) is addressed by its direct keys
   * only.
   */
  private Item address(EditPath path, boolean fullKeys) {
    Item at = root;
    List<EditPath.Step> steps = path.steps();
    for (int i = 0; i < steps.size(); i++) {
      EditPath.Step s = steps.get(i);
      if (at.copy != null || at.operation == Remediation.Operation.REMOVE) {
        return null;
      }
      Item next = at.child(s.identity(), s.ns(), s.local());
      boolean last = i == steps.size() - 1;
      for (EditPath.Predicate p : s.predicates()) {
        if (!fullKeys && last && p.keyPath().size() > 1) {
          continue; // the entry removed is addressed by its direct keys
        }
        Item key = next;
        for (String local : p.keyPath()) {
          key = key.child("{" + s.ns() + "}" + local, s.ns(), local);
        }
        key.text = p.literal();
      }
      at = next;
    }
    return at;
  }

  /** The {@code <config>} element, declaring the {@code nc} prefix its operations use. */
  String xml() {
    StringBuilder out = new StringBuilder();
    out.append("<config xmlns=\"").append(NC).append("\" xmlns:nc=\"").append(NC).append("\">\n");
    for (Item child : root.children.values()) {
      write(child, 1, NC, out);
    }
    return out.append("</config>\n").toString();
  }

  private static void write(Item item, int depth, String parentNs, StringBuilder out) {
    if (item.copy != null) {
      copy(item.copy, depth, parentNs, item.operation, new LinkedHashSet<>(), out);
      return;
    }
    indent(out, depth).append('<').append(item.local);
    if (!item.ns.equals(parentNs)) {
      out.append(" xmlns=\"").append(escape(item.ns, true)).append('"');
    }
    if (item.operation != null) {
      out.append(" nc:operation=\"").append(item.operation.word()).append('"');
    }
    if (item.text != null) {
      out.append('>')
          .append(escape(item.text, false))
          .append("</")
          .append(item.local)
          .append(">\n");
    } else if (item.children.isEmpty()) {
      out.append("/>\n");
    } else {
      out.append(">\n");
      for (Item child : item.children.values()) {
        write(child, depth + 1, item.ns, out);
      }
      indent(out, depth).append("</").append(item.local).append(">\n");
    }
  }

  /**
   * Writes a rendered element and what it holds. Prefix declarations it carries are kept; a prefix
   * its value uses but an ancestor outside the copy declared (an identityref such as {@code
   * oc-eth:SPEED_400GB}) is declared on the element itself, so the copy means what the rendered
   * config meant.
   */
  private static void copy(
      Element e,
      int depth,
      String parentNs,
      Remediation.Operation operation,
      Set<String> declared,
      StringBuilder out) {
    String ns = e.getNamespaceURI() == null ? "" : e.getNamespaceURI();
    String local = e.getLocalName();
    indent(out, depth).append('<').append(local);
    if (!ns.equals(parentNs)) {
      out.append(" xmlns=\"").append(escape(ns, true)).append('"');
    }
    Set<String> inScope = new LinkedHashSet<>(declared);
    NamedNodeMap attrs = e.getAttributes();
    List<Attr> kept = new ArrayList<>();
    for (int i = 0; i < attrs.getLength(); i++) {
      Attr a = (Attr) attrs.item(i);
      if ("xmlns".equals(a.getPrefix())) {
        kept.add(a);
        inScope.add(a.getLocalName());
      } else if (a.getNamespaceURI() == null && !"xmlns".equals(a.getName())) {
        kept.add(a);
      }
    }
    kept.sort((a, b) -> a.getName().compareTo(b.getName()));
    for (Attr a : kept) {
      out.append(' ')
          .append(a.getName())
          .append("=\"")
          .append(escape(a.getValue(), true))
          .append('"');
    }
    if (operation != null) {
      out.append(" nc:operation=\"").append(operation.word()).append('"');
    }
    List<Element> children = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c) {
        children.add(c);
      }
    }
    if (children.isEmpty()) {
      String text = e.getTextContent().strip();
      Matcher m = PREFIXED_VALUE.matcher(text);
      if (m.matches() && !inScope.contains(m.group(1))) {
        String uri = e.lookupNamespaceURI(m.group(1));
        if (uri != null) {
          out.append(" xmlns:")
              .append(m.group(1))
              .append("=\"")
              .append(escape(uri, true))
              .append('"');
        }
      }
      if (text.isEmpty()) {
        out.append("/>\n");
      } else {
        out.append('>').append(escape(text, false)).append("</").append(local).append(">\n");
      }
      return;
    }
    out.append(">\n");
    for (Element c : children) {
      copy(c, depth + 1, ns, null, inScope, out);
    }
    indent(out, depth).append("</").append(local).append(">\n");
  }

  private static StringBuilder indent(StringBuilder out, int depth) {
    return out.append("  ".repeat(depth));
  }

  static String escape(String text, boolean attribute) {
    StringBuilder s = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> s.append("&amp;");
        case '<' -> s.append("&lt;");
        case '>' -> s.append("&gt;");
        case '"' -> s.append(attribute ? "&quot;" : "\"");
        default -> s.append(c);
      }
    }
    return s.toString();
  }
}
