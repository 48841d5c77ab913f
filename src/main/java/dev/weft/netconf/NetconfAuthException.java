package dev.weft.netconf;

/**
 * The device rejected the credentials, or the key file / password variable / agent could not be
 * used.
 */
public final class NetconfAuthException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public NetconfAuthException(String message) {
    super(Reason.AUTH, message);
  }

  public NetconfAuthException(String message, Throwable cause) {
    super(Reason.AUTH, message, cause);
  }
}
