package dev.weft.netconf;

/**
 * One {@code <rpc-error>} of a reply (RFC 6241 §4.3). Absent elements are empty strings.
 *
 * @param type error-type: transport, rpc, protocol or application
 * @param tag error-tag, e.g. invalid-value, data-missing, lock-denied
 * @param severity error-severity: error or warning
 * @param appTag error-app-tag
 * @param path error-path (an XPath into the request)
 * @param message error-message
 */
public record RpcError(
    String type, String tag, String severity, String appTag, String path, String message) {

  public RpcError {
    type = type == null ? "" : type;
    tag = tag == null ? "" : tag;
    severity = severity == null ? "" : severity;
    appTag = appTag == null ? "" : appTag;
    path = path == null ? "" : path;
    message = message == null ? "" : message;
  }

  public boolean isError() {
    return !"warning".equals(severity);
  }

  /** One line: {@code invalid-value at /path: message}. */
  public String summary() {
    StringBuilder s = new StringBuilder(tag.isEmpty() ? "error" : tag);
    if (!path.isEmpty()) {
      s.append(" at ").append(path);
    }
    if (!message.isEmpty()) {
      s.append(": ").append(message);
    }
    return s.toString();
  }
}
