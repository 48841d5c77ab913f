package dev.weft.netconf;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How device host keys are checked. A key that differs from known_hosts is always refused.
 *
 * @param knownHosts OpenSSH known_hosts file ({@code [host]:port keytype base64})
 * @param acceptNewKeys on first contact with a host that has no entry, trust its key and append it
 *     to {@code knownHosts} (the {@code --accept-new-host-keys} option); false refuses unknown
 *     hosts
 */
public record HostKeyPolicy(Path knownHosts, boolean acceptNewKeys) {

  public HostKeyPolicy {
    Objects.requireNonNull(knownHosts, "knownHosts");
  }

  public static HostKeyPolicy strict(Path knownHosts) {
    return new HostKeyPolicy(knownHosts, false);
  }

  public static HostKeyPolicy acceptNew(Path knownHosts) {
    return new HostKeyPolicy(knownHosts, true);
  }
}
