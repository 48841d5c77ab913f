package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.git.BackupFile;
import dev.weft.git.BackupRepository;
import dev.weft.json.Json;
import dev.weft.platform.Platforms;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.NvueJson;
import dev.weft.xml.HardenedXml;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.xml.sax.InputSource;

/**
 * {@code weft import} on backups of the example inventories: each switch rendered, written as
 * {@code weft backup} writes it (a real backup repository), imported, then the import's own round
 * trip (render and a per-feature drift comparison) must find no difference, the imported inventory
 * must validate with the same findings as the original, and a second import must write
 * byte-identical files.
 */
class ImportCommandTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());

  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"roce-pod-a", "roce-pod-c", "roce-pod-d", "roce-pod-e"})
  void exampleBackupsImportBackToTheSameFeatures(String inventory) throws Exception {
    Path backup = backup(inventory, Map.of());
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/" + inventory,
            "--format",
            "json");
    List<Map<String, Object>> findings = findings(run.out());
    List<Map<String, Object>> drift =
        findings.stream()
            .filter(
                f ->
                    String.valueOf(f.get("rule")).startsWith("drift-")
                        || f.get("rule").equals("render-error")
                        || f.get("rule").equals("import-unreadable"))
            .toList();
    assertTrue(drift.isEmpty(), "features that do not round-trip: " + drift);
    assertEquals(importable(inventory), devices(run.out()), "every backed-up device imported");

    CliRun original = CliRun.of("validate", "inventories/" + inventory, "--format", "json");
    CliRun imported = CliRun.of("validate", out.toString(), "--format", "json");
    assertEquals(
        audit(original.out(), importable(inventory)),
        audit(imported.out(), importable(inventory)),
        "the imported inventory validates with the original's findings");

    Map<String, String> first = files(out);
    CliRun again =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/" + inventory,
            "--format",
            "json");
    assertEquals(run.exitCode(), again.exitCode());
    assertEquals(first, files(out), "a second import writes byte-identical files");
    assertTrue(
        first.values().stream().noneMatch(text -> text.contains("headroom:")),
        "Weft's own render holds the computed headroom: the import pins none");
  }

  /**
   * sonic-utilities' CONFIG_DB of a Tomahawk-2 SKU Weft has no profile for, in the traditional
   * buffer model: its lossless PGs' own headroom (a Broadcom size below xoff) and buffer alpha are
   * imported as values, so the intent renders without an ASIC and drift against it leaves only the
   * fixed-size shared headroom pool, which the intent cannot hold.
   */
  @Test
  void aDevicesOwnHeadroomIsImportedPinned() throws Exception {
    Path backup = Files.createDirectories(tmp.resolve("tomahawk2"));
    Files.copy(
        Path.of(
            "src/test/resources/corpus/sonic-utilities/tests/db_migrator_input/config_db/"
                + "qos_tables_db_field_value_reference_format_3_0_3.json"),
        backup.resolve("leaf-1.json"));
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of(
            "import", "--from", backup.toString(), "--out", out.toString(), "--format", "json");
    String profiles = Files.readString(out.resolve("profiles.yaml"));
    assertTrue(
        profiles.contains(
            "port-100g: { speed: 100G, headroom: { xoff: 177632, xon: 2288, size: 1248 } }"),
        profiles);
    assertTrue(
        profiles.contains(
            "port-10g: { speed: 10G, headroom: { xoff: 37024, xon: 2288, size: 1248 } }"),
        profiles);
    assertTrue(Files.readString(out.resolve("fabric.yaml")).contains("    dynamic-threshold: -3"));
    List<String> drift =
        findings(run.out()).stream()
            .filter(
                f ->
                    String.valueOf(f.get("rule")).startsWith("drift-")
                        || f.get("rule").equals("render-error")
                            && "error".equals(f.get("severity")))
            .map(f -> f.get("rule") + " " + f.get("message"))
            .toList();
    assertEquals(1, drift.size(), drift::toString);
    assertTrue(drift.get(0).contains("shared headroom pool is 7847424 B"), drift::toString);
    // the same through drift: a pin has no computed minimum, which drift's merge must take
    CliRun again =
        CliRun.of("drift", out.toString(), "--from-backup", backup.toString(), "--format", "json");
    assertEquals(1, again.exitCode(), again.err());
    assertEquals(
        List.of("drift-buffers"),
        findings(again.out()).stream()
            .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
            .map(f -> f.get("rule"))
            .toList());
  }

  @Test
  void twoHandEditedDeviationsImportAsExactlyTwoExceptions() throws Exception {
    Path backup =
        backup(
            "roce-pod-d",
            Map.of(
                "qfx-leaf-1",
                    new String[] {
                      "<name>et-0/0/1</name>\n        <description>gpu-d02:eth0</description>\n        <mtu>9216</mtu>",
                      "<name>et-0/0/1</name>\n        <description>gpu-d02:eth0</description>\n        <mtu>9000</mtu>"
                    },
                "srl-spine-2",
                    new String[] {"<name>ethernet-1/2</name>", "<name>ethernet-1/2</name>"}));
    // the SR Linux edit: ethernet-1/2's speed, the first port-speed after its name
    String srl = Files.readString(backup.resolve("srl-spine-2.xml"));
    int at = srl.indexOf("<port-speed>400G</port-speed>", srl.indexOf("<name>ethernet-1/2</name>"));
    Files.writeString(
        backup.resolve("srl-spine-2.xml"),
        srl.substring(0, at)
            + "<port-speed>200G</port-speed>"
            + srl.substring(at + "<port-speed>400G</port-speed>".length()));
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/roce-pod-d",
            "--format",
            "json");
    List<String> exceptions = new ArrayList<>();
    for (Map<String, Object> f : findings(run.out())) {
      assertFalse(String.valueOf(f.get("rule")).startsWith("drift-"), "round trip differs: " + f);
      if (f.get("rule").equals("import-exception")) {
        exceptions.add(f.get("device") + " " + f.get("port") + " " + f.get("actual"));
      }
    }
    assertEquals(
        List.of("qfx-leaf-1 et-0/0/1 mtu 9000", "srl-spine-2 ethernet-1/2 speed 200G"),
        exceptions.stream().sorted().toList());
    String leaves = Files.readString(out.resolve("switches/leaves.yaml"));
    assertTrue(
        leaves.contains(
            "- { name: et-0/0/1, profile: host-400g, mtu: 9000, reason: \"imported; differs from the fabric plan\" }"),
        leaves);
    assertTrue(leaves.contains("qfx-leaf-1.xml: MTU 9000 (plan: 9216)"), leaves);
    String spines = Files.readString(out.resolve("switches/spines.yaml"));
    assertTrue(
        spines.contains("speed: 200G, reason: \"imported; differs from the fabric plan\""), spines);
    String fabric = Files.readString(out.resolve("fabric.yaml"));
    assertTrue(
        fabric.contains("    switch: 9216"), "the plan keeps what most ports run: " + fabric);
  }

  /**
   * ib-pod-b: {@code weft render} writes each SM host's OpenSM files; importing that folder gives
   * the subnet intent back, whose render equals each SM's files feature by feature, and which
   * validates as the original does.
   */
  @Test
  void subnetManagerFilesImportBackToTheSameSubnet() throws Exception {
    Path rendered = tmp.resolve("rendered");
    CliRun render = CliRun.of("render", "inventories/ib-pod-b", "--out", rendered.toString());
    assertEquals(0, render.exitCode(), render.err());
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            rendered.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/ib-pod-b",
            "--format",
            "json");
    List<Map<String, Object>> broken =
        findings(run.out()).stream()
            .filter(
                f ->
                    String.valueOf(f.get("rule")).startsWith("drift-")
                        || List.of("render-error", "import-unreadable", "import-outside-model")
                            .contains(f.get("rule")))
            .toList();
    assertEquals(List.of(), broken, run.out());
    assertEquals(List.of("ufm-01", "ufm-02"), devices(run.out()));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    List<String> hosts = List.of("ufm-01", "ufm-02");
    assertEquals(
        audit(CliRun.of("validate", "inventories/ib-pod-b", "--format", "json").out(), hosts),
        audit(CliRun.of("validate", out.toString(), "--format", "json").out(), hosts),
        "the imported inventory validates with the original's findings");
    Path again = tmp.resolve("rendered-again");
    assertEquals(0, CliRun.of("render", out.toString(), "--out", again.toString()).exitCode());
    for (String host : hosts) {
      for (String file :
          List.of("opensm.conf", "partitions.conf", "qos-policy.conf", "root-guids.conf")) {
        assertEquals(
            Files.readString(rendered.resolve(host).resolve(file)),
            Files.readString(again.resolve(host).resolve(file)),
            host + "/" + file + " renders the same from the imported inventory");
      }
    }
    Map<String, String> first = files(out);
    CliRun second =
        CliRun.of(
            "import",
            "--from",
            rendered.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/ib-pod-b",
            "--format",
            "json");
    assertEquals(0, second.exitCode(), second.out());
    assertEquals(first, files(out), "a second import writes byte-identical files");
  }

  /**
   * One SM whose partitions.conf was edited by hand: the plan is the master's, and that SM is drift
   * at the partitions line.
   */
  @Test
  void aSubnetManagerThatDiffersFromThePlanIsDriftAtTheOwningLine() throws Exception {
    Path rendered = tmp.resolve("rendered");
    assertEquals(
        0, CliRun.of("render", "inventories/ib-pod-b", "--out", rendered.toString()).exitCode());
    Path edited = rendered.resolve("ufm-02/partitions.conf");
    String text = Files.readString(edited);
    assertTrue(text.contains("tenant-b=0x0102, ipoib, mtu=5, rate=21, sl=1"), text);
    Files.writeString(
        edited,
        text.replace(
            "tenant-b=0x0102, ipoib, mtu=5, rate=21, sl=1",
            "tenant-b=0x0102, ipoib, mtu=5, rate=21, sl=0"));
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            rendered.toString(),
            "--out",
            out.toString(),
            "--skeleton",
            "inventories/ib-pod-b",
            "--format",
            "json");
    List<Map<String, Object>> drift =
        findings(run.out()).stream()
            .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
            .toList();
    assertEquals(1, drift.size(), run.out());
    assertEquals(
        List.of("drift-ib-subnet", "ufm-02", "/subnet/partitions"),
        List.of(drift.get(0).get("rule"), drift.get(0).get("device"), drift.get(0).get("path")));
    assertTrue(String.valueOf(drift.get(0).get("file")).endsWith("subnet.yaml"), drift.toString());
    assertEquals(1, run.exitCode());
  }

  /**
   * {@code --live} on a bare skeleton (the fabric keys the schema requires, switches with role,
   * platform and management and no ports) whose devices do not answer: each device is its own
   * unreachable status and finding, nothing is imported, nothing crashes. (Reading devices that
   * answer is ImportOnLabsTest's.)
   */
  @Test
  void liveImportOfABareSkeletonReportsEachDeviceThatCannotBeRead() throws Exception {
    int closed;
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    Path skeleton = Files.createDirectories(tmp.resolve("skeleton"));
    // what the schema asks of a RoCE fabric; import uses none of these values (docs/import.md)
    Files.writeString(
        skeleton.resolve("fabric.yaml"),
        "version: 1\nfabric:\n  name: pod\n  transport: roce-v2\n"
            + "  mtu: { switch: 9216, nic: 4200, roce: 4096 }\n  congestion-control: pfc-only\n  pfc: { link-pause: false }\n"
            + "  traffic-classes:\n    - { name: default, dscp: default, priority: 0, scheduler: { type: strict } }\n");
    Files.writeString(
        skeleton.resolve("switches.yaml"),
        "version: 1\nswitches:\n"
            + "  - { name: leaf-1, role: leaf, platform: openconfig, ports: [],"
            + " management: { host: 127.0.0.1, port: "
            + closed
            + ", credentials: lab } }\n"
            + "  - { name: spine-1, role: spine, platform: cumulus, ports: [],"
            + " management: { host: 127.0.0.1, port: "
            + closed
            + ", credentials: lab } }\n");
    Path key =
        Files.writeString(
            tmp.resolve("id_test"), "unused: the devices refuse the connection first\n");
    Path credentials =
        Files.writeString(
            tmp.resolve("credentials.yaml"), "lab:\n  user: netconf\n  key-file: " + key + "\n");
    Path knownHosts = Files.writeString(tmp.resolve("known_hosts"), "");
    CliRun run =
        CliRun.of(
            "import",
            "--live",
            "--skeleton",
            skeleton.toString(),
            "--out",
            tmp.resolve("imported").toString(),
            "--credentials",
            credentials.toString(),
            "--known-hosts",
            knownHosts.toString(),
            "--timeout",
            "10s",
            "--format",
            "json");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertEquals(
        Map.of("leaf-1", "unreachable", "spine-1", "unreachable"), statuses(run.out()), run.out());
    List<Object> unreachable =
        findings(run.out()).stream()
            .filter(f -> f.get("rule").equals("device-unreachable"))
            .map(f -> f.get("device"))
            .toList();
    assertEquals(List.of("leaf-1", "spine-1"), unreachable, run.out());
  }

  @Test
  void theSourceOptionsAreExclusiveAndTheDeviceOptionsNeedLive() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("configs"));
    String out = tmp.resolve("imported").toString();
    CliRun both =
        CliRun.of(
            "import",
            "--from",
            dir.toString(),
            "--live",
            "--skeleton",
            "inventories/roce-pod-a",
            "--out",
            out);
    assertEquals(2, both.exitCode());
    assertTrue(
        both.err().contains("give --from DIR") && both.err().contains("not both"), both.err());
    CliRun neither = CliRun.of("import", "--out", out);
    assertTrue(neither.exitCode() == 2 && neither.err().contains("not neither"), neither.err());
    CliRun bare = CliRun.of("import", "--live", "--out", out);
    assertTrue(
        bare.exitCode() == 2 && bare.err().contains("--live needs --skeleton INVENTORY"),
        bare.err());
    CliRun credentials =
        CliRun.of("import", "--from", dir.toString(), "--out", out, "--credentials", "creds.yaml");
    assertTrue(
        credentials.exitCode() == 2
            && credentials.err().contains("--credentials reads devices: give it with --live"),
        credentials.err());
    assertFalse(Files.exists(tmp.resolve("imported")), "nothing is written on a usage error");
  }

  /**
   * A partitions.conf OpenSM could not read is that SM's import-unreadable at its line; a key
   * outside the model is said.
   */
  @Test
  void aBrokenSubnetManagerFileIsAFindingAtItsLine() throws Exception {
    Path rendered = tmp.resolve("rendered");
    assertEquals(
        0, CliRun.of("render", "inventories/ib-pod-b", "--out", rendered.toString()).exitCode());
    Path partitions = rendered.resolve("ufm-02/partitions.conf");
    Files.writeString(
        partitions,
        Files.readString(partitions) + "\nbroken=0x0103, ipoib\n    0x0002c90300b00001=full\n");
    Path conf = rendered.resolve("ufm-01/opensm.conf");
    Files.writeString(conf, Files.readString(conf) + "log_max_size 0\n");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            rendered.toString(),
            "--out",
            tmp.resolve("imported").toString(),
            "--skeleton",
            "inventories/ib-pod-b",
            "--format",
            "json");
    List<Map<String, Object>> all = findings(run.out());
    List<Map<String, Object>> unreadable =
        all.stream().filter(f -> f.get("rule").equals("import-unreadable")).toList();
    assertEquals(1, unreadable.size(), run.out());
    assertEquals("ufm-02", unreadable.get(0).get("device"));
    assertTrue(
        String.valueOf(unreadable.get(0).get("file")).endsWith("ufm-02/partitions.conf"),
        unreadable.toString());
    long lines = Files.readString(partitions).lines().count();
    assertEquals(
        (int) lines - 1,
        ((Number) unreadable.get(0).get("line")).intValue(),
        unreadable.toString());
    assertTrue(
        String.valueOf(unreadable.get(0).get("message")).contains("ending in ';'"),
        unreadable.toString());
    List<Object> outside =
        all.stream()
            .filter(f -> f.get("rule").equals("import-outside-model"))
            .map(f -> f.get("message"))
            .toList();
    assertEquals(1, outside.size(), run.out());
    assertTrue(
        String.valueOf(outside.get(0))
                .contains("ufm-01: 1 opensm.conf key outside Weft's subnet model")
            && String.valueOf(outside.get(0)).contains("log_max_size"),
        outside.toString());
    assertEquals(List.of("ufm-01"), devices(run.out()), "the readable SM still imports");
  }

  /**
   * EOS serves no DSCP classifier over NETCONF: a fabric of EOS backups alone says why its plan has
   * no traffic classes.
   */
  @Test
  void aFabricWhereNoDeviceServesItsClassifierSaysSo() throws Exception {
    Path backup = backup("roce-pod-c", Map.of());
    for (String other : List.of("oc-leaf-1", "oc-leaf-2")) {
      Files.delete(backup.resolve(other + ".xml"));
    }
    for (String other : List.of("spine-c1", "spine-c2")) {
      Files.delete(backup.resolve(other + ".json"));
    }
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            tmp.resolve("imported").toString(),
            "--format",
            "json");
    List<Map<String, Object>> said =
        findings(run.out()).stream()
            .filter(
                f ->
                    "/fabric/traffic-classes".equals(f.get("path"))
                        && f.get("rule").equals("import-outside-model"))
            .toList();
    assertEquals(1, said.size(), run.out());
    assertTrue(
        String.valueOf(said.get(0).get("message"))
            .startsWith(
                "no imported device serves its DSCP classification over"
                    + " its transport (leaf-c1, leaf-c2; eos: EOS serves the OpenConfig classifiers"),
        said.toString());
    assertEquals(1, run.exitCode());
  }

  @Test
  void explainAnswersEveryImportId() {
    for (String id : dev.weft.adopt.ImportIds.all()) {
      CliRun run = CliRun.of("explain", id);
      assertEquals(0, run.exitCode(), id + ": " + run.err());
      assertTrue(run.out().startsWith(id + " — "), run.out());
    }
  }

  @Test
  void aFileInNoKnownFormatIsAFindingAndTheOthersStillImport() throws Exception {
    Path backup = backup("roce-pod-a", Map.of());
    Files.writeString(backup.resolve("mystery.json"), "{\"hello\": 1}");
    CliRun run =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            tmp.resolve("imported").toString(),
            "--skeleton",
            "inventories/roce-pod-a",
            "--format",
            "json");
    List<Map<String, Object>> unreadable =
        findings(run.out()).stream()
            .filter(f -> f.get("rule").equals("import-unreadable"))
            .toList();
    assertEquals(1, unreadable.size(), unreadable.toString());
    assertEquals("mystery", unreadable.get(0).get("device"));
    assertEquals(6, devices(run.out()).size());
  }

  /**
   * An Oxidized-style folder: each EOS switch's running-config text in a file named after the
   * device, without an extension, beside a README. The switches import (the README is skipped, not
   * unreadable), with their DSCP classifier, which EOS serves only as text, and the import's round
   * trip finds no difference; a backup with a line that cannot be read is unreadable at that line
   * and column.
   */
  @Test
  void anOxidizedFolderOfEosRunningConfigsImports() throws Exception {
    CompiledFabric fabric = Examples.compile("roce-pod-e");
    Path dir = Files.createDirectories(tmp.resolve("oxidized"));
    List<String> eos = new ArrayList<>();
    for (CompiledSwitch sw : fabric.switches()) {
      if (sw.platform().equals("eos")) {
        String text = RENDERER.renderDevice(sw, fabric.fabric()).text("weft-qos.eos.cfg");
        Files.writeString(
            dir.resolve(sw.name()),
            "! Command: show running-config\n! device: "
                + sw.name()
                + " (DCS-7280CR3-32P4, EOS-4.36.1F)\n!\nhostname "
                + sw.name()
                + "\n!\n"
                + text);
        eos.add(sw.name());
      }
    }
    Files.writeString(dir.resolve("README"), "Oxidized backups of pod e, one file per device.\n");
    // a backup whose DSCP map cannot be read: unreadable at its line and column, the rest import
    Files.writeString(
        dir.resolve("eos-spine-9"),
        "! device: eos-spine-9 (DCS-7280CR3-32P4, EOS-4.36.1F)\n!\n"
            + "qos map dscp 26 to traffic-class nine\n");
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of("import", "--from", dir.toString(), "--out", out.toString(), "--format", "json");
    assertTrue(devices(run.out()).containsAll(eos), run.out() + run.err());
    List<Map<String, Object>> refused =
        findings(run.out()).stream()
            .filter(f -> f.get("rule").equals("import-unreadable"))
            .toList();
    assertEquals(1, refused.size(), refused.toString());
    assertEquals("eos-spine-9", refused.get(0).get("device"));
    assertEquals(3L, ((Number) refused.get(0).get("line")).longValue(), refused.toString());
    assertEquals(34L, ((Number) refused.get(0).get("column")).longValue(), refused.toString());
    List<Map<String, Object>> bad =
        findings(run.out()).stream()
            .filter(
                f ->
                    String.valueOf(f.get("rule")).startsWith("drift-")
                        || "/fabric/traffic-classes".equals(f.get("path")))
            .toList();
    assertTrue(bad.isEmpty(), bad.toString());
    assertTrue(Files.isRegularFile(out.resolve("fabric.yaml")), "an inventory is written");
    assertTrue(Files.readString(out.resolve("fabric.yaml")).contains("traffic-classes:"));
  }

  /**
   * A host NIC cabled to a {@code speed: auto} switch port (issue 31): no config says the NIC's
   * speed, so the import writes none (and says why beside it) instead of inventing 400G, and
   * validate asks for it at that NIC; the NIC on the fixed-speed port gets its port's speed.
   */
  @Test
  void aNicCabledToAnAutoPortIsWrittenWithoutASpeed() throws Exception {
    Path root = Examples.projectRoot();
    CompiledFabric fabric = Examples.compile(root, root.resolve("src/test/resources/speed-auto"));
    CompiledSwitch leaf = (CompiledSwitch) fabric.device("nvue-leaf").orElseThrow();
    String startup = RENDERER.renderDevice(leaf, fabric.fabric()).text("startup.yaml");
    Path dir = tmp.resolve("backup");
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      repo.recordFiles(
          Map.of("nvue-leaf", BackupFile.text(NvueJson.fromStartupYaml(startup))),
          List.of(),
          Instant.parse("2026-12-01T00:00:00Z"));
    }
    Path out = tmp.resolve("imported");
    CliRun.of("import", "--from", dir.toString(), "--out", out.toString(), "--format", "json");
    String hosts = Files.readString(out.resolve("hosts.yaml"));
    assertTrue(
        hosts.contains(
            "      # speed unknown: its switch port negotiates; write it here\n"
                + "      - { name: eth0 }\n"),
        hosts);
    assertTrue(hosts.contains("      - { name: eth1, speed: 400G }\n"), hosts);
    assertFalse(hosts.contains("{ name: eth0, speed:"), hosts);
    CliRun validated = CliRun.of("validate", out.toString(), "--format", "json");
    assertTrue(
        findings(validated.out()).stream()
            .anyMatch(
                f ->
                    "schema".equals(f.get("rule"))
                        && String.valueOf(f.get("message")).contains("speed")
                        && String.valueOf(f.get("file")).endsWith("hosts.yaml")),
        validated.out());
  }

  /** A folder of text configs no reader recognises is the usage error naming what it holds. */
  @Test
  void aFolderOfUnreadableTextSaysWhatItFound() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("texts"));
    Files.writeString(
        dir.resolve("r1.cfg"), "hostname r1\ninterface GigabitEthernet0/1\n mtu 9000\n");
    Files.writeString(dir.resolve("r2.cfg"), "hostname r2\n");
    Files.writeString(dir.resolve("r3"), "hostname r3\n");
    Path out = tmp.resolve("imported");
    CliRun run = CliRun.of("import", "--from", dir.toString(), "--out", out.toString());
    assertEquals(2, run.exitCode(), run.out() + run.err());
    assertTrue(run.err().contains("nothing to import"), run.err());
    assertTrue(run.err().contains("2 text files (r1.cfg, r2.cfg)"), run.err());
    assertTrue(run.err().contains("1 other file (r3)"), run.err());
    assertTrue(run.err().contains("2 unreadable: r1: no platform reads this file"), run.err());
    assertFalse(Files.exists(out), "no inventory is written from nothing");
  }

  /**
   * Renders every switch a live profile reads and records the files as weft backup does; edits
   * replace text.
   */
  private Path backup(String inventory, Map<String, String[]> edits) throws Exception {
    CompiledFabric fabric = Examples.compile(inventory);
    Platforms platforms = Platforms.builtIn();
    Map<String, BackupFile> files = new TreeMap<>();
    for (CompiledSwitch sw : fabric.switches()) {
      if (platforms.live(sw.platform()).isEmpty()) {
        continue; // a platform without a reader: weft backup cannot read it either
      }
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, fabric.fabric());
      BackupFile file =
          switch (sw.platform()) {
            case "sonic" -> BackupFile.text(out.text("config_db.json"));
            case "cumulus" -> BackupFile.text(NvueJson.fromStartupYaml(out.text("startup.yaml")));
            default -> BackupFile.xml(data(out.text("config.xml")));
          };
      String[] edit = edits.get(sw.name());
      if (edit != null) {
        String text = new String(file.content(), StandardCharsets.UTF_8);
        assertTrue(text.contains(edit[0]), sw.name() + " backup has no " + edit[0] + ":\n" + text);
        file =
            new BackupFile(
                file.extension(), text.replace(edit[0], edit[1]).getBytes(StandardCharsets.UTF_8));
      }
      files.put(sw.name(), file);
    }
    Path dir = tmp.resolve("backup");
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      repo.recordFiles(files, List.of(), Instant.parse("2026-12-01T00:00:00Z"));
    }
    return dir;
  }

  /** A rendered {@code <config>} as the {@code <data>} of a get-config reply. */
  private static org.w3c.dom.Element data(String config) throws Exception {
    String inner = config.substring(config.indexOf('>') + 1, config.lastIndexOf("</config>"));
    return HardenedXml.parse(
            new InputSource(
                new StringReader(
                    "<data xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                        + inner
                        + "</data>")))
        .getDocumentElement();
  }

  private static List<String> importable(String inventory) {
    Platforms platforms = Platforms.builtIn();
    return Examples.compile(inventory).switches().stream()
        .filter(s -> platforms.live(s.platform()).isPresent())
        .map(CompiledSwitch::name)
        .sorted()
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(String json) throws Exception {
    return (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> statuses(String json) throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (Map<String, Object> d :
        (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("devices")) {
      out.put((String) d.get("name"), (String) d.get("status"));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<String> devices(String json) throws Exception {
    List<Map<String, Object>> devices =
        (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("devices");
    return devices.stream().map(d -> (String) d.get("name")).sorted().toList();
  }

  /**
   * The validate findings that concern the imported devices (or no device), as
   * rule/severity/device/port.
   */
  private static List<String> audit(String json, List<String> devices) throws Exception {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> f : findings(json)) {
      Object device = f.get("device");
      if (device == null || devices.contains(device)) {
        out.add(f.get("rule") + " " + f.get("severity") + " " + device + " " + f.get("port"));
      }
    }
    out.sort(null);
    return out;
  }

  private static Map<String, String> files(Path dir) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        out.put(dir.relativize(p).toString(), Files.readString(p));
      }
    }
    return out;
  }
}
