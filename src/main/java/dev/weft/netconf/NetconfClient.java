package dev.weft.netconf;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;

/**
 * Opens NETCONF sessions over SSH (Apache MINA SSHD), and command sessions ({@link CommandSession})
 * for platforms read by a command rather than NETCONF. One client can open many sessions, from many
 * threads; close it when done. Nothing from the user's {@code ~/.ssh} is used: host keys come from
 * the given known_hosts file and identities from the given {@link Credentials}.
 */
public final class NetconfClient implements AutoCloseable {

  private static final int KEEPALIVE_MAX_MISSED = 3;

  private final SshClient ssh;
  private final ClientSettings settings;
  private final Function<String, String> environment;
  private final SshAgentSupport agentSupport;

  /**
   * @param settings reply limit, framing offer, address policy
   * @param environment where password variables are read (normally {@code System::getenv})
   */
  public NetconfClient(ClientSettings settings, Function<String, String> environment) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.environment = Objects.requireNonNull(environment, "environment");
    this.ssh = SshClient.setUpDefaultClient();
    ssh.setServerKeyVerifier(new HostKeyCheck.Verifier());
    ssh.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
    ssh.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
    this.agentSupport = new SshAgentSupport(environment);
    ssh.setAgentFactory(agentSupport.factory());
    // Keepalive: an idle session to a dead peer is noticed and dropped.
    if (!settings.keepalive().isZero()) {
      CoreModuleProperties.HEARTBEAT_INTERVAL.set(ssh, settings.keepalive());
      CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(ssh, KEEPALIVE_MAX_MISSED);
    }
    ssh.start();
  }

  /** Default settings, passwords from the process environment. */
  public static NetconfClient create() {
    return new NetconfClient(ClientSettings.defaults(), System::getenv);
  }

  public ClientSettings settings() {
    return settings;
  }

  /**
   * Connects, verifies the host key, authenticates, opens the {@code netconf} subsystem and
   * exchanges hellos.
   */
  public NetconfSession connect(
      DeviceEndpoint endpoint, Credentials credentials, HostKeyPolicy hostKeys, Timeouts timeouts)
      throws NetconfException {
    String where = endpoint.label();
    ClientSession session = login(endpoint, credentials, hostKeys, timeouts);
    try {
      ChannelSubsystem channel = session.createSubsystemChannel("netconf");
      channel.setErr(OutputStream.nullOutputStream());
      OpenFuture open = channel.open();
      if (!open.await(timeouts.rpc())) {
        throw new NetconfTimeoutException(
            where
                + ": the netconf subsystem did not open within "
                + NetconfSession.seconds(timeouts.rpc()));
      }
      if (!open.isOpened()) {
        throw new NetconfProtocolException(
            where
                + ": the device refused the netconf SSH subsystem: "
                + (open.getException() == null
                    ? "no reason given"
                    : open.getException().getMessage()));
      }
      NetconfSession netconf = NetconfSession.start(endpoint, session, channel, settings, timeouts);
      session = null; // owned by the NETCONF session now
      return netconf;
    } catch (InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw new NetconfTimeoutException(where + ": interrupted while connecting");
    } catch (IOException e) {
      throw refused(where, e);
    } finally {
      if (session != null) {
        session.close(true);
      }
    }
  }

  /**
   * Connects, verifies the host key and authenticates, for platforms read by running a command over
   * an SSH {@code exec} channel (SONiC's {@code show runningconfiguration all}, NVUE's {@code nv
   * config show}): the same address policy, host-key check, credentials, timeouts and failure
   * reasons as NETCONF.
   */
  public CommandSession openCommands(
      DeviceEndpoint endpoint, Credentials credentials, HostKeyPolicy hostKeys, Timeouts timeouts)
      throws NetconfException {
    return new CommandSession(
        endpoint, login(endpoint, credentials, hostKeys, timeouts), settings, timeouts);
  }

  /** An authenticated SSH session whose host key was checked; the caller closes it. */
  private ClientSession login(
      DeviceEndpoint endpoint, Credentials credentials, HostKeyPolicy hostKeys, Timeouts timeouts)
      throws NetconfException {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(credentials, "credentials");
    Objects.requireNonNull(hostKeys, "hostKeys");
    Objects.requireNonNull(timeouts, "timeouts");
    String where = endpoint.label();
    checkAddress(endpoint);
    Identity identity = identity(where, credentials);

    HostKeyCheck check = new HostKeyCheck(hostKeys);
    ClientSession session = null;
    try {
      AttributeRepository context =
          AttributeRepository.ofAttributesMap(
              Map.of(HostKeyCheck.KEY, check, SshAgentSupport.USE_AGENT, credentials.agent()));
      ConnectFuture connecting =
          ssh.connect(credentials.user(), endpoint.host(), endpoint.port(), context, null);
      if (!connecting.await(timeouts.connect())) {
        connecting.cancel();
        throw new NetconfTimeoutException(
            where + ": no TCP connection within " + NetconfSession.seconds(timeouts.connect()));
      }
      if (!connecting.isConnected()) {
        throw refused(where, connecting.getException());
      }
      session = connecting.getSession();
      configure(session, timeouts);
      identity.addTo(session);

      AuthFuture auth = session.auth();
      boolean done = auth.await(timeouts.auth());
      if (check.refusal() != null) {
        throw new HostKeyException(where + ": " + check.refusal());
      }
      if (!done) {
        // listening but silent, or silent after its banner: both are a timeout, said apart
        throw new NetconfTimeoutException(
            where
                + (session.getServerVersion() == null
                    ? ": connected, but no SSH identification arrived within "
                        + NetconfSession.seconds(timeouts.auth())
                    : ": the SSH server sent its banner ("
                        + session.getServerVersion()
                        + ") but the key exchange and"
                        + " authentication took longer than "
                        + NetconfSession.seconds(timeouts.auth())));
      }
      if (!auth.isSuccess()) {
        // no identification means no key exchange, so no login was tried: whether the session is
        // already marked closed when the auth future fails is a race, so it is not asked
        if (session.getServerVersion() == null) {
          throw new NetconfProtocolException(
              where
                  + ": not an SSH server: the peer closed the connection"
                  + " without sending an SSH identification");
        }
        if ((!session.isOpen() || session.isClosing())
            && auth.getException() != null
            && !String.valueOf(auth.getException().getMessage()).contains("authentication")) {
          throw new NetconfRefusedException(
              where
                  + ": the SSH session was closed during login: "
                  + auth.getException().getMessage());
        }
        throw new NetconfAuthException(
            where
                + ": authentication failed for user "
                + credentials.user()
                + " with "
                + credentials.method());
      }
      ClientSession authenticated = session;
      session = null;
      return authenticated;
    } catch (InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw new NetconfTimeoutException(where + ": interrupted while connecting");
    } catch (IOException e) {
      throw refused(where, e);
    } finally {
      if (session != null) {
        session.close(true);
      }
    }
  }

  private void configure(ClientSession session, Timeouts timeouts) {
    // A write that the device does not consume must not block forever.
    CoreModuleProperties.WINDOW_TIMEOUT.set(session, timeouts.rpc());
    CoreModuleProperties.CHANNEL_OPEN_TIMEOUT.set(session, timeouts.rpc());
    CoreModuleProperties.AUTH_TIMEOUT.set(session, timeouts.auth());
  }

  private void checkAddress(DeviceEndpoint endpoint) throws NetconfException {
    if (!settings.allowNonLoopback()) {
      requireLoopback(endpoint);
    }
  }

  /** Refuses anything outside 127.0.0.0/8 and ::1, before any packet is sent. */
  static void requireLoopback(DeviceEndpoint endpoint) throws NetconfException {
    InetAddress address;
    try {
      address = InetAddress.getByName(endpoint.host());
    } catch (UnknownHostException e) {
      throw new NetconfRefusedException(endpoint.label() + ": unknown host " + endpoint.host());
    }
    if (!address.isLoopbackAddress()) {
      throw new NetconfRefusedException(
          endpoint.label()
              + ": "
              + address.getHostAddress()
              + " is not a loopback address; this client only connects to 127.0.0.0/8 and ::1");
    }
  }

  /** A way to log in, resolved before connecting so a missing secret fails fast. */
  private interface Identity {
    void addTo(ClientSession session);
  }

  private Identity identity(String where, Credentials credentials) throws NetconfException {
    if (credentials.passwordEnv() != null) {
      String password = environment.apply(credentials.passwordEnv());
      if (password == null || password.isEmpty()) {
        throw new NetconfAuthException(
            where
                + ": environment variable "
                + credentials.passwordEnv()
                + " (password of "
                + credentials.user()
                + ") is not set");
      }
      return session -> session.addPasswordIdentity(password);
    }
    if (credentials.keyFile() != null) {
      List<KeyPair> keys = loadKeys(where, credentials);
      return session -> keys.forEach(session::addPublicKeyIdentity);
    }
    agentSupport.check(where);
    return session -> {
      // identities come from the agent through the client's agent factory
    };
  }

  private static List<KeyPair> loadKeys(String where, Credentials credentials)
      throws NetconfException {
    var file = credentials.keyFile();
    if (!Files.isRegularFile(file)) {
      throw new NetconfAuthException(where + ": key file " + file + " does not exist");
    }
    List<KeyPair> keys = new ArrayList<>();
    try {
      for (KeyPair k : new FileKeyPairProvider(file).loadKeys(null)) {
        keys.add(k);
      }
    } catch (RuntimeException e) {
      // the exception text may quote the file; only its kind is reported
      throw new NetconfAuthException(
          where
              + ": cannot load key file "
              + file
              + " ("
              + e.getClass().getSimpleName()
              + "; encrypted keys need the SSH agent)");
    }
    if (keys.isEmpty()) {
      throw new NetconfAuthException(where + ": no private key found in " + file);
    }
    return keys;
  }

  static NetconfException refused(String where, Throwable cause) {
    Throwable root = cause;
    while (root != null && root.getCause() != null && root.getCause() != root) {
      if (root instanceof ConnectException) {
        break;
      }
      root = root.getCause();
    }
    if (root instanceof ConnectException) {
      return new NetconfRefusedException(where + ": connection refused (nothing listens there)");
    }
    String m =
        root == null ? "unknown error" : root.getClass().getSimpleName() + ": " + root.getMessage();
    return new NetconfRefusedException(where + ": cannot connect: " + m);
  }

  /** Stops the SSH client and every session still open. */
  @Override
  public void close() {
    try {
      ssh.stop();
    } finally {
      agentSupport.close();
    }
  }
}
