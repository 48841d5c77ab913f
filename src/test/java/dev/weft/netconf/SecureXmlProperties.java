package dev.weft.netconf;

import dev.weft.testing.Mutator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assertions;

/**
 * The XML reader of device messages on damaged replies, DTDs, entity bombs, deep nesting and invalid UTF-8: a
 * document or a {@link SecureXml.RejectedXmlException}, never another exception (a stack overflow included).
 */
class SecureXmlProperties {

    private static final String REPLY = "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><data>"
            + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet0</name><config>"
            + "<name>Ethernet0</name><mtu>9216</mtu><description>a &lt; b</description></config></interface></interfaces>"
            + "</data></rpc-reply>";

    @Property(tries = 500)
    void aDamagedReplyIsADocumentOrRefused(@ForAll long seed, @ForAll @IntRange(min = 1, max = 10) int rounds) {
        byte[] bytes = Mutator.mutate(REPLY.getBytes(StandardCharsets.UTF_8), new Random(seed), rounds);
        parse(bytes);
    }

    @Property(tries = 200)
    void hostileXmlIsRefused(@ForAll("hostile") String xml) {
        parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 20)
    void deepNestingIsRefusedNotAStackOverflow(@ForAll @IntRange(min = 200, max = 100_000) int depth) {
        String deep = "<a>".repeat(depth) + "x" + "</a>".repeat(depth);
        parse(deep.getBytes(StandardCharsets.UTF_8));
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                Hello.parse(SecureXml.parse(("<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities><capability>"
                        + deep + "</capability></capabilities><session-id>1</session-id></hello>").getBytes(StandardCharsets.UTF_8)));
            } catch (SecureXml.RejectedXmlException | Hello.MalformedHelloException typed) {
                // refused: fine
            }
        });
    }

    private static void parse(byte[] bytes) {
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                SecureXml.parse(bytes);
            } catch (SecureXml.RejectedXmlException typed) {
                // refused with one line: fine
            }
        });
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.of(
                "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>",
                "<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                        + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]><r>&d;&d;</r>",
                "<r xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"file:///etc/passwd\"/></r>",
                "<r a=\"1\" a=\"2\"/>", "<r>\u0000</r>", "<r><![CDATA[", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r/>",
                "<r>" + "<x/>".repeat(50_000) + "</r>", "", "<", "<r>&unknown;</r>", "<r>&#xD800;</r>")
                .map(s -> s);
    }
}
