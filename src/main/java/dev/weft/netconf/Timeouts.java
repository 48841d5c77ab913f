package dev.weft.netconf;

import java.time.Duration;
import java.util.Objects;

/**
 * Time limits of one session. Nothing waits forever: each phase fails with reason {@code timeout}
 * when its limit passes.
 *
 * @param connect TCP connect
 * @param auth SSH key exchange, host-key check and authentication
 * @param rpc opening the subsystem, the hello exchange, and each RPC reply
 */
public record Timeouts(Duration connect, Duration auth, Duration rpc) {

  public Timeouts {
    Objects.requireNonNull(connect, "connect");
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(rpc, "rpc");
    for (Duration d : new Duration[] {connect, auth, rpc}) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("timeouts must be positive, got " + d);
      }
    }
  }

  /** 10 s connect, 15 s auth, 60 s per RPC. */
  public static Timeouts defaults() {
    return new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(15), Duration.ofSeconds(60));
  }

  /** The same limit for every phase, e.g. from {@code --timeout 30s}. */
  public static Timeouts all(Duration limit) {
    return new Timeouts(limit, limit, limit);
  }

  public Timeouts withRpc(Duration rpcTimeout) {
    return new Timeouts(connect, auth, rpcTimeout);
  }
}
