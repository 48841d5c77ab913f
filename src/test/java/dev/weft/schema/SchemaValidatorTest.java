package dev.weft.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.intent.ParsedFile;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaValidatorTest {

  private static final SchemaValidator VALIDATOR = TestPlatforms.schemaValidator();

  private static List<Finding> check(String yaml) {
    return validate(TestYaml.parse("inv/f.yaml", yaml));
  }

  /**
   * Exactly one finding, with everything a reviewer needs: rule, severity, message, place, pointer.
   */
  private static Finding only(String yaml) {
    List<Finding> findings = check(yaml);
    assertEquals(1, findings.size(), () -> "expected one finding, got " + findings);
    Finding f = findings.get(0);
    assertEquals("schema", f.rule());
    assertEquals(Severity.ERROR, f.severity());
    return f;
  }

  @Test
  void aValidFileHasNoFindings() {
    assertEquals(List.of(), check(TestYaml.ROCE));
  }

  @Test
  void anEmptyFileIsValid() {
    assertEquals(List.of(), check(""));
  }

  @Test
  void outOfRangePriorityNamesKeyRangeAndValueAtTheValue() {
    Finding range =
        only(
            """
                fabric:
                  name: pod
                  transport: roce-v2
                  mtu: { switch: 9216, nic: 4200, roce: 4096 }
                  traffic-classes:
                    - name: rdma
                      dscp: [26]
                      priority: 9
                      scheduler: { type: strict }
                  pfc: { watchdog: { enabled: true } }
                  congestion-control: dcqcn
                """);
    assertEquals("`priority` must be 0..7, found 9", range.message());
    assertEquals(new Location("inv/f.yaml", 8, 17), range.location());
    assertEquals("/fabric/traffic-classes/0/priority", range.path());
  }

  @Test
  void unknownKeySuggestsTheClosestAllowedKeyAndPointsAtTheKey() {
    Finding f =
        only(
            TestYaml.ROCE.replace("      priority: 3\n", "      prioirty: 3\n      priority: 3\n"));
    assertEquals("unknown key `prioirty` in traffic class; did you mean `priority`?", f.message());
    assertEquals(new Location("inv/f.yaml", 9, 7), f.location());
    assertEquals("/fabric/traffic-classes/0/prioirty", f.path());
  }

  @Test
  void aMisspeltRequiredKeyIsOneFindingNotTwo() {
    Finding f = only(TestYaml.ROCE.replace("      priority: 3\n", "      prioirty: 3\n"));
    assertEquals("unknown key `prioirty` in traffic class; did you mean `priority`?", f.message());
    assertEquals(new Location("inv/f.yaml", 9, 7), f.location());
  }

  @Test
  void anUnrelatedUnknownKeyDoesNotHideAMissingRequiredKey() {
    List<String> messages =
        check(TestYaml.ROCE.replace("      priority: 3\n", "      colour: 3\n")).stream()
            .map(Finding::message)
            .toList();
    assertEquals(
        List.of(
            "missing required key `priority` in traffic class",
            "unknown key `colour` in traffic class"),
        messages);
  }

  @Test
  void unknownTopLevelKeyIsReportedWithAHint() {
    Finding f = only("version: 1\nswitchs: []\n");
    assertEquals(
        "unknown key `switchs` in the file's top level; did you mean `switches`?", f.message());
    assertEquals(new Location("inv/f.yaml", 2, 1), f.location());
  }

  @Test
  void unknownKeyFarFromAnyAllowedKeyHasNoHint() {
    Finding f = only("version: 1\nhosts:\n  - name: gpu-1\n    colour: blue\n");
    assertEquals("unknown key `colour` in host", f.message());
    assertEquals("gpu-1", f.device());
  }

  @Test
  void wrongTypeSaysWhatWasExpectedAndWhatWasFound() {
    Finding f = only(TestYaml.ROCE.replace("lossless: true", "lossless: yes please"));
    assertEquals("`lossless` must be true or false, found \"yes please\"", f.message());
    assertEquals(new Location("inv/f.yaml", 10, 17), f.location());
  }

  @Test
  void wrongTypeOfAContainerReportsOnlyTheContainer() {
    Finding f = only("version: 1\nswitches: { name: leaf-01 }\n");
    assertEquals("`switches` must be a list, found a mapping", f.message());
  }

  @Test
  void unquotedVersionNumberAsksForQuotes() {
    Finding f =
        only(
            "version: 1\nswitches:\n  - { name: leaf-01, role: leaf, platform: sonic, os-version: 202411 }\n");
    assertEquals(
        "`os-version` must be a string (quote it: \"202411\"), found number 202411", f.message());
    assertEquals(new Location("inv/f.yaml", 3, 63), f.location());
    assertEquals("leaf-01", f.device());
  }

  @Test
  void unquotedVersionInFabricVersionsIsAnError() {
    Finding f =
        only(
            TestYaml.ROCE.replace(
                "  congestion-control: dcqcn\n",
                "  congestion-control: dcqcn\n  versions:\n    switch-os: { sonic: 202411 }\n"));
    assertEquals(
        "`sonic` must be a string (quote it: \"202411\"), found number 202411", f.message());
    assertEquals("/fabric/versions/switch-os/sonic", f.path());
  }

  @Test
  void sizeUnitTypoIsLocatedAndExplainedByTheUnitParser() {
    Finding f = only(TestYaml.ROCE.replace("min: 150KB", "min: 150kb"));
    assertEquals(
        "`min`: unknown size unit 'kb' in '150kb'; expected one of B, KB, MB, KiB, MiB",
        f.message());
    assertEquals(new Location("inv/f.yaml", 11, 19), f.location());
    assertEquals("/fabric/traffic-classes/0/ecn/min", f.path());
  }

  @Test
  void lengthWithASpaceAndAWordIsLocated() {
    Finding f = only(TestYaml.ROCE.replace("cable-length: 3m", "cable-length: 5 meters"));
    assertTrue(
        f.message().startsWith("`cable-length`: length must be a number with one of the units m"),
        f.message());
    assertTrue(f.message().endsWith("found '5 meters'"), f.message());
    assertEquals(new Location("inv/f.yaml", 34, 60), f.location());
    assertEquals("/links/0/cable-length", f.path());
  }

  @Test
  void missingRequiredKeyIsReportedOnTheObject() {
    Finding f =
        only(TestYaml.ROCE.replace("  - { name: eth0, speed: 400G }", "  - { name: eth0 }"));
    assertEquals("missing required key `speed` in nic", f.message());
    assertEquals(new Location("inv/f.yaml", 32, 9), f.location());
    assertEquals("gpu-001", f.device());
  }

  @Test
  void dwrrMayLeaveTheWeightToThePlatformAndStrictRefusesOne() {
    // no weight: the platform's default share (Juniper's AI/ML design gives its lossless queue
    // none)
    assertEquals(
        List.of(), check(TestYaml.ROCE.replace("{ type: dwrr, weight: 50 }", "{ type: dwrr }")));
    Finding strict =
        only(TestYaml.ROCE.replace("{ type: strict }", "{ type: strict, weight: 10 }"));
    assertEquals("`weight` is not allowed when `type` is strict", strict.message());
    assertEquals(new Location("inv/f.yaml", 16, 34), strict.location());
  }

  @Test
  void weightOutOfRange() {
    Finding f = only(TestYaml.ROCE.replace("weight: 50", "weight: 0"));
    assertEquals("`weight` must be 1..100, found 0", f.message());
  }

  @Test
  void enumValueSuggestsTheClosestWord() {
    Finding f = only(TestYaml.ROCE.replace("{ enabled: true }", "{ enabled: true, action: dorp }"));
    assertEquals(
        "`action` must be one of drop, forward, alert, found \"dorp\"; did you mean `drop`?",
        f.message());
  }

  @Test
  void dscpOutOfRangeAndMisspelledDefault() {
    Finding range = only(TestYaml.ROCE.replace("dscp: [26]", "dscp: [26, 64]"));
    assertEquals("an entry of `dscp` must be 0..63, found 64", range.message());
    assertEquals("/fabric/traffic-classes/0/dscp/1", range.path());
    Finding word = only(TestYaml.ROCE.replace("dscp: [48]", "dscp: defualt"));
    assertEquals(
        "`dscp` must be a list of DSCP code points 0..63, or the word default, found \"defualt\"",
        word.message());
  }

  @Test
  void namesFollowTheNamePatterns() {
    Finding f = only(TestYaml.ROCE.replace("name: pod", "name: Pod_A"));
    assertTrue(
        f.message().startsWith("`name` must be a name of lower-case letters, digits and '-'"),
        f.message());
    assertTrue(f.message().endsWith("found \"Pod_A\""), f.message());
    Finding colon =
        only(TestYaml.ROCE.replace("{ name: Ethernet0, profile", "{ name: \"Eth:a\", profile"));
    assertTrue(
        colon.message().contains("for a breakout sub-port ':' and its channel number"),
        colon.message());
  }

  @Test
  void roceTransportRequiresItsSectionsInTheFabric() {
    Finding f =
        only(
            "fabric: { name: pod, transport: roce-v2, mtu: { switch: 9216, nic: 4200, roce: 4096 },"
                + " traffic-classes: [ { name: a, dscp: default, priority: 0, scheduler: { type: strict } } ],"
                + " congestion-control: dcqcn }\n");
    assertEquals(
        "missing required key `pfc` in fabric (required when `transport` is roce-v2)", f.message());
  }

  @Test
  void infinibandTransportRefusesRoceSections() {
    Finding f =
        only("fabric:\n  name: pod\n  transport: infiniband\n  congestion-control: dcqcn\n");
    assertEquals(
        "`congestion-control` is not allowed when `transport` is infiniband (RoCE only)",
        f.message());
    assertEquals(new Location("inv/f.yaml", 4, 3), f.location());
  }

  @Test
  void waiversNeedRuleReasonAndExpiry() {
    List<Finding> findings =
        check("waivers:\n  - { rule: pfc-watchdog-enabled, devices: [leaf-07] }\n");
    List<String> messages = findings.stream().map(Finding::message).toList();
    assertEquals(
        List.of(
            "missing required key `expires` in waiver", "missing required key `reason` in waiver"),
        messages);
  }

  @Test
  void versionMustBeOne() {
    Finding f = only("version: 2\n");
    assertEquals("`version` must be 1, found 2", f.message());
  }

  @Test
  void oneOfNoiseCollapsesToOneFindingPerMember() {
    Finding f =
        only(
            """
                subnet:
                  partitions:
                    - { name: Default, pkey: "0x7fff", members: [ { all: true, hosts: [gpu-001] } ] }
                """);
    assertEquals(
        "partition member must name exactly one of `all`, `hosts` or `switches`", f.message());
  }

  @Test
  void subnetSectionOfTheSpecIsValid() {
    String ib =
        """
                version: 1
                fabric: { name: ib-pod-b, transport: infiniband }
                subnet:
                  prefix: "0xfe80000000000000"
                  subnet-managers:
                    - { host: ufm-01, port-guid: "0x0002c90300a1b2c1", priority: 15 }
                    - { host: ufm-02, port-guid: "0x0002c90300a1b2c2", priority: 14 }
                  routing-engine: [ftree, updn]
                  root-switches: [spine-01, spine-02]
                  lmc: 0
                  mtu: 4096
                  rate: 400G
                  qos:
                    enabled: true
                    max-vls: 8
                    high-limit: 0
                    vlarb-high: [ { vl: 0, weight: 64 }, { vl: 1, weight: 64 } ]
                    vlarb-low:  [ { vl: 0, weight: 64 }, { vl: 1, weight: 64 }, { vl: 2, weight: 64 } ]
                    sl2vl: [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
                    levels:
                      - { name: DEFAULT, sl: 0 }
                      - { name: storage, sl: 1 }
                  partitions:
                    - { name: Default, pkey: "0x7fff", members: [ { all: true, membership: limited } ] }
                    - name: tenant-a
                      pkey: "0x0101"
                      ipoib: true
                      mtu: 4096
                      rate: 400G
                      sl: 0
                      members:
                        - { hosts: [gpu-001, gpu-002], membership: full }
                  adaptive-routing: { enabled: false }
                  sharp: { enabled: true }
                switches:
                  - { name: spine-01, role: spine, platform: ib-quantum, node-guid: "0x0002c903000a0001" }
                hosts:
                  - name: gpu-001
                    hcas: [ { name: mlx5_0, port-guid: "0x0002c90300b00001", speed: 400G } ]
                links:
                  - { a: leaf-01:1, b: gpu-001:mlx5_0, cable-length: 3m }
                waivers:
                  - rule: pfc-watchdog-enabled
                    devices: [leaf-07]
                    reason: "Watchdog firmware bug, vendor case 1234"
                    expires: 2027-03-31
                """;
    assertEquals(List.of(), check(ib));
    Finding sl2vl =
        only(
            ib.replace(
                "sl2vl: [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]", "sl2vl: [0, 1, 2]"));
    assertEquals(
        "`sl2vl` must be a list of exactly 16 VLs, one per SL 0..15, found 3 items",
        sl2vl.message());
    Finding lmc = only(ib.replace("lmc: 0", "lmc: 8"));
    assertEquals("`lmc` must be 0..7, found 8", lmc.message());
  }

  @Test
  void everyProblemInAFileIsReportedInDocumentOrder() {
    List<Finding> findings =
        check(
            TestYaml.ROCE
                .replace("priority: 6", "priority: 8")
                .replace("min: 150KB", "min: 150kb")
                .replace("role: leaf", "role: leef"));
    List<Integer> lines = findings.stream().map(f -> f.location().line()).toList();
    assertEquals(List.of(11, 15, 25), lines);
    assertEquals(
        "`role` must be one of leaf, spine, super-spine, found \"leef\"; did you mean `leaf`?",
        findings.get(2).message());
  }

  @Test
  void generatedScaleInventoriesAreSchemaValid() {
    Map<String, String> files =
        new RoceFabricGenerator().generate("gen", RoceFabricShape.forGpus(1024));
    List<Finding> findings = new ArrayList<>();
    files.forEach((path, text) -> findings.addAll(validate(TestYaml.parse(path, text))));
    assertEquals(List.of(), findings);
  }

  @Test
  void theShippedSchemaIsValidDraft202012() {
    assertEquals(List.of(), SchemaValidator.metaSchemaProblems(IntentSchema.raw()));
  }

  @Test
  void theMetaSchemaCheckCatchesABrokenSchema() {
    String broken =
        IntentSchema.raw()
            .replace("\"required\": [\"name\", \"transport\"]", "\"required\": \"name\"");
    assertTrue(!SchemaValidator.metaSchemaProblems(broken).isEmpty());
  }

  private static List<Finding> validate(ParsedFile f) {
    return VALIDATOR.validate(f.source().path(), f.root());
  }
}
