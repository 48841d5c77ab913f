package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * The client against real devices: yuma123 netconfd behind OpenSSH, started by scripts/netconf-lab.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd"})
class NetconfDeviceTest {

  private static final String PW_VAR = "WEFT_TEST_NETCONF_PASSWORD";
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(30));
  private static final String QOS_NS = "http://openconfig.net/yang/qos";

  private static Path stateDir;
  private static NetconfLab lab;
  private static NetconfLab.Device dev1;
  private static NetconfLab.Device dev2;

  @BeforeAll
  static void startDevices() throws Exception {
    stateDir = Files.createTempDirectory("weft-netconf-lab");
    lab = NetconfLab.start(stateDir, 2);
    dev1 = lab.device(1);
    dev2 = lab.device(2);
  }

  @AfterAll
  static void stopDevices() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  private static NetconfClient client(ClientSettings settings, Map<String, String> env) {
    return new NetconfClient(settings, env::get);
  }

  private static NetconfClient client() {
    return client(ClientSettings.defaults(), Map.of(PW_VAR, dev1.password()));
  }

  private static NetconfSession open(NetconfClient c, NetconfLab.Device d) throws NetconfException {
    return c.connect(
        d.endpoint(),
        Credentials.keyFile(d.user(), d.rsaKey()),
        HostKeyPolicy.strict(d.knownHosts()),
        TIMEOUTS);
  }

  private static String roceConfig() throws IOException {
    return Files.readString(
        NetconfLab.projectDir().resolve("yang/examples/roce-leaf.xml"), StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- hello and framing

  @Test
  void helloNegotiatesChunkedFramingAndListsTheProjectModules() throws Exception {
    try (NetconfClient c = client();
        NetconfSession s = open(c, dev1)) {
      assertEquals("base:1.1", s.framing());
      Hello h = s.hello();
      assertTrue(h.sessionId() > 0);
      assertTrue(h.supports(Hello.BASE_1_1));
      assertTrue(h.supportsPrefix("urn:ietf:params:netconf:capability:candidate:1.0"));
      assertTrue(h.supportsPrefix(QOS_NS), () -> "capabilities: " + h.capabilities());
      assertTrue(h.supportsPrefix("urn:weft:yang:qos-ext"));
      assertTrue(h.supportsPrefix("http://openconfig.net/yang/interfaces/ethernet"));
      assertNotNull(s.getConfig(null).data());
    }
  }

  @Test
  void base10OnlyClientGetsEndOfMessageFraming() throws Exception {
    try (NetconfClient c = client(ClientSettings.defaults().base10Only(), Map.of());
        NetconfSession s = open(c, dev1)) {
      assertEquals("base:1.0", s.framing());
      Reply r = s.getConfig("<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"/>");
      assertEquals("data", r.data().getLocalName());
      assertTrue(s.lock(Datastore.CANDIDATE).isOk());
      assertTrue(s.unlock(Datastore.CANDIDATE).isOk());
    }
  }

  // ---------------------------------------------------------------- operations

  @Test
  void getConfigWithSubtreeFilterReturnsWhatEditConfigWrote() throws Exception {
    try (NetconfClient c = client();
        NetconfSession s = open(c, dev2)) {
      s.rpc("<edit-config><target><candidate/></target>" + roceConfig() + "</edit-config>");
      assertTrue(s.rpc("<commit/>").isOk());

      Reply r = s.getConfig("<qos xmlns=\"" + QOS_NS + "\"><queue-management-profiles/></qos>");
      Element data = r.data();
      assertEquals("150000", text(data, QOS_NS, "min-threshold"));
      assertEquals("1500000", text(data, QOS_NS, "max-threshold"));
      assertEquals("true", text(data, QOS_NS, "enable-ecn"));
      // the filter selected only the profiles
      assertEquals(0, data.getElementsByTagNameNS(QOS_NS, "scheduler-policies").getLength());
      assertEquals(
          0,
          data.getElementsByTagNameNS("http://openconfig.net/yang/interfaces", "interfaces")
              .getLength());

      Reply pfc =
          s.getConfig(
              "<qos xmlns=\""
                  + QOS_NS
                  + "\"><interfaces><interface><interface-id>Ethernet1</interface-id>"
                  + "<pfc xmlns=\"urn:weft:yang:qos-ext\"/></interface></interfaces></qos>");
      assertEquals("3", text(pfc.data(), "urn:weft:yang:qos-ext", "enabled-priorities"));
      assertEquals("200", text(pfc.data(), "urn:weft:yang:qos-ext", "detection-time"));
    }
  }

  @Test
  void lockIsExclusiveAndUnlockReleasesIt() throws Exception {
    try (NetconfClient c = client();
        NetconfSession a = open(c, dev1);
        NetconfSession b = open(c, dev1)) {
      assertTrue(a.lock(Datastore.RUNNING).isOk());
      try {
        RpcErrorException e =
            assertThrows(RpcErrorException.class, () -> b.lock(Datastore.RUNNING));
        assertEquals(NetconfException.Reason.NETCONF_ERROR, e.reason());
        assertEquals("lock-denied", e.errors().get(0).tag());
      } finally {
        assertTrue(a.unlock(Datastore.RUNNING).isOk());
      }
      assertTrue(b.lock(Datastore.RUNNING).isOk());
      assertTrue(b.unlock(Datastore.RUNNING).isOk());
    }
  }

  @Test
  void rpcErrorIsParsedIntoTypedFields() throws Exception {
    String bad =
        "<edit-config><target><candidate/></target><config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + "<qos xmlns=\""
            + QOS_NS
            + "\"><queue-management-profiles><queue-management-profile>"
            + "<name>bad</name><config><name>bad</name></config><wred><uniform><config>"
            + "<max-drop-probability-percent>150</max-drop-probability-percent>"
            + "</config></uniform></wred></queue-management-profile></queue-management-profiles></qos></config></edit-config>";
    try (NetconfClient c = client();
        NetconfSession s = open(c, dev2)) {
      RpcErrorException e = assertThrows(RpcErrorException.class, () -> s.rpc(bad));
      assertEquals(NetconfException.Reason.NETCONF_ERROR, e.reason());
      assertEquals("netconf-error", e.reason().label());
      RpcError err = e.errors().get(0);
      assertEquals("invalid-value", err.tag());
      assertEquals("error", err.severity());
      assertTrue(List.of("protocol", "application").contains(err.type()), err.type());
      assertTrue(err.path().contains("max-drop-probability-percent"), err.path());
      assertFalse(err.message().isEmpty());
      assertTrue(
          e.getMessage()
              .startsWith(dev2.endpoint().label() + ": <edit-config> failed: invalid-value at "),
          e.getMessage());
      // the session stays usable after an rpc-error
      assertTrue(s.rpc("<discard-changes/>").isOk());
    }
  }

  // ---------------------------------------------------------------- authentication

  @Test
  void passwordFromEnvironmentVariable() throws Exception {
    try (NetconfClient c = client();
        NetconfSession s =
            c.connect(
                dev1.endpoint(),
                Credentials.passwordFromEnv(dev1.user(), PW_VAR),
                HostKeyPolicy.strict(dev1.knownHosts()),
                TIMEOUTS)) {
      assertNotNull(s.getConfig(null).data());
    }
  }

  @Test
  void keyAuthWithRsaPemAndEd25519() throws Exception {
    for (Path key : List.of(dev1.rsaKey(), dev1.ed25519Key())) {
      try (NetconfClient c = client();
          NetconfSession s =
              c.connect(
                  dev1.endpoint(),
                  Credentials.keyFile(dev1.user(), key),
                  HostKeyPolicy.strict(dev1.knownHosts()),
                  TIMEOUTS)) {
        assertNotNull(s.getConfig(null).data(), key.toString());
      }
    }
  }

  @Test
  void agentAuthWithARealSshAgent(@TempDir Path dir) throws Exception {
    Path sock = dir.resolve("agent.sock");
    Process agent =
        new ProcessBuilder("ssh-agent", "-D", "-a", sock.toString())
            .redirectErrorStream(true)
            .start();
    try {
      // ssh-agent -D prints its environment line once the socket is listening
      BufferedReader out =
          new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8));
      String first = out.readLine();
      assertNotNull(first, "ssh-agent printed nothing");
      assertTrue(first.startsWith("SSH_AUTH_SOCK="), first);
      ProcessBuilder add =
          new ProcessBuilder("ssh-add", dev1.ed25519Key().toString()).redirectErrorStream(true);
      add.environment().put("SSH_AUTH_SOCK", sock.toString());
      Process p = add.start();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      assertEquals(
          0, p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));

      try (NetconfClient c =
              client(ClientSettings.defaults(), Map.of("SSH_AUTH_SOCK", sock.toString()));
          NetconfSession s =
              c.connect(
                  dev1.endpoint(),
                  Credentials.agent(dev1.user()),
                  HostKeyPolicy.strict(dev1.knownHosts()),
                  TIMEOUTS)) {
        assertNotNull(s.getConfig(null).data());
      }
      // without SSH_AUTH_SOCK the agent cannot be used: a clear auth error, no connection
      try (NetconfClient c = client(ClientSettings.defaults(), Map.of())) {
        NetconfException e =
            assertThrows(
                NetconfException.class,
                () ->
                    c.connect(
                        dev1.endpoint(),
                        Credentials.agent(dev1.user()),
                        HostKeyPolicy.strict(dev1.knownHosts()),
                        TIMEOUTS));
        assertEquals(NetconfException.Reason.AUTH, e.reason());
        assertTrue(e.getMessage().contains("SSH_AUTH_SOCK"), e.getMessage());
      }
    } finally {
      agent.destroy();
      agent.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void wrongPasswordIsAnAuthFailureThatNeverShowsTheSecret() throws Exception {
    String canary = "canary-" + UUID.randomUUID();
    Credentials creds = Credentials.passwordFromEnv(dev1.user(), PW_VAR);
    try (NetconfClient c = client(ClientSettings.defaults(), Map.of(PW_VAR, canary))) {
      NetconfException e =
          assertThrows(
              NetconfException.class,
              () ->
                  c.connect(
                      dev1.endpoint(), creds, HostKeyPolicy.strict(dev1.knownHosts()), TIMEOUTS));
      assertEquals(NetconfException.Reason.AUTH, e.reason());
      assertTrue(
          e.getMessage().contains("authentication failed for user " + dev1.user()), e.getMessage());
      assertTrue(e.getMessage().contains("$" + PW_VAR), e.getMessage());
      for (Throwable t = e; t != null; t = t.getCause()) {
        assertFalse(String.valueOf(t.getMessage()).contains(canary));
        assertFalse(t.toString().contains(canary));
      }
      assertFalse(creds.toString().contains(canary));
    }
  }

  @Test
  void missingPasswordVariableFailsBeforeConnecting() {
    try (NetconfClient c = client(ClientSettings.defaults(), Map.of())) {
      NetconfException e =
          assertThrows(
              NetconfException.class,
              () ->
                  c.connect(
                      dev1.endpoint(),
                      Credentials.passwordFromEnv(dev1.user(), PW_VAR),
                      HostKeyPolicy.strict(dev1.knownHosts()),
                      TIMEOUTS));
      assertEquals(NetconfException.Reason.AUTH, e.reason());
      assertEquals(
          dev1.endpoint().label()
              + ": environment variable "
              + PW_VAR
              + " (password of "
              + dev1.user()
              + ") is not set",
          e.getMessage());
    }
  }

  // ---------------------------------------------------------------- host keys

  @Test
  void unknownHostKeyIsRefusedWithItsFingerprint(@TempDir Path dir) throws Exception {
    Path empty = Files.writeString(dir.resolve("known_hosts"), "");
    try (NetconfClient c = client()) {
      NetconfException e =
          assertThrows(
              NetconfException.class,
              () ->
                  c.connect(
                      dev1.endpoint(),
                      Credentials.keyFile(dev1.user(), dev1.rsaKey()),
                      HostKeyPolicy.strict(empty),
                      TIMEOUTS));
      assertEquals(NetconfException.Reason.HOST_KEY, e.reason());
      assertTrue(e.getMessage().contains("unknown host key"), e.getMessage());
      assertTrue(
          dev1.hostKeyFingerprints().stream().anyMatch(fp -> e.getMessage().contains(fp)),
          e.getMessage());
      assertEquals("", Files.readString(empty), "a refused key must not be written");
    }
  }

  @Test
  void acceptNewHostKeysTrustsOnFirstContactOnly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("known_hosts");
    try (NetconfClient c = client()) {
      try (NetconfSession s =
          c.connect(
              dev1.endpoint(),
              Credentials.keyFile(dev1.user(), dev1.rsaKey()),
              HostKeyPolicy.acceptNew(file),
              TIMEOUTS)) {
        assertNotNull(s.hello());
      }
      String written = Files.readString(file);
      assertTrue(written.contains("[127.0.0.1]:" + dev1.endpoint().port() + " "), written);
      // the recorded key now verifies strictly
      try (NetconfSession s =
          c.connect(
              dev1.endpoint(),
              Credentials.keyFile(dev1.user(), dev1.rsaKey()),
              HostKeyPolicy.strict(file),
              TIMEOUTS)) {
        assertNotNull(s.hello());
      }
    }
  }

  @Test
  void changedHostKeyIsRefusedEvenWhenAcceptingNewKeys(@TempDir Path dir) throws Exception {
    // dev2's keys recorded under dev1's address: dev1 now looks re-keyed (or impersonated)
    String dev2Address = "[127.0.0.1]:" + dev2.endpoint().port() + " ";
    String dev1Address = "[127.0.0.1]:" + dev1.endpoint().port() + " ";
    Path file =
        Files.writeString(
            dir.resolve("known_hosts"),
            Files.readString(dev2.knownHosts()).replace(dev2Address, dev1Address));
    String before = Files.readString(file);
    try (NetconfClient c = client()) {
      for (HostKeyPolicy policy :
          List.of(HostKeyPolicy.strict(file), HostKeyPolicy.acceptNew(file))) {
        NetconfException e =
            assertThrows(
                NetconfException.class,
                () ->
                    c.connect(
                        dev1.endpoint(),
                        Credentials.keyFile(dev1.user(), dev1.rsaKey()),
                        policy,
                        TIMEOUTS));
        assertEquals(NetconfException.Reason.HOST_KEY, e.reason());
        assertTrue(e.getMessage().contains("host key CHANGED"), e.getMessage());
        assertTrue(
            dev1.hostKeyFingerprints().stream().anyMatch(fp -> e.getMessage().contains(fp)),
            e.getMessage());
      }
    }
    assertEquals(before, Files.readString(file), "known_hosts must not be rewritten");
  }

  // ---------------------------------------------------------------- failures

  @Test
  void deviceDownIsRefused() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    DeviceEndpoint down = new DeviceEndpoint("down", "127.0.0.1", port);
    try (NetconfClient c = client()) {
      NetconfException e =
          assertThrows(
              NetconfException.class,
              () ->
                  c.connect(
                      down,
                      Credentials.keyFile(dev1.user(), dev1.rsaKey()),
                      HostKeyPolicy.strict(dev1.knownHosts()),
                      TIMEOUTS));
      assertEquals(NetconfException.Reason.REFUSED, e.reason());
      assertEquals(
          "down (127.0.0.1:" + port + "): connection refused (nothing listens there)",
          e.getMessage());
    }
  }

  @Test
  void replyOverTheLimitIsRefusedAndClosesTheSession() throws Exception {
    long limit = 16 * 1024; // above the server hello, below a full <get>
    try (NetconfClient c = client();
        NetconfSession s = open(c, dev1)) {
      assertTrue(s.get(null).raw().length > limit, "precondition: <get> is larger than the limit");
    }
    try (NetconfClient c = client(ClientSettings.defaults().withMaxReplyBytes(limit), Map.of());
        NetconfSession s = open(c, dev1)) {
      ReplyTooLargeException e = assertThrows(ReplyTooLargeException.class, () -> s.get(null));
      assertEquals("reply-too-large", e.reason().label());
      assertTrue(
          e.getMessage().contains("exceeds the limit of " + limit + " bytes"), e.getMessage());
      NetconfException after = assertThrows(NetconfException.class, () -> s.getConfig(null));
      assertEquals(NetconfException.Reason.PROTOCOL, after.reason());
    }
  }

  @Test
  void backupOfALiveDeviceIsStableAcrossRuns(@TempDir Path dir) throws Exception {
    try (NetconfClient c = client();
        NetconfSession s = open(c, dev2);
        dev.weft.git.BackupRepository repo = dev.weft.git.BackupRepository.openOrInit(dir)) {
      s.rpc("<edit-config><target><candidate/></target>" + roceConfig() + "</edit-config>");
      s.rpc("<commit/>");
      java.time.Instant t = java.time.Instant.parse("2026-11-30T08:00:00Z");
      var first = repo.record(Map.of("dev2", s.getConfig(null).data()), List.of(), t);
      assertTrue(first.committed());
      String file = Files.readString(dir.resolve("dev2.xml"));
      assertTrue(file.contains("<min-threshold>150000</min-threshold>"), file);
      assertTrue(
          file.contains(
              "xmlns:oc-eth=\"http://openconfig.net/yang/interfaces/ethernet\">oc-eth:SPEED_400GB"),
          file);
      var second = repo.record(Map.of("dev2", s.getConfig(null).data()), List.of(), t);
      assertFalse(
          second.committed(), "a second read of an unchanged device must give the same file");
    }
  }

  private static String text(Element root, String ns, String local) {
    var nodes = root.getElementsByTagNameNS(ns, local);
    assertTrue(nodes.getLength() > 0, "no <" + local + "> in reply");
    return nodes.item(0).getTextContent().trim();
  }
}
