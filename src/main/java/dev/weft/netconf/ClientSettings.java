package dev.weft.netconf;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings shared by all sessions of a {@link NetconfClient}.
 *
 * @param maxReplyBytes largest message accepted from a device; reading stops there
 * @param offerBase11 offer base:1.1 (chunked framing) in the client hello; false forces base:1.0
 *     end-of-message framing
 * @param allowNonLoopback allow devices outside 127.0.0.0/8 and ::1 (off: this build only talks to
 *     test devices on the local machine)
 * @param keepalive interval of SSH keepalive requests; a session whose peer misses three in a row
 *     is dropped. {@link Duration#ZERO} disables them. Client-wide because MINA reads it when a
 *     session is created.
 */
public record ClientSettings(
    long maxReplyBytes, boolean offerBase11, boolean allowNonLoopback, Duration keepalive) {

  public static final long DEFAULT_MAX_REPLY_BYTES = 64L * 1024 * 1024;
  public static final Duration DEFAULT_KEEPALIVE = Duration.ofSeconds(15);

  public ClientSettings {
    if (maxReplyBytes < 1024) {
      throw new IllegalArgumentException(
          "maxReplyBytes must be at least 1024, got " + maxReplyBytes);
    }
    Objects.requireNonNull(keepalive, "keepalive");
    if (keepalive.isNegative()) {
      throw new IllegalArgumentException("keepalive must not be negative, got " + keepalive);
    }
  }

  public static ClientSettings defaults() {
    return new ClientSettings(DEFAULT_MAX_REPLY_BYTES, true, false, DEFAULT_KEEPALIVE);
  }

  public ClientSettings withMaxReplyBytes(long max) {
    return new ClientSettings(max, offerBase11, allowNonLoopback, keepalive);
  }

  /** Lets the client reach devices outside loopback (production audits; tests never use it). */
  public ClientSettings allowingNonLoopback() {
    return new ClientSettings(maxReplyBytes, offerBase11, true, keepalive);
  }

  public ClientSettings base10Only() {
    return new ClientSettings(maxReplyBytes, false, allowNonLoopback, keepalive);
  }

  public ClientSettings withKeepalive(Duration interval) {
    return new ClientSettings(maxReplyBytes, offerBase11, allowNonLoopback, interval);
  }
}
