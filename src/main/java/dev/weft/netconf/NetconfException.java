package dev.weft.netconf;

import java.util.Locale;

/**
 * Any failure talking to a device. The message is one user-facing line that names the device and
 * never contains a secret; {@link #reason()} classifies it for reports and exit codes.
 */
public class NetconfException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why a NETCONF exchange failed; {@link #label()} is the stable word used in reports. */
  public enum Reason {
    /** Nothing listens, the connection was reset, or the address is not allowed. */
    REFUSED,
    /** Connect, authentication, or a reply did not arrive in time. */
    TIMEOUT,
    /** The device rejected the credentials, or they could not be loaded. */
    AUTH,
    /** The device's host key is unknown or differs from known_hosts. */
    HOST_KEY,
    /** The device answered with {@code <rpc-error>}. */
    NETCONF_ERROR,
    /** A reply exceeded the configured maximum size. */
    REPLY_TOO_LARGE,
    /** The device broke the protocol: bad framing, bad XML, a DTD, a wrong message-id. */
    PROTOCOL,
    /**
     * A command run over an SSH exec channel exited with a non-zero status (or was killed by a
     * signal).
     */
    COMMAND_FAILED;

    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  private final Reason reason;

  public NetconfException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public NetconfException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
