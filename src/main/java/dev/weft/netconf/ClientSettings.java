package dev.weft.netconf;

/**
 * Settings shared by all sessions of a {@link NetconfClient}.
 *
 * @param maxReplyBytes     largest message accepted from a device; reading stops there
 * @param offerBase11       offer base:1.1 (chunked framing) in the client hello; false forces
 *                          base:1.0 end-of-message framing
 * @param allowNonLoopback  allow devices outside 127.0.0.0/8 and ::1 (off: this build only talks
 *                          to test devices on the local machine)
 */
public record ClientSettings(long maxReplyBytes, boolean offerBase11, boolean allowNonLoopback) {

    public static final long DEFAULT_MAX_REPLY_BYTES = 64L * 1024 * 1024;

    public ClientSettings {
        if (maxReplyBytes < 1024) {
            throw new IllegalArgumentException("maxReplyBytes must be at least 1024, got " + maxReplyBytes);
        }
    }

    public static ClientSettings defaults() {
        return new ClientSettings(DEFAULT_MAX_REPLY_BYTES, true, false);
    }

    public ClientSettings withMaxReplyBytes(long max) {
        return new ClientSettings(max, offerBase11, allowNonLoopback);
    }

    public ClientSettings base10Only() {
        return new ClientSettings(maxReplyBytes, false, allowNonLoopback);
    }
}
