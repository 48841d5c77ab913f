package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import dev.weft.model.Transport;
import dev.weft.model.Watchdog;
import dev.weft.schema.SchemaValidator;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import dev.weft.units.TimeSpan;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntentMapperTest {

  private static final SchemaValidator VALIDATOR = TestPlatforms.schemaValidator();

  @TempDir Path dir;

  /** The registered RoCE switch platforms as the message lists them: {@code a, b or c}. */
  private static String roceSwitchPlatforms() {
    List<String> ids = TestPlatforms.PLATFORMS.switches().of(Transport.ROCE_V2);
    return String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1);
  }

  private IntentResult read(Map<String, String> files) throws Exception {
    return new IntentReader(
            new IntentLoader(LoadLimits.defaults()), VALIDATOR, TestPlatforms.PLATFORMS.switches())
        .read(TestYaml.inventory(dir, files));
  }

  private IntentResult read(String yaml) throws Exception {
    return read(Map.of("pod.yaml", yaml));
  }

  private static Finding only(IntentResult r) {
    assertEquals(1, r.findings().size(), () -> "expected one finding, got " + r.findings());
    Finding f = r.findings().get(0);
    assertEquals("schema", f.rule());
    return f;
  }

  @Test
  void appliesTheSpecDefaults() throws Exception {
    IntentResult r = read(TestYaml.ROCE);
    assertEquals(List.of(), r.findings());
    FabricModel m = r.model();
    TrafficClass rdma = m.fabric().trafficClasses().get(0);
    assertEquals(3, rdma.queue());
    assertEquals(100, rdma.ecn().probability());
    assertFalse(m.fabric().trafficClasses().get(1).lossless());
    Watchdog wd = m.fabric().pfc().watchdog();
    assertEquals(TimeSpan.ofMillis(200), wd.detection());
    assertEquals(TimeSpan.ofMillis(400), wd.restoration());
    assertEquals(Watchdog.Action.DROP, wd.action());
    assertEquals(TimeSpan.ofMillis(200), wd.poll());
    assertFalse(wd.at().written("detection"));
    assertTrue(wd.at().written("enabled"));
    assertFalse(m.fabric().pfc().linkPause());
    assertTrue(m.fabric().versions().switchOs().isEmpty());
  }

  @Test
  void provenanceRecordsEveryWrittenField() throws Exception {
    FabricModel m = read(TestYaml.ROCE).model();
    TrafficClass rdma = m.fabric().trafficClasses().get(0);
    assertEquals(new Location("inv/pod.yaml", 9, 17), rdma.at().of("priority"));
    assertEquals(new Location("inv/pod.yaml", 10, 17), rdma.at().of("lossless"));
    assertEquals(new Location("inv/pod.yaml", 11, 19), rdma.ecn().at().of("min"));
    assertEquals(new Location("inv/pod.yaml", 34, 60), m.links().get(0).at().of("cable-length"));
    assertEquals(new Location("inv/pod.yaml", 34, 10), m.links().get(0).a().at());
  }

  @Test
  void decimalLengthThatIsNotWholeMetresIsAUnitErrorAtTheValue() throws Exception {
    IntentResult r = read(TestYaml.ROCE.replace("cable-length: 3m", "cable-length: 1.5m"));
    Finding f = only(r);
    assertEquals("`cable-length`: length '1.5m' is not a whole number of m", f.message());
    assertEquals(new Location("inv/pod.yaml", 34, 60), f.location());
    assertEquals("/links/0/cable-length", f.path());
    assertNull(r.model(), "no model from broken intent");
  }

  @Test
  void decimalSizeThatIsWholeBytesIsAccepted() throws Exception {
    IntentResult r = read(TestYaml.ROCE.replace("min: 150KB", "min: 1.5KB"));
    assertEquals(List.of(), r.findings());
    assertEquals(1500, r.model().fabric().trafficClasses().get(0).ecn().min().bytes());
  }

  @Test
  void subnetInAnotherFileOfARoceFabricIsRefusedAtItsKey() throws Exception {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("fabric.yaml", TestYaml.ROCE);
    files.put("ib/subnet.yaml", "subnet:\n  lmc: 0\n");
    Finding f = only(read(files));
    assertEquals(
        "`subnet` is not allowed when `transport` is roce-v2 (InfiniBand only)", f.message());
    assertEquals(new Location("inv/ib/subnet.yaml", 1, 1), f.location());
  }

  @Test
  void hcasOnARoceHostAreRefused() throws Exception {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("fabric.yaml", TestYaml.ROCE);
    files.put("more-hosts.yaml", "hosts:\n  - name: gpu-002\n    hcas: [ { name: mlx5_0 } ]\n");
    Finding f = only(read(files));
    assertEquals(
        "`hcas` is not allowed when `transport` is roce-v2 (InfiniBand only); list RDMA NICs under `nics`",
        f.message());
    assertEquals(new Location("inv/more-hosts.yaml", 3, 5), f.location());
    assertEquals("gpu-002", f.device());
  }

  @Test
  void infinibandFabricNeedsASubnetAndIbSwitchesAndHcas() throws Exception {
    IntentResult r =
        read(
            """
                version: 1
                fabric: { name: ib, transport: infiniband }
                switches:
                  - { name: spine-01, role: spine, platform: sonic }
                hosts:
                  - name: gpu-001
                    nics: [ { name: eth0, speed: 400G } ]
                """);
    List<String> messages = r.findings().stream().map(Finding::message).toList();
    assertEquals(
        List.of(
            "no file defines `subnet`; an infiniband fabric needs one (required when `transport` is infiniband)",
            "switch spine-01 has platform sonic in an infiniband fabric; use ib-quantum",
            "`nics` is not allowed when `transport` is infiniband (RoCE only); list HCAs under `hcas`"),
        messages);
    assertNull(r.model());
  }

  @Test
  void infinibandInventoryWithSubnetMaps() throws Exception {
    IntentResult r =
        read(
            """
                version: 1
                fabric: { name: ib, transport: infiniband }
                subnet: { lmc: 0, routing-engine: [ftree] }
                switches:
                  - { name: spine-01, role: spine, platform: ib-quantum, node-guid: "0x0002c903000a0001" }
                hosts:
                  - name: gpu-001
                    hcas: [ { name: mlx5_0, port-guid: "0x0002c90300b00001", speed: 400G } ]
                links:
                  - { a: spine-01:1, b: gpu-001:mlx5_0, cable-length: 3m }
                """);
    assertEquals(List.of(), r.findings());
    assertNotNull(r.model().subnet());
    assertNull(r.model().fabric().pfc());
    assertEquals("0x0002c903000a0001", r.model().switches().get(0).nodeGuid());
    assertEquals(400, r.model().hosts().get(0).hcas().get(0).speed().gbps());
  }

  @Test
  void roceSwitchNeedsPortsAndARocePlatform() throws Exception {
    IntentResult r =
        read(
            TestYaml.ROCE.replace(
                "    platform: sonic\n    ports:\n      - { name: Ethernet0, profile: host-400g }\n",
                "    platform: ib-quantum\n"));
    List<String> messages = r.findings().stream().map(Finding::message).toList();
    assertEquals(
        List.of(
            "missing required key `ports` in switch leaf-01 (required when `transport` is roce-v2)",
            "switch leaf-01 has platform ib-quantum, an InfiniBand platform, in a roce-v2 fabric; use "
                + roceSwitchPlatforms()),
        messages);
  }

  @Test
  void portNamingAnUnknownProfileGetsAHint() throws Exception {
    Finding f = only(read(TestYaml.ROCE.replace("profile: host-400g }", "profile: host-40g }")));
    assertEquals(
        "port Ethernet0 of leaf-01 names unknown profile `host-40g`; did you mean `host-400g`?",
        f.message());
    assertEquals(new Location("inv/pod.yaml", 28, 37), f.location());
    assertEquals("leaf-01", f.device());
    assertEquals("Ethernet0", f.port());
  }

  @Test
  void portWithoutASpeedFromAnyLayerIsAnError() throws Exception {
    Finding f =
        only(
            read(
                TestYaml.ROCE.replace(
                    "host-400g: { speed: 400G, role: host-facing }",
                    "host-400g: { role: host-facing }")));
    assertEquals(
        "port Ethernet0 of leaf-01 has no speed: set `speed` on the port or in profile `host-400g`",
        f.message());
    assertEquals(new Location("inv/pod.yaml", 28, 9), f.location());
  }

  @Test
  void portSpeedOnThePortItselfIsEnough() throws Exception {
    IntentResult r =
        read(
            TestYaml.ROCE.replace(
                "{ name: Ethernet0, profile: host-400g }", "{ name: Ethernet0, speed: 200G }"));
    assertEquals(List.of(), r.findings());
    assertEquals("port", r.model().effectivePorts().get(0).speed().layer());
  }

  @Test
  void wholeNumbersWrittenWithADecimalPointMapLikeIntegers() throws Exception {
    IntentResult r =
        read(
            TestYaml.ROCE
                .replace("priority: 3", "priority: 3.0")
                .replace("dscp: [26]", "dscp: [26.0]"));
    assertEquals(List.of(), r.findings());
    assertEquals(3, r.model().fabric().trafficClasses().get(0).priority());
    assertEquals(List.of(26), r.model().fabric().trafficClasses().get(0).dscp());
  }

  @Test
  void fractionalPriorityIsASchemaError() throws Exception {
    Finding f = only(read(TestYaml.ROCE.replace("priority: 3", "priority: 3.5")));
    assertEquals("`priority` must be a whole number, found number 3.5", f.message());
  }

  @Test
  void impossibleWaiverDateIsLocated() throws Exception {
    Finding f =
        only(read(TestYaml.ROCE + "waivers:\n  - { rule: x, reason: y, expires: 2027-02-30 }\n"));
    assertEquals(
        "`expires` must be a real calendar date written YYYY-MM-DD, found \"2027-02-30\"",
        f.message());
    assertEquals(36, f.location().line());
  }

  @Test
  void managementPortDefaultsToNetconf() throws Exception {
    IntentResult r =
        read(
            TestYaml.ROCE.replace(
                "    platform: sonic\n",
                "    platform: sonic\n    management: { host: 127.0.0.1 }\n"));
    assertEquals(830, r.model().switches().get(0).management().port());
  }

  @Test
  void schemaErrorsStopBeforeMappingAndYieldNoModel() throws Exception {
    IntentResult r = read(TestYaml.ROCE.replace("priority: 3", "priority: 9"));
    assertEquals(1, r.findings().size());
    assertNull(r.model());
    assertFalse(r.ok());
  }

  @Test
  void yamlSyntaxErrorInOneFileYieldsNoModelAndTheOtherFilesAreStillChecked() throws Exception {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("a.yaml", TestYaml.ROCE.replace("priority: 6", "priority: 8"));
    files.put("b.yaml", "hosts: [ { name: gpu-009\n");
    IntentResult r = read(files);
    assertNull(r.model());
    List<String> rules =
        r.findings().stream().map(f -> f.rule() + " " + f.location().file()).toList();
    assertEquals(List.of("schema inv/a.yaml", "yaml-syntax inv/b.yaml"), rules);
  }

  @Test
  void mapperNeverThrowsWhateverLineIsMissing() {
    // Remove each line in turn (and each pair), map whatever remains even past schema errors:
    // the mapper must answer with findings, never an exception.
    String[] lines = TestYaml.ROCE.split("\n");
    IntentMapper mapper = new IntentMapper();
    List<String> variants = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      for (int j = i; j < Math.min(lines.length, i + 2); j++) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < lines.length; k++) {
          if (k != i && k != j) {
            sb.append(lines[k]).append('\n');
          }
        }
        variants.add(sb.toString());
      }
    }
    int mapped = 0;
    for (String yaml : variants) {
      ParseResult parsed =
          new YamlParser(LoadLimits.defaults())
              .parse(new dev.weft.source.SourceFile("inv/x.yaml", yaml.getBytes(), "t"));
      if (!parsed.ok()) {
        continue;
      }
      assertDoesNotThrow(() -> mapper.map("inv", parsed.root(), "inv/x.yaml"), yaml);
      mapped++;
    }
    assertTrue(mapped > lines.length, "most variants still parse: " + mapped);
  }
}
