package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class SecureXmlTest {

  @Test
  void parsesNamespacedXml() throws Exception {
    Document d =
        SecureXml.parse(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><ok/></rpc-reply>"
                .getBytes(StandardCharsets.UTF_8));
    assertEquals("rpc-reply", d.getDocumentElement().getLocalName());
    assertEquals(Rpc.BASE_NS, d.getDocumentElement().getNamespaceURI());
  }

  @Test
  void refusesInternalEntitiesWithoutExpandingThem() {
    String xml =
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"CANARY-INTERNAL\">"
            + "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]><r>&b;</r>";
    SecureXml.RejectedXmlException e =
        assertThrows(
            SecureXml.RejectedXmlException.class,
            () -> SecureXml.parse(xml.getBytes(StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
    assertFalse(e.getMessage().contains("CANARY-INTERNAL"));
  }

  @Test
  void neverReadsExternalEntities(@TempDir Path dir) throws IOException {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, "CANARY-EXTERNAL-FILE");
    String xml =
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \""
            + secret.toUri()
            + "\">]><r>&x;</r>";
    SecureXml.RejectedXmlException e =
        assertThrows(
            SecureXml.RejectedXmlException.class,
            () -> SecureXml.parse(xml.getBytes(StandardCharsets.UTF_8)));
    assertFalse(e.getMessage().contains("CANARY-EXTERNAL-FILE"));
    String external = "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"" + secret.toUri() + "\"><r/>";
    assertThrows(
        SecureXml.RejectedXmlException.class,
        () -> SecureXml.parse(external.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void malformedXmlNamesThePosition() {
    SecureXml.RejectedXmlException e =
        assertThrows(
            SecureXml.RejectedXmlException.class,
            () -> SecureXml.parse("<a>\n<b></a>".getBytes(StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().startsWith("malformed XML at line 2"), e.getMessage());
  }
}
