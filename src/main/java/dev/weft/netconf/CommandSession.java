package dev.weft.netconf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.ChannelPipedInputStream;

/**
 * An authenticated SSH session to one device (host key checked, as for NETCONF) that runs commands
 * over {@code exec} channels and returns their standard output: how SONiC ({@code show
 * runningconfiguration all}) and Cumulus NVUE ({@code nv config show -o json}) hand out their
 * running config. Each command's output is bounded by the client's reply limit and its whole run by
 * the session's reply timeout; a non-zero exit status is a {@link CommandFailedException} quoting
 * the first line of standard error.
 */
public final class CommandSession implements AutoCloseable {

  /** Standard error kept for the message; the rest is dropped. */
  private static final int MAX_STDERR = 4096;

  private final DeviceEndpoint endpoint;
  private final ClientSession ssh;
  private final ClientSettings settings;
  private final Timeouts timeouts;

  CommandSession(
      DeviceEndpoint endpoint, ClientSession ssh, ClientSettings settings, Timeouts timeouts) {
    this.endpoint = endpoint;
    this.ssh = ssh;
    this.settings = settings;
    this.timeouts = timeouts;
  }

  public DeviceEndpoint endpoint() {
    return endpoint;
  }

  /** Runs {@code command} and returns its standard output as UTF-8 text. */
  public String run(String command) throws NetconfException {
    return run(command, null);
  }

  /**
   * Runs {@code command} with {@code input} as its standard input (then end of file), and returns
   * its standard output; a failure's message quotes all of standard error kept (up to 4 KiB), one
   * line after the other, since a device's refusal of what it was given (SONiC's YANG errors) takes
   * more than its first line.
   */
  public String run(String command, byte[] input) throws NetconfException {
    String where = endpoint.label() + " `" + command + "`";
    Bounded err = new Bounded(MAX_STDERR);
    ChannelExec channel = null;
    try {
      channel = ssh.createExecChannel(command);
      channel.setErr(err);
      if (input != null) {
        channel.setIn(new java.io.ByteArrayInputStream(input));
      }
      OpenFuture open = channel.open();
      if (!open.await(timeouts.rpc())) {
        throw new NetconfTimeoutException(
            where
                + ": the exec channel did not open within "
                + NetconfSession.seconds(timeouts.rpc()));
      }
      if (!open.isOpened()) {
        throw new NetconfProtocolException(
            where
                + ": the device refused the exec channel: "
                + (open.getException() == null
                    ? "no reason given"
                    : open.getException().getMessage()));
      }
      long deadline = System.nanoTime() + timeouts.rpc().toNanos();
      byte[] out = readAll(channel, deadline, where);
      long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
      Set<ClientChannelEvent> events =
          channel.waitFor(
              EnumSet.of(
                  ClientChannelEvent.EXIT_STATUS,
                  ClientChannelEvent.EXIT_SIGNAL,
                  ClientChannelEvent.CLOSED),
              left);
      Integer status = channel.getExitStatus();
      if (events.contains(ClientChannelEvent.EXIT_SIGNAL) && channel.getExitSignal() != null) {
        throw new CommandFailedException(
            where + ": killed by signal " + channel.getExitSignal() + errLine(err));
      }
      if (status == null) {
        if (events.contains(ClientChannelEvent.TIMEOUT)) {
          throw new NetconfTimeoutException(
              where + ": no exit status within " + NetconfSession.seconds(timeouts.rpc()));
        }
        throw new NetconfProtocolException(where + ": the channel closed without an exit status");
      }
      if (status != 0) {
        throw new CommandFailedException(
            where + ": exit status " + status + (input == null ? errLine(err) : errText(err)));
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (InterruptedIOException e) {
      throw new NetconfTimeoutException(
          where + ": no complete output within " + NetconfSession.seconds(timeouts.rpc()));
    } catch (IOException e) {
      throw new NetconfRefusedException(where + ": the command failed: " + e.getMessage(), e);
    } finally {
      if (channel != null) {
        closeAndWait(channel);
      }
    }
  }

  /**
   * Closes gracefully and waits for the device's own close: sshd counts a channel against its
   * MaxSessions (10 by default) until it has closed it too, so closing without waiting let one
   * session of many short commands (the health counters, then the LLDP read) be refused a channel.
   */
  private void closeAndWait(ChannelExec channel) {
    try {
      if (!channel.close(false).await(timeouts.rpc())) {
        channel.close(true);
      }
    } catch (IOException e) {
      channel.close(true);
    }
  }

  /** Standard output until EOF, within the deadline and the reply limit. */
  private byte[] readAll(ChannelExec channel, long deadline, String where)
      throws IOException, NetconfException {
    InputStream raw = channel.getInvertedOut();
    if (!(raw instanceof ChannelPipedInputStream pipe)) {
      throw new NetconfProtocolException(
          where + ": unexpected SSH channel stream " + raw.getClass().getName());
    }
    DeadlineInputStream in = new DeadlineInputStream(pipe, pipe::setTimeout);
    in.deadline(deadline);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[64 * 1024];
    long limit = settings.maxReplyBytes();
    int n;
    while ((n = in.read(buf, 0, buf.length)) >= 0) {
      if (out.size() + (long) n > limit) {
        throw new ReplyTooLargeException(
            where
                + ": the output exceeds the limit of "
                + limit
                + " bytes"
                + " (--max-reply-bytes); reading stopped there");
      }
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  private static String errLine(Bounded err) {
    String text = new String(err.toByteArray(), StandardCharsets.UTF_8).strip();
    if (text.isEmpty()) {
      return "";
    }
    String first = text.lines().findFirst().orElse("").replaceAll("\\p{Cntrl}", "?");
    return ": " + (first.length() > 200 ? first.substring(0, 200) + "..." : first);
  }

  /** All of standard error kept, its lines joined by {@code " | "}. */
  private static String errText(Bounded err) {
    String text = new String(err.toByteArray(), StandardCharsets.UTF_8).strip();
    if (text.isEmpty()) {
      return "";
    }
    return ": "
        + String.join(
            " | ",
            text.lines()
                .map(l -> l.strip().replaceAll("\\p{Cntrl}", "?"))
                .filter(l -> !l.isEmpty())
                .toList());
  }

  /** Closes the SSH session (and any channel still open). Never throws. */
  @Override
  public void close() {
    ssh.close(true);
  }

  /** Keeps the first {@code max} bytes written to it. */
  private static final class Bounded extends OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int max;

    Bounded(int max) {
      this.max = max;
    }

    @Override
    public synchronized void write(int b) {
      if (kept.size() < max) {
        kept.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      int room = max - kept.size();
      if (room > 0) {
        kept.write(b, off, Math.min(room, len));
      }
    }

    synchronized byte[] toByteArray() {
      return kept.toByteArray();
    }
  }
}
