package dev.weft.netconf;

/**
 * The device's host key is not in known_hosts, or differs from it. The message carries the SHA256
 * fingerprint.
 */
public final class HostKeyException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public HostKeyException(String message) {
    super(Reason.HOST_KEY, message);
  }

  public HostKeyException(String message, Throwable cause) {
    super(Reason.HOST_KEY, message, cause);
  }
}
