package dev.weft.platform;

import dev.weft.xml.HardenedXml;
import dev.weft.xml.XmlRejectedException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * Device replies as the platform packs read them: parsed by the one hardened parser ({@link
 * HardenedXml}: no DOCTYPE, so a reply can neither read local files nor blow up memory), a fault
 * reported as a {@link ReadException} naming what was read and where; and the DOM walks the readers
 * share.
 */
public final class SafeXml {
  private SafeXml() {}

  public static Document parse(String xml, String what) throws ReadException {
    try {
      return HardenedXml.parse(new InputSource(new StringReader(xml)));
    } catch (XmlRejectedException e) {
      throw new ReadException(
          what + (e.line() > 0 ? ":" + e.line() + ":" + e.column() : "") + ": " + e.getMessage());
    }
  }

  /** The NETCONF base namespace. */
  public static final String NETCONF = "urn:ietf:params:xml:ns:netconf:base:1.0";

  /**
   * The NETCONF {@code <config>} (a rendered payload) or {@code <data>} (of a {@code <get-config>}
   * {@code <rpc-reply>}) element of {@code xml}, whose children are the vendor's top-level trees.
   */
  public static Element configOrData(String xml, String what) throws ReadException {
    Element root = parse(xml, what).getDocumentElement();
    Element top = root;
    if (NETCONF.equals(root.getNamespaceURI()) && "rpc-reply".equals(root.getLocalName())) {
      top = child(root, NETCONF, "data");
      if (top == null) {
        throw new ReadException(what + ": expected <data> in the <rpc-reply>, found none");
      }
    }
    if (!NETCONF.equals(top.getNamespaceURI())
        || !("config".equals(top.getLocalName()) || "data".equals(top.getLocalName()))) {
      throw new ReadException(
          what
              + ": expected a NETCONF <config> or <data> element, found <"
              + root.getLocalName()
              + ">");
    }
    return top;
  }

  /** Child elements of {@code parent} with this namespace and local name, in document order. */
  public static List<Element> children(Element parent, String ns, String local) {
    List<Element> out = new ArrayList<>();
    if (parent == null) {
      return out;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e
          && local.equals(e.getLocalName())
          && ns.equals(e.getNamespaceURI())) {
        out.add(e);
      }
    }
    return out;
  }

  /** The first child element on a path of local names, all in one namespace; null when absent. */
  public static Element child(Element parent, String ns, String... path) {
    Element current = parent;
    for (String local : path) {
      List<Element> found = children(current, ns, local);
      if (found.isEmpty()) {
        return null;
      }
      current = found.get(0);
    }
    return current;
  }

  /** The trimmed text of a child on a path, or null. */
  public static String text(Element parent, String ns, String... path) {
    Element e = child(parent, ns, path);
    return e == null ? null : e.getTextContent().strip();
  }
}
