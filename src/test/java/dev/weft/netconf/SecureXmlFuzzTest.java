package dev.weft.netconf;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The XML reader of device messages, and the hello reader on top of it, on damaged replies, DTDs,
 * entity bombs, deep nesting and invalid UTF-8: a document or a {@link
 * SecureXml.RejectedXmlException}, never another exception (a stack overflow included). The seeds
 * (SecureXmlFuzzTestInputs/) hold a reply, a hello and the hostile documents that once needed a
 * fix.
 */
class SecureXmlFuzzTest {

  @FuzzTest
  void anyBytesAreADocumentOrRefused(byte[] bytes) {
    parse(bytes);
  }

  @FuzzTest
  void anyHelloIsReadOrRefused(byte[] bytes) {
    Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          try {
            Hello.parse(SecureXml.parse(bytes));
          } catch (SecureXml.RejectedXmlException | Hello.MalformedHelloException typed) {
            // refused: fine
          }
        });
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 257, 5_000, 100_000})
  void deepNestingIsRefusedNotAStackOverflow(int depth) {
    String deep = "<a>".repeat(depth) + "x" + "</a>".repeat(depth);
    parse(deep.getBytes(StandardCharsets.UTF_8));
    anyHelloIsReadOrRefused(
        ("<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities><capability>"
                + deep
                + "</capability></capabilities><session-id>1</session-id></hello>")
            .getBytes(StandardCharsets.UTF_8));
  }

  private static void parse(byte[] bytes) {
    Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          try {
            SecureXml.parse(bytes);
          } catch (SecureXml.RejectedXmlException typed) {
            // refused with one line: fine
          }
        });
  }
}
