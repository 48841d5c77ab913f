package dev.weft.netconf;

import dev.weft.xml.HardenedXml;
import dev.weft.xml.XmlRejectedException;
import java.io.ByteArrayInputStream;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * NETCONF messages through the one hardened parser ({@link HardenedXml}), with the session's
 * wording for what it refused: a device is untrusted input.
 */
final class SecureXml {

  private SecureXml() {}

  /** Thrown for a DOCTYPE or malformed XML; the message is one line without document content. */
  static final class RejectedXmlException extends Exception {
    private static final long serialVersionUID = 1L;

    RejectedXmlException(String message) {
      super(message);
    }
  }

  static Document parse(byte[] xml) throws RejectedXmlException {
    try {
      return HardenedXml.parse(new InputSource(new ByteArrayInputStream(xml)));
    } catch (XmlRejectedException e) {
      if (e.doctype()) {
        throw new RejectedXmlException(
            "the message contains a DOCTYPE (DTD), which is refused;"
                + " nothing in it was expanded");
      }
      throw new RejectedXmlException(
          e.line() > 0
              ? "malformed XML at line "
                  + e.line()
                  + ", column "
                  + e.column()
                  + ": "
                  + e.getMessage()
              : "XML refused: " + e.getMessage());
    }
  }

  /** Serialises a node as UTF-8 XML without declaration (for messages and string results). */
  static String toXml(Node node) {
    return HardenedXml.toXml(node);
  }
}
