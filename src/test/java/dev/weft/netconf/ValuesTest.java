package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ValuesTest {

  private static Document xml(String s) throws Exception {
    return SecureXml.parse(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void credentialsNeedExactlyOneMethodAndNeverHoldASecret() {
    assertThrows(
        IllegalArgumentException.class, () -> new Credentials("u", Path.of("k"), true, null));
    assertThrows(IllegalArgumentException.class, () -> new Credentials("u", null, false, null));
    assertThrows(
        IllegalArgumentException.class, () -> Credentials.passwordFromEnv("u", "not a name"));
    assertEquals(
        "Credentials[user=admin, password from $SW_PW]",
        Credentials.passwordFromEnv("admin", "SW_PW").toString());
    assertEquals("Credentials[user=admin, agent]", Credentials.agent("admin").toString());
    assertEquals(
        "Credentials[user=admin, key-file /k/id_rsa]",
        Credentials.keyFile("admin", Path.of("/k/id_rsa")).toString());
  }

  @Test
  void reasonLabelsAreTheReportWords() {
    assertEquals(
        List.of(
            "refused",
            "timeout",
            "auth",
            "host-key",
            "netconf-error",
            "reply-too-large",
            "protocol",
            "command-failed"),
        java.util.Arrays.stream(NetconfException.Reason.values())
            .map(NetconfException.Reason::label)
            .toList());
    assertEquals("host-key", new HostKeyException("x").reason().label());
    assertEquals("reply-too-large", new ReplyTooLargeException("x").reason().label());
    assertEquals("command-failed", new CommandFailedException("x").reason().label());
  }

  @Test
  void onlyLoopbackAddressesAreAllowed() {
    assertDoesNotThrow(
        () -> NetconfClient.requireLoopback(new DeviceEndpoint("a", "127.0.0.1", 830)));
    assertDoesNotThrow(
        () -> NetconfClient.requireLoopback(new DeviceEndpoint("a", "127.3.2.1", 830)));
    assertDoesNotThrow(() -> NetconfClient.requireLoopback(new DeviceEndpoint("a", "::1", 830)));
    NetconfException e =
        assertThrows(
            NetconfException.class,
            () -> NetconfClient.requireLoopback(new DeviceEndpoint("leaf-1", "10.1.2.3", 830)));
    assertEquals(NetconfException.Reason.REFUSED, e.reason());
    assertEquals(
        "leaf-1 (10.1.2.3:830): 10.1.2.3 is not a loopback address;"
            + " this client only connects to 127.0.0.0/8 and ::1",
        e.getMessage());
    assertEquals("x ([::1]:830)", new DeviceEndpoint("x", "::1", 830).label());
  }

  @Test
  void rpcErrorsAreReadInOrderWithAllFields() throws Exception {
    Document reply =
        xml(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"4\">"
                + "<rpc-error><error-type>application</error-type><error-tag>data-missing</error-tag>"
                + "<error-severity>error</error-severity><error-app-tag>instance-required</error-app-tag>"
                + "<error-path>/oc-qos:qos/x</error-path><error-message xml:lang=\"en\"> required value instance not found"
                + " </error-message></rpc-error>"
                + "<rpc-error><error-type>rpc</error-type><error-tag>operation-failed</error-tag>"
                + "<error-severity>warning</error-severity></rpc-error></rpc-reply>");
    assertDoesNotThrow(() -> Rpc.checkReply(reply, 4));
    assertThrows(Rpc.WrongReplyException.class, () -> Rpc.checkReply(reply, 5));
    List<RpcError> errors = Rpc.errors(reply);
    assertEquals(
        new RpcError(
            "application",
            "data-missing",
            "error",
            "instance-required",
            "/oc-qos:qos/x",
            "required value instance not found"),
        errors.get(0));
    assertEquals(
        "data-missing at /oc-qos:qos/x: required value instance not found",
        errors.get(0).summary());
    assertFalse(errors.get(1).isError());
    assertEquals("operation-failed", errors.get(1).summary());
  }

  @Test
  void helloCapabilitiesAreSortedAndChecked() throws Exception {
    Hello h =
        Hello.parse(
            xml(
                "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
                    + "<capability> urn:ietf:params:netconf:base:1.1 </capability>"
                    + "<capability>http://openconfig.net/yang/qos?module=openconfig-qos&amp;revision=2026-11-30</capability>"
                    + "<capability>urn:ietf:params:netconf:base:1.0</capability></capabilities>"
                    + "<session-id>12</session-id></hello>"));
    assertEquals(12, h.sessionId());
    assertEquals(
        List.of(
            "http://openconfig.net/yang/qos?module=openconfig-qos&revision=2026-11-30",
            "urn:ietf:params:netconf:base:1.0",
            "urn:ietf:params:netconf:base:1.1"),
        List.copyOf(h.capabilities()));
    assertTrue(h.supportsPrefix("http://openconfig.net/yang/qos"));
    assertFalse(h.supportsPrefix("http://openconfig.net/yang"));
    Hello.MalformedHelloException e =
        assertThrows(
            Hello.MalformedHelloException.class,
            () ->
                Hello.parse(
                    xml(
                        "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
                            + "<capability>urn:x</capability></capabilities><session-id>1</session-id></hello>")));
    assertEquals("the server hello lists neither base:1.0 nor base:1.1", e.getMessage());
  }

  /**
   * RFC 6241's edit-config schema is a sequence: default-operation, test-option, error-option,
   * config.
   */
  @Test
  void anEditForValidateDefersTheChecksWithTestOptionSetInSchemaOrder() {
    String config = "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"/>";
    assertEquals(
        "<edit-config><target><candidate/></target><default-operation>merge</default-operation>"
            + "<test-option>set</test-option><error-option>rollback-on-error</error-option>"
            + config
            + "</edit-config>",
        Rpc.editConfig(Datastore.CANDIDATE, config, true, true));
    assertEquals(
        "<edit-config><target><candidate/></target><default-operation>merge</default-operation>"
            + config
            + "</edit-config>",
        Rpc.editConfig(Datastore.CANDIDATE, config, false));
  }

  @Test
  void callerXmlMustBeWellFormedBeforeItIsSent() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Rpc.getConfig(Datastore.RUNNING, "<qos xmlns=\"http://openconfig.net/yang/qos\">"));
    assertTrue(e.getMessage().startsWith("subtree filter is not well-formed XML"), e.getMessage());
    assertEquals(
        "<get-config><source><candidate/></source><filter type=\"subtree\"><a/></filter></get-config>",
        Rpc.getConfig(Datastore.CANDIDATE, "<a/>"));
    assertEquals(
        "<get-config><source><running/></source></get-config>",
        Rpc.getConfig(Datastore.RUNNING, " "));
  }
}
