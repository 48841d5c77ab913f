package dev.weft.platform;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The JDK XML parser with everything that can reach outside the document switched off: a DOCTYPE is
 * refused outright (no DTDs, no external or recursive entities, no XInclude), so a device reply can
 * neither read local files nor blow up memory.
 */
public final class SafeXml {
    private SafeXml() {}

    public static Document parse(String xml, String what) throws ReadException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entities are not allowed");
            });
            return builder.parse(new InputSource(new StringReader(xml)));
        } catch (SAXParseException e) {
            throw new ReadException(what + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + oneLine(e.getMessage()));
        } catch (SAXException | IOException e) {
            throw new ReadException(what + ": " + oneLine(e.getMessage()));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
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
            throw new ReadException(what + ": expected a NETCONF <config> or <data> element, found <"
                    + root.getLocalName() + ">");
        }
        return top;
    }

    private static String oneLine(String text) {
        return text == null ? "not well-formed XML" : text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Child elements of {@code parent} with this namespace and local name, in document order. */
    public static List<Element> children(Element parent, String ns, String local) {
        List<Element> out = new ArrayList<>();
        if (parent == null) {
            return out;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && local.equals(e.getLocalName()) && ns.equals(e.getNamespaceURI())) {
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
