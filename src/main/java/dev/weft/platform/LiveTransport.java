package dev.weft.platform;

import java.util.Objects;

/**
 * How a platform's running config is fetched. The pack says what to ask; {@code live} opens the
 * session (the same SSH client, host-key check, credentials and timeouts for every kind).
 */
public sealed interface LiveTransport {

  /**
   * NETCONF {@code <get-config>} of the running datastore with a subtree filter.
   *
   * @param subtreeFilter the {@code <filter type="subtree">} content: only the trees drift
   *     compares, so a device's other config (routing, users) is never transferred
   */
  record NetconfGetConfig(String subtreeFilter) implements LiveTransport {
    public NetconfGetConfig {
      Objects.requireNonNull(subtreeFilter, "subtreeFilter");
    }
  }

  /**
   * One command over an SSH {@code exec} channel whose standard output is the config (SONiC's
   * {@code show runningconfiguration all}, NVUE's {@code nv config show -o json}).
   */
  record SshCommand(String command) implements LiveTransport {
    public SshCommand {
      Objects.requireNonNull(command, "command");
    }
  }
}
