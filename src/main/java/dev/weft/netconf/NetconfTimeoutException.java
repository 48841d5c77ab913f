package dev.weft.netconf;

/**
 * Connect, authentication or a reply took longer than its timeout. The session is closed
 * afterwards.
 */
public final class NetconfTimeoutException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public NetconfTimeoutException(String message) {
    super(Reason.TIMEOUT, message);
  }

  public NetconfTimeoutException(String message, Throwable cause) {
    super(Reason.TIMEOUT, message, cause);
  }
}
