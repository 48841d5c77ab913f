package dev.weft.git;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.Text;

/**
 * The backup file format: a device's configuration as pretty-printed XML that depends only on the
 * data, so an unchanged configuration gives byte-identical files (and no commit).
 *
 * <ul>
 *   <li>two-space indentation, {@code \n} line ends, one element per line, leaf text inline;
 *   <li>element order kept as the device sent it (list order can matter in NETCONF);
 *   <li>element names unprefixed, with a default-namespace declaration where the namespace changes;
 *       prefixes that values use (identityrefs like {@code ianaift:ethernetCsmacd}) are declared on
 *       the element that needs them, even when the device declared them further up, outside the
 *       saved subtree;
 *   <li>attributes and declarations sorted; comments, processing instructions and whitespace
 *       between elements dropped.
 * </ul>
 */
public final class BackupXml {

  private static final Pattern QNAME_VALUE =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_.-]*):[A-Za-z_][A-Za-z0-9_.-]*");

  private BackupXml() {}

  /** The file for one device's configuration ({@code root} is e.g. the reply's {@code <data>}). */
  public static String render(Element root) {
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    element(out, root, 0, "", Map.of());
    return out.toString();
  }

  /**
   * Top-level trees (the children of a {@code <config>} or {@code <data>}) in the same format, one
   * after the other without the XML declaration: the audit's config diff lays a rendered file and a
   * reply side by side this way, so a difference of whitespace or prefixes is no difference.
   */
  public static String renderTrees(List<Element> trees) {
    StringBuilder out = new StringBuilder();
    for (Element e : trees) {
      element(out, e, 0, "", Map.of());
    }
    return out.toString();
  }

  private static void element(
      StringBuilder out,
      Element e,
      int depth,
      String parentDefaultNs,
      Map<String, String> parentPrefixes) {
    String ns = e.getNamespaceURI() == null ? "" : e.getNamespaceURI();
    String name = e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    Map<String, String> prefixes = new HashMap<>(parentPrefixes);
    TreeMap<String, String> declarations = new TreeMap<>();
    TreeMap<String, String> attributes = new TreeMap<>();

    NamedNodeMap attrs = e.getAttributes();
    for (int i = 0; i < attrs.getLength(); i++) {
      Attr a = (Attr) attrs.item(i);
      if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())) {
        continue; // declarations are re-derived from what is used
      }
      if (a.getNamespaceURI() != null && a.getPrefix() != null) {
        declare(a.getPrefix(), a.getNamespaceURI(), prefixes, declarations);
        attributes.put(a.getPrefix() + ":" + a.getLocalName(), a.getValue());
      } else {
        attributes.put(a.getLocalName() != null ? a.getLocalName() : a.getName(), a.getValue());
      }
    }
    List<Element> children = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c) {
        children.add(c);
      } else if (n instanceof Text t) {
        text.append(t.getData());
      }
    }
    String value = children.isEmpty() ? text.toString() : "";
    Matcher m = QNAME_VALUE.matcher(value.trim());
    if (m.matches()) {
      String uri = e.lookupNamespaceURI(m.group(1));
      if (uri != null) {
        declare(m.group(1), uri, prefixes, declarations);
      }
    }

    indent(out, depth).append('<').append(name);
    if (!ns.equals(parentDefaultNs)) {
      out.append(" xmlns=\"").append(escape(ns, true)).append('"');
    }
    declarations.forEach(
        (p, uri) ->
            out.append(" xmlns:").append(p).append("=\"").append(escape(uri, true)).append('"'));
    attributes.forEach(
        (k, v) -> out.append(' ').append(k).append("=\"").append(escape(v, true)).append('"'));
    if (children.isEmpty() && value.isEmpty()) {
      out.append("/>\n");
    } else if (children.isEmpty()) {
      out.append('>').append(escape(value, false)).append("</").append(name).append(">\n");
    } else {
      out.append(">\n");
      for (Element c : children) {
        element(out, c, depth + 1, ns, prefixes);
      }
      indent(out, depth).append("</").append(name).append(">\n");
    }
  }

  private static void declare(
      String prefix, String uri, Map<String, String> inScope, Map<String, String> here) {
    if (!uri.equals(inScope.get(prefix))) {
      inScope.put(prefix, uri);
      here.put(prefix, uri);
    }
  }

  private static StringBuilder indent(StringBuilder out, int depth) {
    return out.append("  ".repeat(depth));
  }

  private static String escape(String s, boolean attribute) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '\r' -> b.append("&#13;");
        case '"' -> b.append(attribute ? "&quot;" : "\"");
        case '\n' -> b.append(attribute ? "&#10;" : "\n");
        case '\t' -> b.append(attribute ? "&#9;" : "\t");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
