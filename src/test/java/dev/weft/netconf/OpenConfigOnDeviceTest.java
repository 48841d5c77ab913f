package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.ReadBack;
import dev.weft.platform.openconfig.OpenConfigReader;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole OpenConfig path on a real device: the rendered {@code config.xml} (templates) is
 * accepted by netconfd loaded with the project's YANG, and what get-config returns reads back
 * (live) into the same compiled switch. Proves template, YANG, client and reader agree.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd"})
class OpenConfigOnDeviceTest {

  private static final Timeouts TIMEOUTS = Timeouts.all(Duration.ofSeconds(30));

  private static NetconfLab lab;
  private static NetconfLab.Device dev;

  @BeforeAll
  static void startDevice() throws Exception {
    lab = NetconfLab.start(Files.createTempDirectory("weft-oc-device"), 1);
    dev = lab.device(1);
  }

  @AfterAll
  static void stopDevice() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void renderedConfigIsAcceptedAndReadsBackUnchanged() throws Exception {
    CompiledSwitch sw = Fixtures.plan(dev.endpoint().name(), "openconfig", List.of(3, 4));
    Renderer.DeviceOutput out = new Renderer(TemplateFolders.builtIn()).renderDevice(sw, "pod");
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    String config = out.text("config.xml").replaceFirst("^<\\?xml[^>]*\\?>\\s*", "");

    try (NetconfClient c =
            new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
        NetconfSession s =
            c.connect(
                dev.endpoint(),
                Credentials.keyFile(dev.user(), dev.rsaKey()),
                HostKeyPolicy.strict(dev.knownHosts()),
                TIMEOUTS)) {
      assertTrue(
          s.rpc("<edit-config><target><candidate/></target>" + config + "</edit-config>").isOk());
      assertTrue(s.rpc("<commit/>").isOk());
      Reply live = s.getConfig(null);
      CompiledSwitch back =
          OpenConfigReader.read(
              live.text(), dev.endpoint().name(), dev.endpoint().label() + " get-config");
      assertEquals(ReadBack.expected(sw, "openconfig", false), back);
    }
  }
}
