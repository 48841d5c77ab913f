package dev.weft.netconf;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.channel.RequestHandler;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.server.subsystem.SubsystemFactory;

/**
 * A FAKE NETCONF device: a tiny MINA SSH server on loopback whose {@code netconf} subsystem plays a
 * fixed script. Only for faults a real netconfd cannot produce (a DTD, silence, a wrong
 * message-id). Any user/password is accepted.
 */
class FakeDevice implements AutoCloseable {

  static final String USER = "fake";
  static final String HELLO_1_0 =
      "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
          + "<capability>urn:ietf:params:netconf:base:1.0</capability></capabilities>"
          + "<session-id>7</session-id></hello>";

  /** What the device does with its side of the channel. */
  @FunctionalInterface
  interface Script {
    void play(InputStream in, OutputStream out) throws IOException;
  }

  private final SshServer server;
  private final Semaphore keepalives = new Semaphore(0);

  FakeDevice(Path hostKey, Script script) throws IOException {
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider(hostKey));
    server.setPasswordAuthenticator((user, password, session) -> true);
    server.setSubsystemFactories(
        List.of(
            new SubsystemFactory() {
              @Override
              public String getName() {
                return "netconf";
              }

              @Override
              public Command createSubsystem(ChannelSession channel) {
                return new ScriptCommand(script);
              }
            }));
    // count the client's SSH keepalive requests (keepalive@openssh.com), then answer them
    List<RequestHandler<ConnectionService>> handlers = new ArrayList<>();
    handlers.add(
        (service, request, wantReply, buffer) -> {
          if (!request.startsWith("keepalive@")) {
            return RequestHandler.Result.Unsupported;
          }
          keepalives.release();
          return RequestHandler.Result.ReplySuccess;
        });
    handlers.addAll(server.getGlobalRequestHandlers());
    server.setGlobalRequestHandlers(handlers);
    server.start();
  }

  /**
   * Waits until the client has sent {@code n} keepalive requests; false if they did not come in
   * time.
   */
  boolean awaitKeepalives(int n, long seconds) throws InterruptedException {
    return keepalives.tryAcquire(n, seconds, TimeUnit.SECONDS);
  }

  DeviceEndpoint endpoint(String name) {
    return new DeviceEndpoint(name, "127.0.0.1", server.getPort());
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }

  static void send(OutputStream out, String messageWithFraming) throws IOException {
    out.write(messageWithFraming.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** Reads one base:1.0 message (the client hello or an RPC). */
  static String readEom(InputStream in) throws IOException {
    return new String(new EndOfMessageFraming().read(in, 1 << 20), StandardCharsets.UTF_8);
  }

  /** Keeps the channel open, ignoring input, until the client goes away. */
  static void drain(InputStream in) throws IOException {
    byte[] buf = new byte[4096];
    while (in.read(buf) >= 0) {
      // discard
    }
  }

  private static final class ScriptCommand implements Command {
    private final Script script;
    private InputStream in;
    private OutputStream out;
    private ExitCallback exit;
    private Thread thread;

    ScriptCommand(Script script) {
      this.script = script;
    }

    @Override
    public void setInputStream(InputStream in) {
      this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
      // unused
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
      this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
      thread =
          new Thread(
              () -> {
                try {
                  script.play(in, out);
                } catch (IOException e) {
                  // the client went away
                } finally {
                  exit.onExit(0);
                }
              },
              "fake-netconf-device");
      thread.setDaemon(true);
      thread.start();
    }

    @Override
    public void destroy(ChannelSession channel) {
      if (thread != null) {
        thread.interrupt();
      }
    }
  }
}
