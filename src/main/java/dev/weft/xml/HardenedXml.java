package dev.weft.xml;

import java.io.IOException;
import java.io.StringWriter;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The JDK XML parser with everything that can reach outside the document switched off. Input from a
 * device is untrusted: a DOCTYPE is refused outright (so no internal entity can expand, and no
 * external DTD or entity is ever read), XInclude is off, elements nest at most {@link #MAX_DEPTH}
 * deep, and the parser prints nothing on errors.
 */
public final class HardenedXml {

  /**
   * Deepest element nesting read (a config nests about 15 levels): the DOM's own walks, such as
   * {@code getTextContent}, recurse per level, so a deeper document is refused before it overflows
   * the stack.
   */
  public static final int MAX_DEPTH = 256;

  private HardenedXml() {}

  /** Parses one namespace-aware document. */
  public static Document parse(InputSource input) throws XmlRejectedException {
    try {
      DocumentBuilder builder = factory().newDocumentBuilder();
      builder.setErrorHandler(THROWING);
      builder.setEntityResolver(
          (publicId, systemId) -> {
            throw new SAXException("external entities are not allowed");
          });
      return builder.parse(input);
    } catch (SAXParseException e) {
      String message = oneLine(e.getMessage());
      return rethrow(message, e.getLineNumber(), e.getColumnNumber(), message.contains("DOCTYPE"));
    } catch (SAXException e) {
      return rethrow(oneLine(e.getMessage()), -1, -1, false);
    } catch (IOException e) {
      return rethrow("cannot read the XML: " + oneLine(e.getMessage()), -1, -1, false);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
    }
  }

  private static Document rethrow(String message, int line, int column, boolean doctype)
      throws XmlRejectedException {
    throw new XmlRejectedException(message, line, column, doctype);
  }

  /** Serialises a node as UTF-8 XML without declaration (for messages and string results). */
  public static String toXml(Node node) {
    try {
      TransformerFactory tf = TransformerFactory.newInstance();
      tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
      Transformer t = tf.newTransformer();
      t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      StringWriter w = new StringWriter();
      t.transform(new DOMSource(node), new StreamResult(w));
      return w.toString();
    } catch (TransformerException e) {
      throw new IllegalStateException("cannot serialise XML: " + e.getMessage(), e);
    }
  }

  private static DocumentBuilderFactory factory() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setAttribute("jdk.xml.maxElementDepth", String.valueOf(MAX_DEPTH));
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    return f;
  }

  private static String oneLine(String text) {
    return text == null ? "not well-formed XML" : text.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  private static final ErrorHandler THROWING =
      new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
          // warnings are not errors; the default handler would print them
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      };
}
