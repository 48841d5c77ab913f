package dev.weft.netconf;

import java.time.Duration;
import java.util.Objects;

/**
 * Time limits of one session. Nothing waits forever: each phase fails with reason
 * {@code timeout} when its limit passes.
 *
 * @param connect   TCP connect
 * @param auth      SSH key exchange, host-key check and authentication
 * @param rpc       opening the subsystem, the hello exchange, and each RPC reply
 * @param keepalive interval of SSH keepalive requests on an idle session; the session is
 *                  dropped after three unanswered ones. {@link Duration#ZERO} disables them.
 */
public record Timeouts(Duration connect, Duration auth, Duration rpc, Duration keepalive) {

    public Timeouts {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(rpc, "rpc");
        Objects.requireNonNull(keepalive, "keepalive");
        for (Duration d : new Duration[] {connect, auth, rpc}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeouts must be positive, got " + d);
            }
        }
        if (keepalive.isNegative()) {
            throw new IllegalArgumentException("keepalive must not be negative, got " + keepalive);
        }
    }

    /** 10 s connect, 15 s auth, 60 s per RPC, keepalive every 15 s. */
    public static Timeouts defaults() {
        return new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(15), Duration.ofSeconds(60),
                Duration.ofSeconds(15));
    }

    public Timeouts withRpc(Duration rpcTimeout) {
        return new Timeouts(connect, auth, rpcTimeout, keepalive);
    }
}
