package dev.weft.netconf;

/**
 * The device could not be reached: nothing listens, the connection was reset, or the address is not
 * loopback.
 */
public final class NetconfRefusedException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public NetconfRefusedException(String message) {
    super(Reason.REFUSED, message);
  }

  public NetconfRefusedException(String message, Throwable cause) {
    super(Reason.REFUSED, message, cause);
  }
}
