package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each reason a device cannot be read, produced by a real peer on a loopback socket and classified
 * as exactly that reason: nothing listening (refused), a socket that accepts and never speaks, or
 * speaks the SSH banner and then goes silent (timeout), a peer that is not an SSH server
 * (protocol), an SSH server whose key is not the known one (host-key), that rejects the login
 * (auth), that has no netconf subsystem (protocol: not NETCONF), and a NETCONF server that answers
 * with an {@code <rpc-error>} (netconf-error). The SSH servers are Apache MINA's, the same library
 * family as the client but a real server on a real socket; the netconfd lab covers the same reasons
 * against OpenSSH in {@code NetconfDeviceTest}.
 */
class UnreachableReasonsTest {

  /** For the peers that never answer: the timeout is the outcome under test, so it may be short. */
  private static final Timeouts SHORT = Timeouts.all(Duration.ofMillis(1500));

  /**
   * For the peers that do answer (refused, not SSH, no NETCONF, auth, host key): the reason must
   * not depend on how loaded the machine is, so the deadline is far beyond any key exchange (a 1.5
   * s one turned a host-key failure into a timeout on a busy CI machine).
   */
  private static final Timeouts GENEROUS = Timeouts.all(Duration.ofSeconds(60));

  @TempDir Path dir;

  private NetconfException connectFails(int port, HostKeyPolicy keys) {
    return connectFails(port, keys, GENEROUS);
  }

  private NetconfException connectFails(int port, HostKeyPolicy keys, Timeouts timeouts) {
    try (NetconfClient client =
        new NetconfClient(ClientSettings.defaults(), Map.of("PW", "secret")::get)) {
      return assertThrows(
          NetconfException.class,
          () ->
              client
                  .connect(
                      new DeviceEndpoint("dev", "127.0.0.1", port),
                      Credentials.passwordFromEnv("weft", "PW"),
                      keys,
                      timeouts)
                  .close());
    }
  }

  private NetconfException connectFails(int port) {
    return connectFails(port, HostKeyPolicy.acceptNew(dir.resolve("known_hosts")));
  }

  /** A loopback socket that accepts connections and runs {@code peer} on each, until closed. */
  private static final class RawPeer implements AutoCloseable {
    interface Behaviour {
      void on(Socket s) throws IOException, InterruptedException;
    }

    final ServerSocket server;
    private final List<Socket> accepted = new ArrayList<>();
    private final Thread thread;

    RawPeer(Behaviour behaviour) throws IOException {
      server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
      thread =
          new Thread(
              () -> {
                try {
                  while (!server.isClosed()) {
                    Socket s = server.accept();
                    synchronized (accepted) {
                      accepted.add(s);
                    }
                    behaviour.on(s);
                  }
                } catch (IOException | InterruptedException closed) {
                  // the test is over
                }
              },
              "raw-peer");
      thread.setDaemon(true);
      thread.start();
    }

    int port() {
      return server.getLocalPort();
    }

    @Override
    public void close() throws IOException, InterruptedException {
      server.close();
      synchronized (accepted) {
        for (Socket s : accepted) {
          s.close();
        }
      }
      thread.join(5000);
    }
  }

  @Test
  void nothingListeningIsRefused() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    NetconfException e = connectFails(port);
    assertEquals(NetconfException.Reason.REFUSED, e.reason(), e.getMessage());
    assertTrue(e.getMessage().contains("refused"), e.getMessage());
  }

  @Test
  void aSocketThatAcceptsAndNeverSpeaksIsATimeout() throws Exception {
    try (RawPeer silent = new RawPeer(s -> {})) {
      NetconfException e =
          connectFails(silent.port(), HostKeyPolicy.acceptNew(dir.resolve("known_hosts")), SHORT);
      assertEquals(NetconfException.Reason.TIMEOUT, e.reason(), e.getMessage());
    }
  }

  @Test
  void silenceAfterTheSshBannerIsATimeout() throws Exception {
    try (RawPeer banner =
        new RawPeer(
            s -> {
              s.getOutputStream()
                  .write("SSH-2.0-Silent_1.0\r\n".getBytes(StandardCharsets.US_ASCII));
              s.getOutputStream().flush();
            })) {
      NetconfException e =
          connectFails(banner.port(), HostKeyPolicy.acceptNew(dir.resolve("known_hosts")), SHORT);
      assertEquals(NetconfException.Reason.TIMEOUT, e.reason(), e.getMessage());
    }
  }

  @Test
  void aPeerThatIsNotAnSshServerIsAProtocolError() throws Exception {
    try (RawPeer http =
        new RawPeer(
            s -> {
              OutputStream out = s.getOutputStream();
              out.write(
                  "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                      .getBytes(StandardCharsets.US_ASCII));
              out.flush();
              s.close();
            })) {
      NetconfException e = connectFails(http.port());
      assertEquals(NetconfException.Reason.PROTOCOL, e.reason(), e.getMessage());
      assertTrue(e.getMessage().contains("not an SSH server"), e.getMessage());
    }
  }

  /** A real SSH server without a netconf subsystem; {@code password} is the one it accepts. */
  private SshServer sshServer(String password) throws IOException {
    SshServer server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    SimpleGeneratorHostKeyProvider keys =
        new SimpleGeneratorHostKeyProvider(dir.resolve("ssh-hostkey"));
    keys.setAlgorithm(
        "EC"); // generated in milliseconds, so the key exchange is never what times out
    server.setKeyPairProvider(keys);
    server.setPasswordAuthenticator((user, pw, session) -> pw.equals(password));
    server.start();
    return server;
  }

  @Test
  void anSshServerWithoutNetconfIsAProtocolError() throws IOException {
    SshServer server = sshServer("secret");
    try {
      NetconfException e = connectFails(server.getPort());
      assertEquals(NetconfException.Reason.PROTOCOL, e.reason(), e.getMessage());
      assertTrue(e.getMessage().contains("netconf"), e.getMessage());
    } finally {
      server.stop(true);
    }
  }

  @Test
  void aRejectedLoginIsAuth() throws IOException {
    SshServer server = sshServer("another password");
    try {
      NetconfException e = connectFails(server.getPort());
      assertEquals(NetconfException.Reason.AUTH, e.reason(), e.getMessage());
    } finally {
      server.stop(true);
    }
  }

  @Test
  void anUnknownHostKeyIsHostKey() throws IOException {
    SshServer server = sshServer("secret");
    try {
      Path knownHosts = Files.writeString(dir.resolve("empty_known_hosts"), "");
      NetconfException e = connectFails(server.getPort(), HostKeyPolicy.strict(knownHosts));
      assertEquals(NetconfException.Reason.HOST_KEY, e.reason(), e.getMessage());
    } finally {
      server.stop(true);
    }
  }

  @Test
  void anRpcErrorIsANetconfError() throws Exception {
    FakeDevice.Script refuses =
        (in, out) -> {
          FakeDevice.send(out, FakeDevice.HELLO_1_0 + "]]>]]>");
          FakeDevice.readEom(in);
          FakeDevice.readEom(in);
          FakeDevice.send(
              out,
              "<rpc-reply message-id=\"1\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><rpc-error>"
                  + "<error-type>protocol</error-type><error-tag>access-denied</error-tag><error-severity>error"
                  + "</error-severity></rpc-error></rpc-reply>]]>]]>");
          FakeDevice.drain(in);
        };
    try (FakeDevice device = new FakeDevice(dir.resolve("hostkey"), refuses);
        NetconfClient c = new NetconfClient(ClientSettings.defaults(), Map.of("PW", "x")::get);
        NetconfSession s =
            c.connect(
                device.endpoint("dev"),
                Credentials.passwordFromEnv(FakeDevice.USER, "PW"),
                HostKeyPolicy.acceptNew(dir.resolve("known_hosts")),
                GENEROUS)) {
      NetconfException e = assertThrows(NetconfException.class, () -> s.getConfig(null));
      assertEquals(NetconfException.Reason.NETCONF_ERROR, e.reason(), e.getMessage());
    }
  }

  @Test
  void everyReasonHasItsOwnWord() {
    List<String> labels =
        java.util.Arrays.stream(NetconfException.Reason.values())
            .map(NetconfException.Reason::label)
            .toList();
    assertEquals(labels.size(), labels.stream().distinct().count(), labels.toString());
    for (String word :
        List.of("refused", "timeout", "host-key", "auth", "netconf-error", "protocol")) {
      assertTrue(labels.contains(word), word + " in " + labels);
    }
  }
}
