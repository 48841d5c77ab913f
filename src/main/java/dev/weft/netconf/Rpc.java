package dev.weft.netconf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Building RPC messages and checking replies (RFC 6241 §4). */
final class Rpc {

  static final String BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0";

  private Rpc() {}

  static byte[] clientHello(boolean offerBase11) {
    StringBuilder s =
        new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            .append("<hello xmlns=\"")
            .append(BASE_NS)
            .append("\"><capabilities>")
            .append("<capability>")
            .append(Hello.BASE_1_0)
            .append("</capability>");
    if (offerBase11) {
      s.append("<capability>").append(Hello.BASE_1_1).append("</capability>");
    }
    s.append("</capabilities></hello>");
    return s.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] request(long messageId, String operationXml) {
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rpc message-id=\""
            + messageId
            + "\" xmlns=\""
            + BASE_NS
            + "\">"
            + operationXml
            + "</rpc>")
        .getBytes(StandardCharsets.UTF_8);
  }

  static String getConfig(Datastore source, String subtreeFilterXml) {
    return "<get-config><source><"
        + source.element()
        + "/></source>"
        + filter(subtreeFilterXml)
        + "</get-config>";
  }

  static String get(String subtreeFilterXml) {
    return "<get>" + filter(subtreeFilterXml) + "</get>";
  }

  static String lock(Datastore target) {
    return "<lock><target><" + target.element() + "/></target></lock>";
  }

  static String unlock(Datastore target) {
    return "<unlock><target><" + target.element() + "/></target></unlock>";
  }

  /**
   * {@code <edit-config>} of {@code config} (a {@code <config>} element) with default-operation
   * merge, so only the subtrees in it change; {@code rollbackOnError} asks for all-or-nothing (RFC
   * 6241 §8.5).
   */
  static String editConfig(Datastore target, String config, boolean rollbackOnError) {
    return editConfig(target, config, rollbackOnError, false);
  }

  /**
   * As {@link #editConfig(Datastore, String, boolean)}; {@code deferValidation} sends {@code
   * <test-option>set} (RFC 6241 §8.6, needs {@code :validate}): the device stores the edit in the
   * target without its semantic checks, which the {@code <validate>} that follows then runs on the
   * whole datastore.
   */
  static String editConfig(
      Datastore target, String config, boolean rollbackOnError, boolean deferValidation) {
    checkWellFormed(config, "edit-config <config>");
    return "<edit-config><target><"
        + target.element()
        + "/></target><default-operation>merge</default-operation>"
        + (deferValidation ? "<test-option>set</test-option>" : "")
        + (rollbackOnError ? "<error-option>rollback-on-error</error-option>" : "")
        + config
        + "</edit-config>";
  }

  static String discardChanges() {
    return "<discard-changes/>";
  }

  static String validate(Datastore source) {
    return "<validate><source><" + source.element() + "/></source></validate>";
  }

  static String commit() {
    return "<commit/>";
  }

  /**
   * A confirmed commit (RFC 6241 §8.4): the device reverts unless a confirming commit follows
   * within {@code timeoutSeconds}. With {@code persist} (confirmed-commit:1.1) it survives the
   * session and only the commit or cancel-commit naming that token ends it; without, closing the
   * session reverts it.
   */
  static String commitConfirmed(long timeoutSeconds, String persist) {
    if (timeoutSeconds < 1 || timeoutSeconds > 0xffffffffL) {
      throw new IllegalArgumentException(
          "confirm-timeout must be 1.." + 0xffffffffL + " s, got " + timeoutSeconds);
    }
    return "<commit><confirmed/><confirm-timeout>"
        + timeoutSeconds
        + "</confirm-timeout>"
        + (persist == null ? "" : "<persist>" + token(persist) + "</persist>")
        + "</commit>";
  }

  /**
   * The confirming commit; with {@code persistId} it fails unless that confirmed commit is still
   * pending.
   */
  static String confirmCommit(String persistId) {
    return persistId == null
        ? commit()
        : "<commit><persist-id>" + token(persistId) + "</persist-id></commit>";
  }

  static String cancelCommit(String persistId) {
    return persistId == null
        ? "<cancel-commit/>"
        : "<cancel-commit><persist-id>" + token(persistId) + "</persist-id></cancel-commit>";
  }

  /** A persist token goes into XML as is, so it is limited to characters that need no escaping. */
  private static String token(String persist) {
    if (!persist.matches("[A-Za-z0-9._-]{1,128}")) {
      throw new IllegalArgumentException(
          "a persist token is 1..128 of [A-Za-z0-9._-], got '" + persist + "'");
    }
    return persist;
  }

  /**
   * A read of the running datastore that selects nothing (RFC 6241 §6.4.2: an empty filter selects
   * nothing), so any server answers it at once with empty data.
   */
  static final String SELECTS_NOTHING =
      "<get-config><source><running/></source><filter type=\"subtree\"/></get-config>";

  static String closeSession() {
    return "<close-session/>";
  }

  private static String filter(String subtreeFilterXml) {
    if (subtreeFilterXml == null || subtreeFilterXml.isBlank()) {
      return "";
    }
    checkWellFormed(subtreeFilterXml, "subtree filter");
    return "<filter type=\"subtree\">" + subtreeFilterXml + "</filter>";
  }

  /** Rejects caller XML that would break the request (or smuggle a DTD) before it is sent. */
  static void checkWellFormed(String fragment, String what) {
    byte[] wrapped = ("<w>" + fragment + "</w>").getBytes(StandardCharsets.UTF_8);
    try {
      SecureXml.parse(wrapped);
    } catch (SecureXml.RejectedXmlException e) {
      throw new IllegalArgumentException(what + " is not well-formed XML: " + e.getMessage(), e);
    }
  }

  /** Checks a parsed reply: an {@code <rpc-reply>} with the expected message-id. */
  static void checkReply(Document reply, long messageId) throws WrongReplyException {
    Element root = reply.getDocumentElement();
    if (!"rpc-reply".equals(root.getLocalName()) || !BASE_NS.equals(root.getNamespaceURI())) {
      throw new WrongReplyException(
          "expected <rpc-reply>, got <"
              + root.getLocalName()
              + "> in namespace "
              + root.getNamespaceURI());
    }
    String id = root.getAttribute("message-id");
    if (!String.valueOf(messageId).equals(id)) {
      throw new WrongReplyException(
          "reply has message-id '" + id + "', expected '" + messageId + "'");
    }
  }

  /** Every {@code <rpc-error>} directly under the reply root, in order. */
  static List<RpcError> errors(Document reply) {
    List<RpcError> out = new ArrayList<>();
    for (Node n = reply.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e
          && "rpc-error".equals(e.getLocalName())
          && BASE_NS.equals(e.getNamespaceURI())) {
        out.add(
            new RpcError(
                child(e, "error-type"),
                child(e, "error-tag"),
                child(e, "error-severity"),
                child(e, "error-app-tag"),
                child(e, "error-path"),
                child(e, "error-message")));
      }
    }
    return out;
  }

  private static String child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(e.getLocalName())) {
        return e.getTextContent().trim();
      }
    }
    return "";
  }

  static final class WrongReplyException extends Exception {
    private static final long serialVersionUID = 1L;

    WrongReplyException(String message) {
      super(message);
    }
  }
}
