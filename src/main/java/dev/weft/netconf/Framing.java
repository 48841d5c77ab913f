package dev.weft.netconf;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** RFC 6242 message framing: how one XML message is delimited on the SSH channel. */
interface Framing {

  /**
   * Reads one whole message. Never buffers more than {@code maxBytes} of message content: a larger
   * message fails with {@link FramingException.Kind#TOO_LARGE} as soon as the limit is crossed (or,
   * for chunked framing, as soon as a chunk header announces it).
   *
   * @param in a buffered stream; bytes after the message stay in it for the next read
   */
  byte[] read(InputStream in, long maxBytes) throws IOException;

  /** Writes one message and flushes. */
  void write(OutputStream out, byte[] message) throws IOException;

  /** {@code base:1.0} or {@code base:1.1}. */
  String name();
}
