package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assertions;

/**
 * NETCONF framing, base:1.0 (end-of-message) and base:1.1 (chunked), on any byte stream a device
 * can send: a message no larger than the limit, or a {@link FramingException} / end of stream,
 * never another exception; what is written is read back unchanged.
 */
class FramingFuzzTest {

  private static final long LIMIT = 4096;
  private static final List<Framing> FRAMINGS =
      List.of(new EndOfMessageFraming(), new ChunkedFraming());

  @FuzzTest
  void anyStreamIsAMessageWithinTheLimitOrAFramingError(byte[] stream) {
    for (Framing framing : FRAMINGS) {
      byte[] message =
          Assertions.assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () -> {
                try {
                  return framing.read(new ByteArrayInputStream(stream), LIMIT);
                } catch (IOException typed) { // FramingException, or the stream's own end
                  return new byte[0];
                }
              });
      assertTrue(
          message.length <= LIMIT, framing.name() + " returned " + message.length + " bytes");
    }
  }

  @FuzzTest
  void whatIsWrittenIsReadBack(byte[] message) throws IOException {
    if (message.length == 0) {
      return; // an empty message is not a message
    }
    for (Framing framing : FRAMINGS) {
      if (framing instanceof EndOfMessageFraming
          && (new String(message, StandardCharsets.ISO_8859_1) + "]]>]]>").indexOf("]]>]]>")
              != message.length) {
        // base:1.0 cannot carry its own delimiter, nor a message that forms it with the one
        // written after it (a trailing ]]>): the writer refuses rather than send another message
        assertThrows(
            IllegalArgumentException.class,
            () -> framing.write(new ByteArrayOutputStream(), message),
            framing.name());
        continue;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      framing.write(out, message);
      assertArrayEquals(
          message,
          framing.read(new ByteArrayInputStream(out.toByteArray()), 1 << 20),
          framing.name());
    }
  }
}
