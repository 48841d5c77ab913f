package dev.weft.netconf;

import dev.weft.log.Log;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.ChannelPipedInputStream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One NETCONF session on a device: the hello has been exchanged and the framing chosen. RPCs are
 * synchronous (one outstanding at a time). After a timeout, a framing error or an oversized reply
 * the session is closed, because the stream position is no longer known.
 */
public final class NetconfSession implements AutoCloseable {

  private static final Log LOG = Log.of(NetconfSession.class);

  private static final String NOTIFICATION_NS = "urn:ietf:params:xml:ns:netconf:notification:1.0";

  /**
   * yuma123 netconfd 2.13 does not process an RPC that arrives in the same read as the client
   * {@code <hello>}: the RPC sits unanswered until more bytes come (other servers do the same:
   * Juniper/go-netconf#88). Our hello is sent before the server's is read, and the first RPC at
   * least this long after our hello (measured: 10 ms was enough on a quiet machine; with the hello
   * sent only after the server's, 30 ms was not always enough at load average 12).
   */
  private static final long HELLO_TO_FIRST_RPC_NANOS = Duration.ofMillis(30).toNanos();

  /**
   * The pause above makes a joint read unlikely, not impossible: on a loaded machine the server's
   * side can still take both from one read, and then waits for more bytes. So when the first reply
   * has not begun after this long (or a tenth of the reply limit, if shorter), a read that selects
   * nothing follows it; the server then answers both, and that second reply is skipped. A device
   * that is merely slow answers both as well, at the cost of one empty reply.
   */
  private static final Duration FIRST_REPLY_NUDGE_AFTER = Duration.ofSeconds(2);

  private static final Duration CLOSE_LIMIT = Duration.ofSeconds(5);

  /**
   * Largest server hello read. A hello lists capabilities (a large vendor image: a few thousand
   * module URIs, well under 1 MiB); it is read before anything else, so it gets its own, smaller
   * bound than replies.
   */
  static final long MAX_HELLO_BYTES = 4L * 1024 * 1024;

  /**
   * Most notifications skipped while waiting for one reply. Weft never subscribes, so a device that
   * sends this many is flooding the session; its reply is not waited for any longer
   * (docs/limits.md).
   */
  static final int MAX_NOTIFICATIONS_PER_REPLY = 1000;

  private final DeviceEndpoint endpoint;
  private final ClientSession ssh;
  private final ChannelSubsystem channel;
  private final DeadlineInputStream timed;
  private final InputStream in;
  private final OutputStream out;
  private final Timeouts timeouts;
  private final long maxReplyBytes;
  private final Hello hello;
  private final Framing framing;
  private final long helloSentNanos;
  private long nextMessageId = 1;
  private boolean firstRpcSent;
  private final Set<String> skippedReplyIds = new HashSet<>();
  private String unusable;
  private Duration replyLimit;

  private NetconfSession(
      DeviceEndpoint endpoint,
      ClientSession ssh,
      ChannelSubsystem channel,
      ClientSettings settings,
      Timeouts timeouts)
      throws NetconfException {
    this.endpoint = endpoint;
    this.ssh = ssh;
    this.channel = channel;
    this.timeouts = timeouts;
    this.maxReplyBytes = settings.maxReplyBytes();
    this.replyLimit = timeouts.rpc();
    InputStream raw = channel.getInvertedOut();
    if (!(raw instanceof ChannelPipedInputStream pipe)) {
      throw new NetconfProtocolException(
          endpoint.label() + ": unexpected SSH channel stream " + raw.getClass().getName());
    }
    this.timed = new DeadlineInputStream(pipe, pipe::setTimeout);
    this.in = new BufferedInputStream(timed, 16 * 1024);
    this.out = channel.getInvertedIn();

    // RFC 6242 §4.1: both hellos use end-of-message framing; base:1.1 applies afterwards
    // only when both sides advertise it. Our hello goes first, as soon as the channel is open
    // (RFC 6241 §8.1: a peer must not wait for the other's capabilities): it then reaches the
    // server while the server is still sending its own, well before our first RPC, which keeps
    // the two out of one read on servers that drop an RPC read together with the hello.
    Framing eom = new EndOfMessageFraming();
    armDeadline();
    // A server with no netconf subsystem may close the channel before our hello is written: the
    // read that follows then says so (no NETCONF server answers there), as it does when the close
    // comes a moment later; the failed write is reported only if a server hello does arrive.
    NetconfRefusedException helloNotSent = null;
    try {
      send(eom, Rpc.clientHello(settings.offerBase11()), "client <hello>");
    } catch (NetconfRefusedException e) {
      helloNotSent = e;
    }
    this.helloSentNanos = System.nanoTime();
    this.hello =
        parseHello(receive(eom, "server <hello>", Math.min(maxReplyBytes, MAX_HELLO_BYTES)));
    if (helloNotSent != null) {
      throw helloNotSent;
    }
    this.framing =
        settings.offerBase11() && hello.supports(Hello.BASE_1_1) ? new ChunkedFraming() : eom;
    LOG.debug(
        "%s: hello exchanged, %s framing, %d capabilities",
        endpoint.label(),
        framing instanceof ChunkedFraming ? "base:1.1 chunked" : "base:1.0 end-of-message",
        hello.capabilities().size());
  }

  static NetconfSession start(
      DeviceEndpoint endpoint,
      ClientSession ssh,
      ChannelSubsystem channel,
      ClientSettings settings,
      Timeouts timeouts)
      throws NetconfException {
    return new NetconfSession(endpoint, ssh, channel, settings, timeouts);
  }

  public DeviceEndpoint endpoint() {
    return endpoint;
  }

  /** The server's hello: session-id and capabilities. */
  public Hello hello() {
    return hello;
  }

  /** The framing in use after the hello: {@code base:1.0} or {@code base:1.1}. */
  public String framing() {
    return framing.name();
  }

  /** {@code <get-config>} of running with a subtree filter (null or blank: everything). */
  public Reply getConfig(String subtreeFilterXml) throws NetconfException {
    return getConfig(Datastore.RUNNING, subtreeFilterXml);
  }

  public Reply getConfig(Datastore source, String subtreeFilterXml) throws NetconfException {
    return rpc(Rpc.getConfig(source, subtreeFilterXml));
  }

  /** {@code <get>} (config and state) with a subtree filter (null or blank: everything). */
  public Reply get(String subtreeFilterXml) throws NetconfException {
    return rpc(Rpc.get(subtreeFilterXml));
  }

  public Reply lock(Datastore target) throws NetconfException {
    return rpc(Rpc.lock(target));
  }

  public Reply unlock(Datastore target) throws NetconfException {
    return rpc(Rpc.unlock(target));
  }

  /**
   * {@code <edit-config>} of a {@code <config>} element (default-operation merge: only its subtrees
   * change, as their {@code nc:operation} attributes say).
   *
   * @param rollbackOnError ask for all-or-nothing; send it only when the device offers {@link
   *     Hello#ROLLBACK_ON_ERROR}
   */
  public Reply editConfig(Datastore target, String configXml, boolean rollbackOnError)
      throws NetconfException {
    return rpc(Rpc.editConfig(target, configXml, rollbackOnError));
  }

  /**
   * {@code <edit-config>} with {@code <test-option>set}: the target takes the edit without the
   * device's semantic checks (must, leafref, unique, mandatory), which a {@code <validate>} of the
   * target runs next. Send it only when the device offers {@code :validate} ({@link
   * Hello#VALIDATE_1_1} or 1.0).
   */
  public Reply editConfigForValidate(Datastore target, String configXml, boolean rollbackOnError)
      throws NetconfException {
    return rpc(Rpc.editConfig(target, configXml, rollbackOnError, true));
  }

  /** {@code <discard-changes>}: the candidate becomes running again. */
  public Reply discardChanges() throws NetconfException {
    return rpc(Rpc.discardChanges());
  }

  public Reply validate(Datastore source) throws NetconfException {
    return rpc(Rpc.validate(source));
  }

  public Reply commit() throws NetconfException {
    return rpc(Rpc.commit());
  }

  /**
   * A confirmed commit that the device reverts unless confirmed within {@code timeout} (whole
   * seconds, rounded up). {@code persist} (null for none) needs confirmed-commit:1.1 and base:1.1:
   * the pending commit then outlives this session and only {@link #confirmCommit} or {@link
   * #cancelCommit} with the same token ends it.
   */
  public Reply commitConfirmed(Duration timeout, String persist) throws NetconfException {
    long seconds = Math.max(1, (timeout.toMillis() + 999) / 1000);
    return rpc(Rpc.commitConfirmed(seconds, persist));
  }

  /**
   * The confirming commit; with a {@code persistId} the device refuses it unless that confirmed
   * commit is pending.
   */
  public Reply confirmCommit(String persistId) throws NetconfException {
    return rpc(Rpc.confirmCommit(persistId));
  }

  /**
   * {@code <cancel-commit>} (confirmed-commit:1.1): the device reverts the pending confirmed commit
   * now.
   */
  public Reply cancelCommit(String persistId) throws NetconfException {
    return rpc(Rpc.cancelCommit(persistId));
  }

  /**
   * Whether the session still has a usable stream (no timeout, framing error or lost transport so
   * far).
   */
  public synchronized boolean usable() {
    return unusable == null && channel.isOpen();
  }

  /**
   * Sends any operation (the content of {@code <rpc>}, e.g. {@code <edit-config>…} or {@code
   * <commit/>}) and returns the reply.
   *
   * @throws RpcErrorException if the reply carries an {@code <rpc-error>} of severity error
   * @throws IllegalArgumentException if {@code operationXml} is not well-formed
   */
  public synchronized Reply rpc(String operationXml) throws NetconfException {
    Objects.requireNonNull(operationXml, "operationXml");
    String operation = operationName(operationXml);
    ensureUsable();
    boolean first = !firstRpcSent;
    pauseAfterHello();
    long id = nextMessageId++;
    long started = System.nanoTime();
    if (LOG.debugging()) {
      LOG.debug("%s -> rpc %d <%s> %s", endpoint.label(), id, operation, Trace.cut(operationXml));
    }
    armDeadline(); // one deadline for the whole exchange, whatever arrives meanwhile
    send(framing, Rpc.request(id, operationXml), "<" + operation + ">");
    if (first) {
      nudgeIfSilent();
    }
    byte[] message;
    Document doc;
    // Notifications and the reply share one byte budget: a flood of small messages costs no more
    // than one large reply.
    long budget = maxReplyBytes;
    int notifications = 0;
    while (true) {
      message = receive(framing, "reply to <" + operation + ">", budget);
      budget -= message.length;
      doc = parse(message, "reply to <" + operation + ">");
      Element root = doc.getDocumentElement();
      if (isSkippedReply(root)) {
        continue;
      }
      if (!("notification".equals(root.getLocalName())
          && NOTIFICATION_NS.equals(root.getNamespaceURI()))) {
        break; // a notification is not ours to answer; we never subscribe, but skip one
      }
      if (++notifications > MAX_NOTIFICATIONS_PER_REPLY) {
        fail(
            endpoint.label()
                + ": more than "
                + MAX_NOTIFICATIONS_PER_REPLY
                + " notifications arrived while"
                + " waiting for the reply to <"
                + operation
                + "> (limit: notifications per reply); Weft never"
                + " subscribes, so the session was dropped");
        throw new NetconfProtocolException(unusable);
      }
      if (budget <= 0) {
        fail(
            endpoint.label()
                + ": notifications while waiting for the reply to <"
                + operation
                + "> exceed the"
                + " limit of "
                + maxReplyBytes
                + " bytes per reply (--max-reply-bytes)");
        throw new ReplyTooLargeException(unusable);
      }
    }
    if (LOG.debugging()) {
      LOG.debug(
          "%s <- reply %d to <%s>: %d bytes in %d ms %s",
          endpoint.label(),
          id,
          operation,
          message.length,
          (System.nanoTime() - started) / 1_000_000,
          Trace.cut(new String(message, StandardCharsets.UTF_8)));
    }
    try {
      Rpc.checkReply(doc, id);
    } catch (Rpc.WrongReplyException e) {
      fail(endpoint.label() + ": " + e.getMessage());
      throw new NetconfProtocolException(unusable);
    }
    List<RpcError> all = Rpc.errors(doc);
    List<RpcError> errors = new ArrayList<>();
    List<RpcError> warnings = new ArrayList<>();
    for (RpcError e : all) {
      (e.isError() ? errors : warnings).add(e);
    }
    if (!errors.isEmpty()) {
      String more = errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "";
      throw new RpcErrorException(
          endpoint.label() + ": <" + operation + "> failed: " + errors.get(0).summary() + more,
          all);
    }
    return new Reply(doc, message, warnings);
  }

  /** {@code <close-session>}, then closes the channel and the SSH session. */
  public synchronized void closeSession() throws NetconfException {
    closeSession(timeouts.rpc());
  }

  private void closeSession(Duration limit) throws NetconfException {
    if (unusable != null) {
      closeTransport();
      return;
    }
    Duration saved = replyLimit;
    replyLimit = limit;
    try {
      rpc(Rpc.closeSession());
    } finally {
      replyLimit = saved;
      unusable = endpoint.label() + ": the session is closed";
      closeTransport();
    }
  }

  /**
   * Closes politely when possible (close-session, waiting at most 5 s for its reply), otherwise
   * just the transport. Never throws.
   */
  @Override
  public synchronized void close() {
    if (unusable == null) {
      try {
        closeSession(CLOSE_LIMIT.compareTo(timeouts.rpc()) < 0 ? CLOSE_LIMIT : timeouts.rpc());
      } catch (NetconfException e) {
        // closing anyway; the failure does not matter to a caller who is done
      }
    }
    closeTransport();
  }

  private void pauseAfterHello() {
    if (firstRpcSent) {
      return;
    }
    firstRpcSent = true;
    long wait = HELLO_TO_FIRST_RPC_NANOS - (System.nanoTime() - helloSentNanos);
    if (wait > 0) {
      try {
        Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** See {@link #FIRST_REPLY_NUDGE_AFTER}. */
  private void nudgeIfSilent() throws NetconfException {
    long fullDeadline = timed.deadline();
    long wait = Math.min(FIRST_REPLY_NUDGE_AFTER.toNanos(), replyLimit.toNanos() / 10);
    timed.deadline(Math.min(fullDeadline, System.nanoTime() + wait));
    try {
      in.mark(1);
      if (in.read() >= 0) {
        in.reset();
      }
    } catch (InterruptedIOException silent) {
      long nudgeId = nextMessageId++;
      skippedReplyIds.add(String.valueOf(nudgeId));
      LOG.debug("%s: no reply yet, rpc %d selects nothing to nudge it", endpoint.label(), nudgeId);
      send(framing, Rpc.request(nudgeId, Rpc.SELECTS_NOTHING), "<get-config> nudge");
    } catch (IOException e) {
      // the read of the reply that follows meets the same failure and reports it
    } finally {
      timed.deadline(fullDeadline);
    }
  }

  private boolean isSkippedReply(Element root) {
    return "rpc-reply".equals(root.getLocalName())
        && skippedReplyIds.remove(root.getAttribute("message-id"));
  }

  private void ensureUsable() throws NetconfException {
    if (unusable != null) {
      throw new NetconfProtocolException(unusable);
    }
  }

  private void send(Framing f, byte[] message, String what) throws NetconfException {
    try {
      f.write(out, message);
    } catch (IOException e) {
      fail(endpoint.label() + ": sending the " + what + " failed: " + e.getMessage());
      throw new NetconfRefusedException(unusable, e);
    }
  }

  private void armDeadline() {
    timed.deadline(System.nanoTime() + replyLimit.toNanos());
  }

  private byte[] receive(Framing f, String what, long limit) throws NetconfException {
    try {
      return f.read(in, limit);
    } catch (FramingException e) {
      fail(endpoint.label() + ": " + e.getMessage() + " (reading the " + what + ")");
      switch (e.kind()) {
        case TOO_LARGE -> throw new ReplyTooLargeException(unusable);
        // closed before its hello: SSH works but no NETCONF server answers (no netconf subsystem)
        case CLOSED ->
            throw hello == null
                ? new NetconfProtocolException(
                    endpoint.label()
                        + ": the SSH server closed the netconf channel without a <hello>: no NETCONF server answers there")
                : new NetconfRefusedException(unusable);
        default -> throw new NetconfProtocolException(unusable);
      }
    } catch (InterruptedIOException e) {
      fail(endpoint.label() + ": no complete " + what + " within " + seconds(replyLimit));
      throw new NetconfTimeoutException(unusable);
    } catch (IOException e) {
      fail(endpoint.label() + ": reading the " + what + " failed: " + e.getMessage());
      throw new NetconfRefusedException(unusable, e);
    }
  }

  private Document parse(byte[] message, String what) throws NetconfException {
    try {
      return SecureXml.parse(message);
    } catch (SecureXml.RejectedXmlException e) {
      fail(endpoint.label() + ": the " + what + " was refused: " + e.getMessage());
      throw new NetconfProtocolException(unusable);
    }
  }

  private Hello parseHello(byte[] message) throws NetconfException {
    try {
      return Hello.parse(parse(message, "server <hello>"));
    } catch (Hello.MalformedHelloException e) {
      fail(endpoint.label() + ": bad server <hello>: " + e.getMessage());
      throw new NetconfProtocolException(unusable);
    }
  }

  /** Marks the session unusable and drops the transport: its stream position is lost. */
  private void fail(String why) {
    unusable = why;
    closeTransport();
  }

  private void closeTransport() {
    channel.close(true);
    ssh.close(true);
  }

  private static String operationName(String operationXml) {
    Document doc;
    try {
      doc =
          SecureXml.parse(
              ("<w>" + operationXml + "</w>").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (SecureXml.RejectedXmlException e) {
      throw new IllegalArgumentException(
          "RPC operation is not well-formed XML: " + e.getMessage(), e);
    }
    for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
      }
    }
    throw new IllegalArgumentException("RPC operation has no element");
  }

  static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
