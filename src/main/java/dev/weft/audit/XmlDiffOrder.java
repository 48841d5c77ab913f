package dev.weft.audit;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Puts both sides of a NETCONF config diff in one order and one spelling, so the diff shows what
 * differs and not how each side writes it: a device answers in its YANG model's schema order and
 * writes decimal64 values in its own precision ({@code 0.4}), while the rendered file has the
 * template's order and spelling ({@code 0.40}). Children are sorted by namespace and name (stable:
 * list entries, which share a name, keep their order) and a decimal leaf is written by value. Both
 * trees are ones {@link ConfigDiffs} parsed for the diff alone, so they are changed in place; the
 * backup keeps the device's own order.
 */
final class XmlDiffOrder {

  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+");
  private static final Comparator<Element> BY_NAME =
      Comparator.comparing((Element e) -> e.getNamespaceURI() == null ? "" : e.getNamespaceURI())
          .thenComparing(e -> e.getLocalName() == null ? e.getTagName() : e.getLocalName());

  private XmlDiffOrder() {}

  static void canonicalise(Element e) {
    List<Element> children = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        children.add(child);
      }
    }
    if (children.isEmpty()) {
      String text = e.getTextContent().strip();
      if (DECIMAL.matcher(text).matches()) {
        e.setTextContent(new BigDecimal(text).stripTrailingZeros().toPlainString());
      }
      return;
    }
    children.sort(BY_NAME); // List.sort is stable
    for (Element child : children) {
      canonicalise(child);
      e.appendChild(child); // re-appending moves it: the children end in sorted order
    }
  }
}
