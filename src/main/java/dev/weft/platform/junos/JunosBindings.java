package dev.weft.platform.junos;

import static dev.weft.platform.junos.JunosPack.COS;

import dev.weft.platform.SafeXml;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * The {@code class-of-service interfaces} stanza that applies to each port: the port's own, else
 * the most specific wildcard stanza that matches it ({@code et-*}, {@code et-0/0/*}: the one with
 * the most characters besides {@code *}, then by name). Junos takes an interface's own stanza
 * instead of a wildcard's, not merged with it.
 *
 * <p>A classifier applies at the interface or under a unit ({@code unit * { classifiers { dscp
 * mydscp; } }}): the interface's own, else unit 0's (the unit that carries an L3 port's traffic),
 * else unit {@code *}'s, else the first unit's.
 */
final class JunosBindings {

  private final Map<String, Element> exact = new TreeMap<>();
  private final List<Wildcard> wildcards = new ArrayList<>();

  private record Wildcard(String name, Pattern pattern, Element stanza) {}

  JunosBindings(List<Element> stanzas) {
    for (Element e : stanzas) {
      String name = SafeXml.text(e, COS, "name");
      if (name == null) {
        continue;
      }
      if (name.contains("*")) {
        wildcards.add(new Wildcard(name, glob(name), e));
      } else {
        exact.put(name, e);
      }
    }
    wildcards.sort(
        Comparator.comparingInt((Wildcard w) -> -w.name().replace("*", "").length())
            .thenComparing(Wildcard::name));
  }

  /** The stanza that applies to {@code port}, or null. */
  Element of(String port) {
    Element own = exact.get(port);
    if (own != null) {
      return own;
    }
    for (Wildcard w : wildcards) {
      if (w.pattern().matcher(port).matches()) {
        return w.stanza();
      }
    }
    return null;
  }

  /** The name of the DSCP classifier a stanza binds, at the interface or a unit; or null. */
  static String dscpClassifier(Element stanza) {
    for (Element classifiers : classifiers(stanza)) {
      String name = SafeXml.text(classifiers, COS, "dscp", "name");
      if (name != null) {
        return name;
      }
    }
    return null;
  }

  /** The name of the IEEE 802.1p classifier a stanza binds, at the interface or a unit; or null. */
  static String pcpClassifier(Element stanza) {
    for (Element classifiers : classifiers(stanza)) {
      String name = SafeXml.text(classifiers, COS, "ieee-802.1", "classifier-name");
      if (name != null) {
        return name;
      }
    }
    return null;
  }

  /** The stanza's classifiers, then its units' in the order above. */
  private static List<Element> classifiers(Element stanza) {
    List<Element> out = new ArrayList<>();
    if (stanza == null) {
      return out;
    }
    Element own = SafeXml.child(stanza, COS, "classifiers");
    if (own != null) {
      out.add(own);
    }
    List<Element> units = new ArrayList<>(SafeXml.children(stanza, COS, "unit"));
    units.sort(Comparator.comparingInt(JunosBindings::unitRank));
    for (Element unit : units) {
      Element c = SafeXml.child(unit, COS, "classifiers");
      if (c != null) {
        out.add(c);
      }
    }
    return out;
  }

  /** Unit 0 first, then {@code *}, then the others in their order (the sort is stable). */
  private static int unitRank(Element unit) {
    String name = String.valueOf(SafeXml.text(unit, COS, "name"));
    return name.equals("0") ? 0 : name.equals("*") ? 1 : 2;
  }

  /** A Junos interface wildcard: {@code *} is any run of characters, the rest is literal. */
  private static Pattern glob(String name) {
    List<String> parts = new ArrayList<>();
    for (String part : name.split("\\*", -1)) {
      parts.add(Pattern.quote(part));
    }
    return Pattern.compile(String.join(".*", parts));
  }
}
