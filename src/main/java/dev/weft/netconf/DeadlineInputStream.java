package dev.weft.netconf;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.util.function.LongConsumer;

/**
 * Gives every read of the channel stream the time left until the current deadline, so one RPC has
 * one overall timeout however many reads it takes.
 */
final class DeadlineInputStream extends InputStream {

  private final InputStream in;
  private final LongConsumer setReadTimeoutMillis;
  private long deadlineNanos;

  DeadlineInputStream(InputStream in, LongConsumer setReadTimeoutMillis) {
    this.in = in;
    this.setReadTimeoutMillis = setReadTimeoutMillis;
  }

  void deadline(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  long deadline() {
    return deadlineNanos;
  }

  private void arm() throws InterruptedIOException {
    long leftMillis = (deadlineNanos - System.nanoTime()) / 1_000_000L;
    if (leftMillis <= 0) {
      throw new InterruptedIOException("deadline passed");
    }
    setReadTimeoutMillis.accept(leftMillis);
  }

  @Override
  public int read() throws IOException {
    arm();
    try {
      return in.read();
    } catch (SocketException e) {
      throw timeoutOr(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    arm();
    try {
      return in.read(b, off, len);
    } catch (SocketException e) {
      throw timeoutOr(e);
    }
  }

  /** MINA's channel pipe reports its read timeout as a SocketException "Timeout (...) exceeded". */
  private static IOException timeoutOr(SocketException e) {
    if (String.valueOf(e.getMessage()).startsWith("Timeout")) {
      InterruptedIOException t = new InterruptedIOException("deadline passed");
      t.initCause(e);
      return t;
    }
    return e;
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
