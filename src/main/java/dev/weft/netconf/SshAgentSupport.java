package dev.weft.netconf;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentKeyConstraint;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionContext;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * Authentication through a running OpenSSH agent ({@code SSH_AUTH_SOCK}), spoken directly over the
 * Unix socket (Java 16+), so no native library is needed. Only sessions whose credentials ask for
 * the agent use it; the others see an agent without keys. Agent forwarding is never offered.
 */
final class SshAgentSupport implements AutoCloseable {

  /** Set in the connection context of sessions whose credentials say {@code agent: true}. */
  static final AttributeRepository.AttributeKey<Boolean> USE_AGENT =
      new AttributeRepository.AttributeKey<>();

  private static final byte REQUEST_IDENTITIES = 11;
  private static final byte IDENTITIES_ANSWER = 12;
  private static final byte SIGN_REQUEST = 13;
  private static final byte SIGN_RESPONSE = 14;
  private static final int FLAG_RSA_SHA2_256 = 2;
  private static final int FLAG_RSA_SHA2_512 = 4;
  private static final int MAX_AGENT_MESSAGE = 256 * 1024;

  private final Function<String, String> environment;

  SshAgentSupport(Function<String, String> environment) {
    this.environment = environment;
  }

  /** Fails early when the agent cannot be used at all. */
  void check(String where) throws NetconfException {
    String sock = environment.apply(SshAgent.SSH_AUTHSOCKET_ENV_NAME);
    if (sock == null || sock.isEmpty()) {
      throw new NetconfAuthException(
          where + ": credentials say agent, but SSH_AUTH_SOCK is not set");
    }
    if (!Files.exists(Path.of(sock))) {
      throw new NetconfAuthException(
          where + ": SSH_AUTH_SOCK points to " + sock + ", which does not exist");
    }
  }

  SshAgentFactory factory() {
    return new SshAgentFactory() {
      @Override
      public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of();
      }

      @Override
      public SshAgent createClient(Session session, FactoryManager manager) {
        AttributeRepository context =
            session instanceof org.apache.sshd.client.session.ClientSession cs
                ? cs.getConnectionContext()
                : null;
        boolean wanted = context != null && Boolean.TRUE.equals(context.getAttribute(USE_AGENT));
        String sock = environment.apply(SshAgent.SSH_AUTHSOCKET_ENV_NAME);
        return new UnixSocketAgent(wanted && sock != null ? Path.of(sock) : null);
      }

      @Override
      public SshAgentServer createServer(ConnectionService service) {
        throw new UnsupportedOperationException("agent forwarding is not offered");
      }
    };
  }

  @Override
  public void close() {
    // connections to the agent are opened per request; nothing stays open
  }

  /** One agent; {@code socket == null} means "no agent for this session": no identities. */
  private static final class UnixSocketAgent implements SshAgent {
    private final Path socket;
    private volatile boolean open = true;

    UnixSocketAgent(Path socket) {
      this.socket = socket;
    }

    @Override
    public Iterable<? extends Map.Entry<PublicKey, String>> getIdentities() throws IOException {
      if (socket == null) {
        return List.of();
      }
      Buffer reply = request(new byte[] {REQUEST_IDENTITIES});
      int type = reply.getUByte();
      if (type != IDENTITIES_ANSWER) {
        throw new SshException("SSH agent refused to list identities (answer " + type + ")");
      }
      long count = reply.getUInt();
      List<Map.Entry<PublicKey, String>> keys = new ArrayList<>();
      for (long i = 0; i < count; i++) {
        byte[] blob = reply.getBytes();
        String comment = reply.getString();
        try {
          keys.add(
              new AbstractMap.SimpleImmutableEntry<>(
                  new ByteArrayBuffer(blob).getRawPublicKey(), comment));
        } catch (Exception e) {
          // a key type this JVM cannot use (e.g. a security key): skip it
        }
      }
      return keys;
    }

    @Override
    public Map.Entry<String, byte[]> sign(
        SessionContext session, PublicKey key, String algo, byte[] data) throws IOException {
      if (socket == null) {
        throw new SshException("no SSH agent for this session");
      }
      ByteArrayBuffer req = new ByteArrayBuffer();
      req.putByte(SIGN_REQUEST);
      req.putPublicKey(key);
      req.putBytes(data);
      int flags = 0;
      if ("rsa-sha2-256".equals(algo)) {
        flags = FLAG_RSA_SHA2_256;
      } else if ("rsa-sha2-512".equals(algo)) {
        flags = FLAG_RSA_SHA2_512;
      }
      req.putInt(flags);
      Buffer reply = request(req.getCompactData());
      int type = reply.getUByte();
      if (type != SIGN_RESPONSE) {
        throw new SshException("SSH agent refused to sign (answer " + type + ")");
      }
      Buffer signature = new ByteArrayBuffer(reply.getBytes());
      String algorithm = signature.getString();
      return new AbstractMap.SimpleImmutableEntry<>(algorithm, signature.getBytes());
    }

    private Buffer request(byte[] payload) throws IOException {
      try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
        ch.connect(UnixDomainSocketAddress.of(socket));
        ByteBuffer out = ByteBuffer.allocate(4 + payload.length);
        out.putInt(payload.length).put(payload).flip();
        while (out.hasRemaining()) {
          ch.write(out);
        }
        ByteBuffer len = readFully(ch, 4);
        int n = len.getInt();
        if (n <= 0 || n > MAX_AGENT_MESSAGE) {
          throw new SshException("bad SSH agent message length " + n);
        }
        return new ByteArrayBuffer(readFully(ch, n).array());
      }
    }

    private static ByteBuffer readFully(SocketChannel ch, int n) throws IOException {
      ByteBuffer b = ByteBuffer.allocate(n);
      while (b.hasRemaining()) {
        if (ch.read(b) < 0) {
          throw new EOFException("SSH agent closed the connection");
        }
      }
      return b.flip();
    }

    @Override
    public void addIdentity(KeyPair key, String comment, SshAgentKeyConstraint... constraints)
        throws IOException {
      throw new SshException("adding identities to the agent is not supported");
    }

    @Override
    public void removeIdentity(PublicKey key) throws IOException {
      throw new SshException("removing identities from the agent is not supported");
    }

    @Override
    public void removeAllIdentities() throws IOException {
      throw new SshException("removing identities from the agent is not supported");
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }
  }
}
