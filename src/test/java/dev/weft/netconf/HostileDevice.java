package dev.weft.netconf;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A FAKE, hostile NETCONF device, for faults a real netconfd cannot be made to produce: it answers
 * the first RPC (Weft's get-config) with a real device's reply damaged one way ({@link Fault}), or
 * breaks the protocol around it. Each fault is one thing a broken or malicious switch could send;
 * the client must turn every one into that device's status, and nothing else.
 */
final class HostileDevice extends FakeDevice {

  static final String HELLO_1_1 =
      "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
          + "<capability>urn:ietf:params:netconf:base:1.0</capability>"
          + "<capability>urn:ietf:params:netconf:base:1.1</capability></capabilities>"
          + "<session-id>9</session-id></hello>";

  /** What the device does wrong. */
  enum Fault {
    /** An interface list entry without its key ({@code name}). */
    MISSING_KEY,
    /** An MTU far beyond 64 bits. */
    OVERFLOWING_NUMBER,
    /** A byte sequence that is not UTF-8 inside the reply. */
    INVALID_UTF8,
    /** A DOCTYPE whose external entity names a file on the client's machine. */
    XXE,
    /** A DOCTYPE with nested internal entities (billion laughs). */
    ENTITY_EXPANSION,
    /** base:1.1, a chunk header announcing 4 GiB. */
    OVERSIZED_CHUNK,
    /** base:1.1, small chunks forever and no end-of-chunks. */
    ENDLESS_CHUNKS,
    /** Half the reply, then nothing (the session stays open). */
    SILENCE_MID_REPLY,
    /** Notifications without end before the reply (Weft never subscribed). */
    NOTIFICATION_FLOOD,
    /**
     * A hello whose capabilities nest 20,000 elements deep (well under the hello size limit: the
     * depth limit must refuse it).
     */
    DEEP_HELLO
  }

  private static final Pattern MESSAGE_ID = Pattern.compile("message-id=\"([^\"]*)\"");
  private static final Pattern REPLY_ID =
      Pattern.compile("(<rpc-reply[^>]*message-id=\")[^\"]*(\")");

  /**
   * @param realReply a real device's whole get-config {@code <rpc-reply>}, which the device damages
   * @param canaryFile a file the {@link Fault#XXE} entity points at; its content must appear
   *     nowhere
   */
  HostileDevice(Path hostKey, Fault fault, String realReply, Path canaryFile) throws IOException {
    super(hostKey, (in, out) -> play(fault, realReply, canaryFile, in, out));
  }

  static String damaged(Fault fault, String reply) {
    return switch (fault) {
      case MISSING_KEY ->
          changed(reply, reply.replaceFirst("(<interface>)\\s*<name>[^<]*</name>", "$1"));
      case OVERFLOWING_NUMBER ->
          changed(
              reply,
              reply.replaceFirst("<mtu>[0-9]+</mtu>", "<mtu>99999999999999999999999999</mtu>"));
      default -> reply;
    };
  }

  /** The damage must have happened, or the test would prove nothing. */
  private static String changed(String before, String after) {
    if (before.equals(after)) {
      throw new IllegalStateException("the real reply has no place for this fault");
    }
    return after;
  }

  private static void play(
      Fault fault, String realReply, Path canaryFile, InputStream in, OutputStream out)
      throws IOException {
    switch (fault) {
      case DEEP_HELLO -> {
        StringBuilder deep =
            new StringBuilder(
                "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>");
        deep.append("<capability>".repeat(20_000))
            .append("x")
            .append("</capability>".repeat(20_000));
        send(
            out, deep.append("</capabilities><session-id>7</session-id></hello>]]>]]>").toString());
        drain(in);
        return;
      }
      case OVERSIZED_CHUNK, ENDLESS_CHUNKS -> {
        send(out, HELLO_1_1 + "]]>]]>");
        readEom(in); // client hello
        new ChunkedFraming().read(in, 1 << 20); // get-config
        if (fault == Fault.OVERSIZED_CHUNK) {
          send(out, "\n#4294967295\n<rpc-reply");
          drain(in);
          return;
        }
        String chunk = "\n#1024\n" + "<x/>".repeat(256);
        while (true) { // until the client hangs up
          send(out, chunk);
        }
      }
      default -> {}
    }
    send(out, HELLO_1_0 + "]]>]]>");
    readEom(in); // client hello
    String rpc = readEom(in);
    Matcher id = MESSAGE_ID.matcher(rpc);
    String messageId = id.find() ? id.group(1) : "1";
    String reply =
        REPLY_ID
            .matcher(damaged(fault, realReply))
            .replaceFirst("$1" + Matcher.quoteReplacement(messageId) + "$2")
            .replaceFirst("^<\\?xml[^>]*\\?>\\s*", "");
    switch (fault) {
      case INVALID_UTF8 -> {
        byte[] b = reply.getBytes(StandardCharsets.UTF_8);
        int at = reply.indexOf("</name>");
        out.write(b, 0, at);
        out.write(new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF});
        out.write(b, at, b.length - at);
        send(out, "]]>]]>");
      }
      case XXE ->
          send(
              out,
              "<?xml version=\"1.0\"?><!DOCTYPE rpc-reply [<!ENTITY file SYSTEM \""
                  + canaryFile.toUri()
                  + "\">]>"
                  + reply.replaceFirst("</name>", "&file;</name>")
                  + "]]>]]>");
      case ENTITY_EXPANSION -> {
        StringBuilder dtd =
            new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE rpc-reply [<!ENTITY l0 \"lol\">");
        for (int i = 1; i < 10; i++) {
          dtd.append("<!ENTITY l")
              .append(i)
              .append(" \"")
              .append(("&l" + (i - 1) + ";").repeat(10))
              .append("\">");
        }
        send(out, dtd + "]>" + reply.replaceFirst("</name>", "&l9;</name>") + "]]>]]>");
      }
      case SILENCE_MID_REPLY -> send(out, reply.substring(0, reply.length() / 2));
      case NOTIFICATION_FLOOD -> {
        String n =
            "<notification xmlns=\"urn:ietf:params:xml:ns:netconf:notification:1.0\">"
                + "<eventTime>2026-12-01T00:00:00Z</eventTime><x/></notification>]]>]]>";
        while (true) { // until the client hangs up
          send(out, n);
        }
      }
      default -> send(out, reply + "]]>]]>");
    }
    drain(in);
  }
}
