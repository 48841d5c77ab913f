package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.platform.Platforms;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One drift audit over two real devices (netconfd behind OpenSSH, in sync) and one FAKE {@link
 * HostileDevice} per fault: missing list key, overflowing number, invalid UTF-8, XXE, entity
 * expansion, a 4 GiB chunk, endless chunks, silence mid-reply, a notification flood and a deep
 * hello. Every hostile device ends as its own {@code error} or {@code unreachable} with a finding
 * naming it, the real devices are {@code ok}, the audit returns (no exception), and no file content
 * or entity reaches any result.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd"})
class HostileDevicesInMixedAuditTest {

  @Test
  void everyHostileDeviceIsItsOwnErrorAndTheRealOnesAreOk(@TempDir Path dir) throws Exception {
    String canary = "canary-" + System.nanoTime();
    Path canaryFile = dir.resolve("canary.txt");
    Files.writeString(canaryFile, canary);
    try (NetconfLab lab = NetconfLab.start(dir.resolve("lab"), 2)) {
      List<LiveTarget> targets = new ArrayList<>();
      String realReply = null;
      for (int i = 1; i <= 2; i++) {
        NetconfLab.Device dev = lab.device(i);
        CompiledSwitch sw = Fixtures.plan(dev.endpoint().name(), "openconfig", List.of(3));
        dev.seed(
            new Renderer(TemplateFolders.builtIn()).renderDevice(sw, "pod").text("config.xml"),
            lab.clientKey());
        targets.add(
            new LiveTarget(
                sw, dev.endpoint(), Credentials.keyFile(dev.user(), lab.clientKey()), null));
        realReply = realReply != null ? realReply : getConfig(dev, lab.clientKey());
      }
      List<HostileDevice> hostile = new ArrayList<>();
      try {
        for (HostileDevice.Fault fault : HostileDevice.Fault.values()) {
          HostileDevice d =
              new HostileDevice(dir.resolve("hostkey-" + fault), fault, realReply, canaryFile);
          hostile.add(d);
          String name = "hostile-" + fault.name().toLowerCase().replace('_', '-');
          targets.add(
              new LiveTarget(
                  Fixtures.plan(name, "openconfig", List.of(3)),
                  d.endpoint(name),
                  Credentials.passwordFromEnv(FakeDevice.USER, "FAKE_PASSWORD"),
                  null));
        }
        // the real devices' keys are known (and checked); the fakes' are new and accepted
        Path knownHosts = dir.resolve("known_hosts");
        Files.copy(lab.knownHosts(), knownHosts);
        LiveSettings settings =
            new LiveSettings(
                4,
                Duration.ofSeconds(10),
                HostKeyPolicy.acceptNew(knownHosts),
                ClientSettings.defaults().withMaxReplyBytes(1 << 20),
                Map.of("FAKE_PASSWORD", "x")::get,
                LiveSettings.Hook.NONE,
                null);

        List<DriftAudit.Result> results = DriftAudit.run(settings, Platforms.builtIn(), targets);

        Map<String, String> status = new TreeMap<>();
        results.forEach(r -> status.put(r.name(), r.status().status() + ":" + r.status().reason()));
        assertEquals(targets.size(), results.size(), status.toString());
        for (DriftAudit.Result r : results) {
          if (r.name().startsWith("hostile-")) {
            assertNotEquals(DeviceStatus.Status.OK, r.status().status(), r.toString());
            assertFalse(r.findings().isEmpty(), r.toString());
            assertTrue(
                r.findings().stream().allMatch(f -> r.name().equals(f.device())),
                r.findings().toString());
            assertFalse(
                "internal-error".equals(r.status().reason()),
                "a device's fault is not a bug: " + r);
          } else {
            assertEquals(DeviceStatus.ok(r.name()), r.status(), r.toString());
          }
        }
        for (String fault : List.of("hostile-missing-key", "hostile-overflowing-number")) {
          assertEquals("ERROR:reply-invalid", status.get(fault), status.toString());
          Finding f =
              results.stream()
                  .filter(r -> r.name().equals(fault))
                  .findFirst()
                  .orElseThrow()
                  .findings()
                  .get(0);
          assertTrue(f.path() != null && f.path().contains("interface"), f.toString());
        }
        assertEquals(
            "ERROR:reply-too-large", status.get("hostile-oversized-chunk"), status.toString());
        assertEquals("ERROR:timeout", status.get("hostile-silence-mid-reply"), status.toString());
        // the hello is part of opening the NETCONF session: a device that cannot say a sane one is
        // unreachable as a NETCONF device (issue 14's reasons), with the protocol as the reason
        assertEquals("UNREACHABLE:protocol", status.get("hostile-deep-hello"), status.toString());
        assertEquals("ERROR:protocol", status.get("hostile-invalid-utf8"), status.toString());
        assertEquals("ERROR:protocol", status.get("hostile-xxe"), status.toString());
        assertEquals("ERROR:protocol", status.get("hostile-entity-expansion"), status.toString());
        // a flood ends at whichever bound it reaches first: the reply size or count limit, or the
        // reply's
        // deadline (on a loaded machine the deadline can come first); never a wait without end
        assertTrue(
            Set.of("ERROR:reply-too-large", "ERROR:timeout")
                .contains(status.get("hostile-endless-chunks")),
            status.toString());
        assertTrue(
            Set.of("ERROR:protocol", "ERROR:reply-too-large", "ERROR:timeout")
                .contains(status.get("hostile-notification-flood")),
            status.toString());
        assertFalse(results.toString().contains(canary), "the external entity was read");
        assertFalse(results.toString().contains("lollollol"), "an entity was expanded");
      } finally {
        for (HostileDevice d : hostile) {
          d.close();
        }
      }
    }
  }

  /** The whole get-config reply of a real device, as it sent it. */
  private static String getConfig(NetconfLab.Device dev, Path clientKey) throws Exception {
    try (NetconfClient c =
            new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
        NetconfSession s =
            c.connect(
                dev.endpoint(),
                Credentials.keyFile(dev.user(), clientKey),
                HostKeyPolicy.strict(dev.knownHosts()),
                Timeouts.all(Duration.ofSeconds(30)))) {
      return s.getConfig(null).text();
    }
  }
}
