package dev.weft.netconf;

/**
 * The device broke the protocol: bad framing, malformed XML, a DTD, or a reply to another
 * message-id.
 */
public final class NetconfProtocolException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public NetconfProtocolException(String message) {
    super(Reason.PROTOCOL, message);
  }

  public NetconfProtocolException(String message, Throwable cause) {
    super(Reason.PROTOCOL, message, cause);
  }
}
