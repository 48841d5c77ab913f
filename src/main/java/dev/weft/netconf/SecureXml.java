package dev.weft.netconf;

import java.io.ByteArrayInputStream;
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
 * XML parsing for messages from devices. A device is untrusted input: a DOCTYPE is refused
 * outright (no internal entities, no external DTD or entity is ever read), XInclude is off,
 * elements nest at most {@link #MAX_DEPTH} deep (the DOM's own walks, such as
 * {@code getTextContent}, recurse per level), and the parser prints nothing on errors.
 */
final class SecureXml {

    /**
     * Deepest element nesting accepted in a message. A NETCONF reply of OpenConfig or vendor config nests
     * about 15 levels; a hello 3. Without a bound, a deeply nested hello crashed the DOM walk with a stack overflow.
     */
    static final int MAX_DEPTH = 256;

    private SecureXml() {
    }

    /** Thrown for a DOCTYPE or malformed XML; the message is one line without document content. */
    static final class RejectedXmlException extends Exception {
        private static final long serialVersionUID = 1L;

        RejectedXmlException(String message) {
            super(message);
        }
    }

    static Document parse(byte[] xml) throws RejectedXmlException {
        try {
            DocumentBuilder builder = newFactory().newDocumentBuilder();
            builder.setErrorHandler(THROWING);
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entity refused");
            });
            return builder.parse(new InputSource(new ByteArrayInputStream(xml)));
        } catch (SAXParseException e) {
            String m = String.valueOf(e.getMessage());
            if (m.contains("DOCTYPE")) {
                throw new RejectedXmlException("the message contains a DOCTYPE (DTD), which is refused;"
                        + " nothing in it was expanded");
            }
            throw new RejectedXmlException("malformed XML at line " + e.getLineNumber() + ", column "
                    + e.getColumnNumber() + ": " + m);
        } catch (SAXException e) {
            throw new RejectedXmlException("XML refused: " + e.getMessage());
        } catch (IOException e) {
            // reading a byte array fails only on the bytes themselves: an invalid UTF-8 sequence
            throw new RejectedXmlException("the message is not well-formed text: " + e.getMessage());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("XML parser unavailable: " + e.getMessage(), e);
        }
    }

    private static DocumentBuilderFactory newFactory() throws ParserConfigurationException {
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

    private static final ErrorHandler THROWING = new ErrorHandler() {
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

    /** Serialises a node as UTF-8 XML without declaration (for messages and string results). */
    static String toXml(Node node) {
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
}
