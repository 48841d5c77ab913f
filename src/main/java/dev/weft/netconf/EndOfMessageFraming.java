package dev.weft.netconf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * base:1.0 framing (RFC 6242 §4.3): each message ends with {@code ]]>]]>}. Used for the hello
 * exchange and for peers that do not both speak base:1.1.
 */
final class EndOfMessageFraming implements Framing {

  static final byte[] DELIMITER = "]]>]]>".getBytes(StandardCharsets.US_ASCII);

  /** KMP fallback table of {@link #DELIMITER}: after a mismatch the longest prefix kept. */
  private static final int[] FALLBACK = fallbackTable(DELIMITER);

  @Override
  public byte[] read(InputStream in, long maxBytes) throws IOException {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    int matched = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (message.size() == 0 && matched == 0) {
          throw new FramingException(FramingException.Kind.CLOSED, "the device closed the session");
        }
        throw new FramingException(
            FramingException.Kind.CLOSED,
            "the session ended inside a message (no ]]>]]> after "
                + (message.size() + matched)
                + " bytes)");
      }
      while (matched > 0 && b != (DELIMITER[matched] & 0xff)) {
        // bytes of a partial delimiter that turned out to be content
        int keep = FALLBACK[matched - 1];
        message.write(DELIMITER, 0, matched - keep);
        matched = keep;
      }
      if (b == (DELIMITER[matched] & 0xff)) {
        matched++;
        if (matched == DELIMITER.length) {
          return message.toByteArray();
        }
      } else {
        message.write(b);
      }
      if (message.size() > maxBytes) {
        throw FramingException.tooLarge(maxBytes);
      }
    }
  }

  @Override
  public void write(OutputStream out, byte[] message) throws IOException {
    if (!frameable(message)) {
      // a base:1.0 peer would cut the message where the delimiter first appears
      throw new IllegalArgumentException(
          "a base:1.0 message must not contain ]]>]]>, nor end in a way that forms it with the"
              + " delimiter (e.g. a trailing ]]>)");
    }
    out.write(message);
    out.write(DELIMITER);
    out.flush();
  }

  /**
   * Whether the message read back is the message written: the first delimiter in the framed bytes
   * is the one written after it (a message ending in {@code ]]>} would form one a byte early).
   */
  static boolean frameable(byte[] message) {
    byte[] framed = new byte[message.length + DELIMITER.length];
    System.arraycopy(message, 0, framed, 0, message.length);
    System.arraycopy(DELIMITER, 0, framed, message.length, DELIMITER.length);
    return indexOf(framed, DELIMITER) == message.length;
  }

  @Override
  public String name() {
    return "base:1.0";
  }

  private static int[] fallbackTable(byte[] pattern) {
    int[] table = new int[pattern.length];
    int k = 0;
    for (int i = 1; i < pattern.length; i++) {
      while (k > 0 && pattern[i] != pattern[k]) {
        k = table[k - 1];
      }
      if (pattern[i] == pattern[k]) {
        k++;
      }
      table[i] = k;
    }
    return table;
  }

  private static int indexOf(byte[] data, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= data.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
