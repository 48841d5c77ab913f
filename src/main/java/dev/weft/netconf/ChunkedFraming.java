package dev.weft.netconf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * base:1.1 chunked framing (RFC 6242 §4.2): {@code \n#<size>\n<data>} chunks, ended by {@code
 * \n##\n}. Sizes are 1..4294967295 without leading zeros; anything else is a framing error. A chunk
 * that would push the message past the limit is refused from its header, before its data is read.
 */
final class ChunkedFraming implements Framing {

  private static final long MAX_CHUNK = 4294967295L;
  private static final int MAX_SIZE_DIGITS = 10;
  private static final int COPY_BUFFER = 8192;

  @Override
  public byte[] read(InputStream in, long maxBytes) throws IOException {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    byte[] copy = new byte[COPY_BUFFER];
    boolean first = true;
    while (true) {
      int lf = in.read();
      if (lf < 0 && first) {
        throw new FramingException(FramingException.Kind.CLOSED, "the device closed the session");
      }
      expect(lf, '\n', "chunk header");
      expect(in.read(), '#', "chunk header");
      int c = in.read();
      if (c == '#') {
        expect(in.read(), '\n', "end-of-chunks marker");
        if (first) {
          throw bad("end-of-chunks marker before any chunk");
        }
        return message.toByteArray();
      }
      long size = chunkSize(in, c);
      if (message.size() + size > maxBytes) {
        throw FramingException.tooLarge(maxBytes);
      }
      long left = size;
      while (left > 0) {
        int n = in.read(copy, 0, (int) Math.min(copy.length, left));
        if (n < 0) {
          throw new FramingException(
              FramingException.Kind.CLOSED,
              "the session ended inside a chunk (" + left + " of " + size + " bytes missing)");
        }
        message.write(copy, 0, n);
        left -= n;
      }
      first = false;
    }
  }

  private static long chunkSize(InputStream in, int firstDigit) throws IOException {
    if (firstDigit < '1' || firstDigit > '9') {
      throw bad("chunk size must start with a digit 1-9, found " + describe(firstDigit));
    }
    long size = firstDigit - '0';
    int digits = 1;
    while (true) {
      int c = in.read();
      if (c == '\n') {
        return size;
      }
      if (c < '0' || c > '9') {
        throw bad("chunk size must be digits ended by a newline, found " + describe(c));
      }
      if (++digits > MAX_SIZE_DIGITS) {
        throw bad("chunk size has more than " + MAX_SIZE_DIGITS + " digits");
      }
      size = size * 10 + (c - '0');
      if (size > MAX_CHUNK) {
        throw bad("chunk size " + size + " exceeds " + MAX_CHUNK);
      }
    }
  }

  private static void expect(int actual, char expected, String where) throws FramingException {
    if (actual < 0) {
      throw new FramingException(
          FramingException.Kind.CLOSED, "the session ended inside a " + where);
    }
    if (actual != expected) {
      throw bad("expected " + describe(expected) + " in " + where + ", found " + describe(actual));
    }
  }

  private static FramingException bad(String message) {
    return new FramingException(FramingException.Kind.BAD_FRAME, "bad chunked framing: " + message);
  }

  private static String describe(int c) {
    if (c < 0) {
      return "end of stream";
    }
    if (c == '\n') {
      return "'\\n'";
    }
    if (c >= 0x20 && c < 0x7f) {
      return "'" + (char) c + "'";
    }
    return String.format("byte 0x%02x", c);
  }

  @Override
  public void write(OutputStream out, byte[] message) throws IOException {
    if (message.length == 0) {
      throw new IllegalArgumentException("a chunked message needs at least one byte");
    }
    out.write(("\n#" + message.length + "\n").getBytes(StandardCharsets.US_ASCII));
    out.write(message);
    out.write("\n##\n".getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  @Override
  public String name() {
    return "base:1.1";
  }
}
