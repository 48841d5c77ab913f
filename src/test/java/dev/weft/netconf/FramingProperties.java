package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assertions;

/**
 * NETCONF framing, base:1.0 (end-of-message) and base:1.1 (chunked), on any byte stream a device can send: a message
 * no larger than the limit, or a {@link FramingException} / end of stream, never another exception; what is written
 * is read back unchanged.
 */
class FramingProperties {

    private static final long LIMIT = 4096;
    private static final List<Framing> FRAMINGS = List.of(new EndOfMessageFraming(), new ChunkedFraming());

    @Property(tries = 1000)
    void anyStreamIsAMessageWithinTheLimitOrAFramingError(@ForAll("streams") byte[] stream) {
        for (Framing framing : FRAMINGS) {
            byte[] message = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                try {
                    return framing.read(new ByteArrayInputStream(stream), LIMIT);
                } catch (IOException typed) {       // FramingException, or the stream's own end
                    return new byte[0];
                }
            });
            assertTrue(message.length <= LIMIT, framing.name() + " returned " + message.length + " bytes");
        }
    }

    @Property(tries = 300)
    void whatIsWrittenIsReadBack(@ForAll("messages") byte[] message) throws IOException {
        for (Framing framing : FRAMINGS) {
            if (framing instanceof EndOfMessageFraming && new String(message, StandardCharsets.ISO_8859_1).contains("]]>]]>")) {
                continue;       // base:1.0 cannot carry its own delimiter
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            framing.write(out, message);
            assertArrayEquals(message, framing.read(new ByteArrayInputStream(out.toByteArray()), 1 << 20), framing.name());
        }
    }

    @Provide
    Arbitrary<byte[]> streams() {
        Arbitrary<String> tokens = Arbitraries.of("\n#", "\n##\n", "#", "\n", "1", "9", "0", "4294967296", "99999999999",
                "]]>", "]]>]]>", "]]", "<rpc-reply>", "x", "\u00ff", "\u0000", " ");
        Arbitrary<byte[]> structured = tokens.list().ofMaxSize(60).map(l -> String.join("", l).getBytes(StandardCharsets.ISO_8859_1));
        Arbitrary<byte[]> raw = Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
        return Arbitraries.oneOf(structured, raw);
    }

    @Provide
    Arbitrary<byte[]> messages() {
        return Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(3000);
    }
}
