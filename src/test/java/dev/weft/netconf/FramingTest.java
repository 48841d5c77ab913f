package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FramingTest {

  private static final long LIMIT = 4096;

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String s(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** Hands out one byte per read call: every message is split at every possible point. */
  private static final class Trickle extends InputStream {
    private final ByteArrayInputStream in;

    Trickle(byte[] data) {
      this.in = new ByteArrayInputStream(data);
    }

    @Override
    public int read() {
      return in.read();
    }

    @Override
    public int read(byte[] buf, int off, int len) {
      return len == 0 ? 0 : in.read(buf, off, 1);
    }
  }

  /** An endless stream that counts what was taken from it. */
  private static final class Endless extends InputStream {
    private final byte[] pattern;
    long consumed;

    Endless(String pattern) {
      this.pattern = b(pattern);
    }

    @Override
    public int read() {
      return pattern[(int) (consumed++ % pattern.length)] & 0xff;
    }

    @Override
    public int read(byte[] buf, int off, int len) {
      for (int i = 0; i < len; i++) {
        buf[off + i] = (byte) read();
      }
      return len;
    }
  }

  // ---------------------------------------------------------------- end-of-message (base:1.0)

  @Test
  void eomReadsConsecutiveMessagesFromOneStream() throws IOException {
    InputStream in = new ByteArrayInputStream(b("<a/>]]>]]><b/>]]>]]>"));
    EndOfMessageFraming f = new EndOfMessageFraming();
    assertEquals("<a/>", s(f.read(in, LIMIT)));
    assertEquals("<b/>", s(f.read(in, LIMIT)));
    FramingException end = assertThrows(FramingException.class, () -> f.read(in, LIMIT));
    assertEquals(FramingException.Kind.CLOSED, end.kind());
  }

  @Test
  void eomKeepsPartialDelimitersThatAreContent() throws IOException {
    // "]]>]]" and "]]]>" look like delimiter starts but are content
    String content = "x]]>]]y]]]>]]z]]>]";
    InputStream in = new Trickle(b(content + "]]>]]>" + "]]]>]]>"));
    EndOfMessageFraming f = new EndOfMessageFraming();
    assertEquals(content, s(f.read(in, LIMIT)));
    assertEquals("]", s(f.read(in, LIMIT)));
  }

  @Test
  void eomSessionEndingInsideMessageIsReported() {
    FramingException e =
        assertThrows(
            FramingException.class,
            () ->
                new EndOfMessageFraming()
                    .read(new ByteArrayInputStream(b("<rpc-reply>]]>")), LIMIT));
    assertEquals(FramingException.Kind.CLOSED, e.kind());
    assertTrue(e.getMessage().contains("inside a message"), e.getMessage());
  }

  @Test
  void eomStopsReadingAtTheLimit() {
    Endless in = new Endless("<data>0123456789</data>");
    FramingException e =
        assertThrows(FramingException.class, () -> new EndOfMessageFraming().read(in, LIMIT));
    assertEquals(FramingException.Kind.TOO_LARGE, e.kind());
    assertTrue(
        in.consumed <= LIMIT + EndOfMessageFraming.DELIMITER.length, "consumed " + in.consumed);
  }

  @Test
  void eomWriteAppendsDelimiterAndRefusesEmbeddedDelimiter() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new EndOfMessageFraming().write(out, b("<hello/>"));
    assertEquals("<hello/>]]>]]>", out.toString(StandardCharsets.UTF_8));
    assertThrows(
        IllegalArgumentException.class,
        () -> new EndOfMessageFraming().write(new ByteArrayOutputStream(), b("<a>]]>]]></a>")));
  }

  // ---------------------------------------------------------------- chunked (base:1.1)

  @Test
  void chunkedJoinsChunksSplitAcrossReads() throws IOException {
    String second = "-reply>ok</rpc-reply>";
    byte[] stream =
        b("\n#4\n<rpc\n#" + second.length() + "\n" + second + "\n##\n\n#3\n<a/\n#1\n>\n##\n");
    InputStream in = new Trickle(stream);
    ChunkedFraming f = new ChunkedFraming();
    assertEquals("<rpc-reply>ok</rpc-reply>", s(f.read(in, LIMIT)));
    assertEquals("<a/>", s(f.read(in, LIMIT)));
  }

  @Test
  void chunkedDataMayContainFramingCharacters() throws IOException {
    String data = "\n##\n]]>]]>\n#9\n";
    byte[] stream = b("\n#" + data.length() + "\n" + data + "\n##\n");
    assertEquals(data, s(new ChunkedFraming().read(new ByteArrayInputStream(stream), LIMIT)));
  }

  @Test
  void chunkedMultiByteUtf8SizesAreBytes() throws IOException {
    byte[] data = b("<d>größe</d>");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ChunkedFraming().write(out, data);
    String header = "\n#" + data.length + "\n";
    assertEquals(
        header, new String(out.toByteArray(), 0, header.length(), StandardCharsets.US_ASCII));
    assertArrayEquals(
        data, new ChunkedFraming().read(new ByteArrayInputStream(out.toByteArray()), LIMIT));
  }

  @Test
  void chunkedRejectsBadHeaders() {
    String[] bad = {
      "\n#0\n", // size 0 is not allowed
      "\n#012\nabcdefghijkl\n##\n", // leading zero
      "\n#abc\n", // not digits
      "\n#-5\n", // sign
      "\n# 5\n", // space
      "\n#12345678901\n", // more than 10 digits
      "\n#4294967296\n", // above 2^32-1
      "\n#5 \nhello\n##\n", // trailing junk after size
      "#5\nhello\n##\n", // missing leading LF
      "\n*5\nhello\n##\n", // wrong marker
      "\n##\n", // end-of-chunks before any chunk
      "\n#5\nhello\n#", // ends inside the next header
      "\n#5\nhello\n##x", // bad end-of-chunks
    };
    for (String stream : bad) {
      FramingException e =
          assertThrows(
              FramingException.class,
              () -> new ChunkedFraming().read(new ByteArrayInputStream(b(stream)), LIMIT),
              () -> "accepted " + stream.replace("\n", "\\n"));
      assertTrue(e.kind() != FramingException.Kind.TOO_LARGE, stream);
    }
  }

  @Test
  void chunkedEndOfStreamInsideChunkData() {
    FramingException e =
        assertThrows(
            FramingException.class,
            () -> new ChunkedFraming().read(new ByteArrayInputStream(b("\n#10\nabc")), LIMIT));
    assertEquals(FramingException.Kind.CLOSED, e.kind());
    assertTrue(e.getMessage().contains("7 of 10 bytes missing"), e.getMessage());
  }

  @Test
  void chunkedRefusesAnOversizedChunkFromItsHeader() {
    Endless in = new Endless("\n#4000000000\n"); // the header repeats; only one is read
    FramingException e =
        assertThrows(FramingException.class, () -> new ChunkedFraming().read(in, LIMIT));
    assertEquals(FramingException.Kind.TOO_LARGE, e.kind());
    assertTrue(in.consumed <= 13, "read past the header: " + in.consumed);
  }

  @Test
  void chunkedStopsAnEndlessSeriesOfSmallChunksAtTheLimit() {
    Endless in = new Endless("\n#8\n01234567");
    FramingException e =
        assertThrows(FramingException.class, () -> new ChunkedFraming().read(in, LIMIT));
    assertEquals(FramingException.Kind.TOO_LARGE, e.kind());
    assertTrue(in.consumed <= LIMIT * 2, "consumed " + in.consumed);
  }

  @Test
  void chunkedAcceptsAMessageOfExactlyTheLimit() throws IOException {
    byte[] data = new byte[(int) LIMIT];
    java.util.Arrays.fill(data, (byte) 'x');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ChunkedFraming().write(out, data);
    assertEquals(
        LIMIT,
        new ChunkedFraming().read(new ByteArrayInputStream(out.toByteArray()), LIMIT).length);
    assertThrows(
        FramingException.class,
        () -> new ChunkedFraming().read(new ByteArrayInputStream(out.toByteArray()), LIMIT - 1));
  }
}
