package dev.weft.netconf;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The server's {@code <hello>}: its session-id and capabilities (sorted, so output built from them
 * is deterministic).
 */
public record Hello(long sessionId, SortedSet<String> capabilities) {

  public static final String BASE_1_0 = "urn:ietf:params:netconf:base:1.0";
  public static final String BASE_1_1 = "urn:ietf:params:netconf:base:1.1";

  /** RFC 6241 §8.3: edits go to a candidate datastore and take effect with {@code <commit>}. */
  public static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate:1.0";

  /** RFC 4741 confirmed commit (session-bound; no persist, no cancel-commit). */
  public static final String CONFIRMED_COMMIT_1_0 =
      "urn:ietf:params:netconf:capability:confirmed-commit:1.0";

  /**
   * RFC 6241 §8.4 confirmed commit with {@code persist}, {@code persist-id} and {@code
   * cancel-commit}.
   */
  public static final String CONFIRMED_COMMIT_1_1 =
      "urn:ietf:params:netconf:capability:confirmed-commit:1.1";

  public static final String VALIDATE_1_0 = "urn:ietf:params:netconf:capability:validate:1.0";
  public static final String VALIDATE_1_1 = "urn:ietf:params:netconf:capability:validate:1.1";
  public static final String ROLLBACK_ON_ERROR =
      "urn:ietf:params:netconf:capability:rollback-on-error:1.0";

  /** Most capabilities read from a hello (a large vendor image lists a few thousand modules). */
  static final int MAX_CAPABILITIES = 20_000;

  public Hello {
    capabilities = Collections.unmodifiableSortedSet(new TreeSet<>(capabilities));
  }

  public boolean supports(String capability) {
    return capabilities.contains(capability);
  }

  /** Does the server list a capability that starts with this URI (ignoring its parameters)? */
  public boolean supportsPrefix(String uri) {
    for (String c : capabilities) {
      if (c.equals(uri) || c.startsWith(uri + "?")) {
        return true;
      }
    }
    return false;
  }

  /** Parses a server hello; a hello without session-id or base capability is a protocol error. */
  static Hello parse(Document doc) throws MalformedHelloException {
    Element root = doc.getDocumentElement();
    if (!"hello".equals(root.getLocalName()) || !Rpc.BASE_NS.equals(root.getNamespaceURI())) {
      throw new MalformedHelloException(
          "expected <hello> in " + Rpc.BASE_NS + ", got <" + root.getLocalName() + ">");
    }
    TreeSet<String> caps = new TreeSet<>();
    Long sessionId = null;
    for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element e) || !Rpc.BASE_NS.equals(e.getNamespaceURI())) {
        continue;
      }
      if ("capabilities".equals(e.getLocalName())) {
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
          if (c instanceof Element ce && "capability".equals(ce.getLocalName())) {
            if (caps.size() >= MAX_CAPABILITIES) {
              throw new MalformedHelloException(
                  "the server hello lists more than "
                      + MAX_CAPABILITIES
                      + " capabilities (limit: capabilities per hello)");
            }
            String v = ce.getTextContent().trim();
            if (!v.isEmpty()) {
              caps.add(v);
            }
          }
        }
      } else if ("session-id".equals(e.getLocalName())) {
        String v = e.getTextContent().trim();
        try {
          sessionId = Long.parseLong(v);
        } catch (NumberFormatException ex) {
          throw new MalformedHelloException("session-id is not a number: '" + v + "'");
        }
        if (sessionId < 1) {
          throw new MalformedHelloException("session-id must be positive, got " + v);
        }
      }
    }
    if (sessionId == null) {
      throw new MalformedHelloException("the server hello has no <session-id>");
    }
    if (!caps.contains(BASE_1_0) && !caps.contains(BASE_1_1)) {
      throw new MalformedHelloException("the server hello lists neither base:1.0 nor base:1.1");
    }
    return new Hello(sessionId, caps);
  }

  static final class MalformedHelloException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedHelloException(String message) {
      super(message);
    }
  }
}
