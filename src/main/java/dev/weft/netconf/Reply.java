package dev.weft.netconf;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A successful {@code <rpc-reply>}: the parsed document (untrusted content, parsed with DTDs
 * refused), the raw text as received, and any warning-severity errors it carried.
 */
public record Reply(Document document, byte[] raw, List<RpcError> warnings) {

  public Reply {
    raw = raw.clone();
    warnings = List.copyOf(warnings);
  }

  @Override
  public byte[] raw() {
    return raw.clone();
  }

  /** The reply exactly as the device sent it (UTF-8). */
  public String text() {
    return new String(raw, StandardCharsets.UTF_8);
  }

  /** The {@code <data>} element of a get/get-config reply, or null for other replies. */
  public Element data() {
    for (Node n = document.getDocumentElement().getFirstChild();
        n != null;
        n = n.getNextSibling()) {
      if (n instanceof Element e
          && "data".equals(e.getLocalName())
          && Rpc.BASE_NS.equals(e.getNamespaceURI())) {
        return e;
      }
    }
    return null;
  }

  /** True for an {@code <ok/>} reply. */
  public boolean isOk() {
    for (Node n = document.getDocumentElement().getFirstChild();
        n != null;
        n = n.getNextSibling()) {
      if (n instanceof Element e
          && "ok".equals(e.getLocalName())
          && Rpc.BASE_NS.equals(e.getNamespaceURI())) {
        return true;
      }
    }
    return false;
  }
}
