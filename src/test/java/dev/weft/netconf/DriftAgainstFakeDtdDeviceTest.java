package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.platform.Platforms;
import dev.weft.render.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drift audit against a FAKE device (a real netconfd never sends a DTD): its get-config reply
 * carries a DOCTYPE whose entities name a canary file and a canary string. The device gets an
 * {@code error} status, and neither canary is expanded into any message.
 */
class DriftAgainstFakeDtdDeviceTest {

  @Test
  void replyWithADtdIsRefusedAndNothingIsExpanded(@TempDir Path dir) throws Exception {
    Path canaryFile = dir.resolve("canary.txt");
    String fileCanary = "file-canary-" + System.nanoTime();
    Files.writeString(canaryFile, fileCanary);
    String textCanary = "text-canary-" + System.nanoTime();
    try (FakeDtdDevice device =
        new FakeDtdDevice(
            dir.resolve("hostkey"), FakeDtdDevice.Where.REPLY, canaryFile, textCanary)) {
      DeviceEndpoint endpoint = device.endpoint("fake-dtd");
      LiveTarget target =
          new LiveTarget(
              Fixtures.plan("fake-dtd", "openconfig", List.of(3)),
              endpoint,
              Credentials.passwordFromEnv(FakeDevice.USER, "FAKE_PASSWORD"),
              null);
      LiveSettings settings =
          new LiveSettings(
              2,
              Duration.ofSeconds(20),
              HostKeyPolicy.acceptNew(dir.resolve("known_hosts")),
              ClientSettings.defaults(),
              Map.of("FAKE_PASSWORD", "x")::get,
              LiveSettings.Hook.NONE,
              null);
      List<DriftAudit.Result> results =
          DriftAudit.run(settings, Platforms.builtIn(), List.of(target));
      assertEquals(1, results.size());
      DriftAudit.Result r = results.get(0);
      assertEquals(DeviceStatus.Status.ERROR, r.status().status(), r.toString());
      assertEquals("protocol", r.status().reason());
      assertEquals("device-error", r.findings().get(0).rule());
      assertTrue(
          r.findings().get(0).message().toLowerCase().contains("doctype")
              || r.findings().get(0).message().toLowerCase().contains("dtd"),
          r.findings().toString());
      assertFalse(r.toString().contains(fileCanary), "the external entity was read");
      assertFalse(r.toString().contains(textCanary), "an entity was expanded");
    }
  }
}
