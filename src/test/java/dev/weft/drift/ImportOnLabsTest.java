package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.NvueJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Brownfield adoption end to end on REAL devices: render an example, push it to lab devices, {@code
 * weft backup} them, {@code weft import} the backup repository, then render the imported inventory
 * again. The import's own round trip (a per-feature drift comparison with every backed-up config)
 * must find nothing, and the second render, read back by the platform's reader, must equal the
 * first feature for feature. OpenConfig and EOS devices are netconfd behind OpenSSH
 * (scripts/netconf-lab, EOS with Arista's published models); Cumulus and SONiC devices are OpenSSH
 * accounts answering {@code show runningconfiguration all} / {@code nv config show -o json} with
 * what the switch prints (scripts/ssh-lab).
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/yanglint", "/usr/bin/python3"})
class ImportOnLabsTest {

  private static final List<String> EOS = List.of("leaf-c1", "leaf-c2");
  private static final List<String> OC = List.of("oc-leaf-1", "oc-leaf-2");
  private static final List<String> SPINES = List.of("spine-c1", "spine-c2");
  private static final List<String> SONIC =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
  private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

  /**
   * roce-pod-c whole: its EOS leaves on netconfd with Arista's published models and its OpenConfig
   * leaves on netconfd (NETCONF), its Cumulus spines on the SSH lab (NVUE), all backed up by one
   * {@code weft backup} run. EOS serves no classifier over NETCONF: the other devices give the plan
   * its DSCP map, which EOS's reader cannot contradict. Then {@code weft import --live} reads the
   * same devices directly and writes the same inventory; with one device stopped, that device is
   * unreachable and the others still import.
   */
  @Test
  void eosAndOpenConfigOverNetconfAndCumulusOverSshImportBackToTheirOwnConfig() throws Exception {
    try (SshInventoryLab pod = SshInventoryLab.start("roce-pod-c", 18405, SPINES.size());
        NetconfLab lab = NetconfLab.start(OC.size());
        NetconfLab arista = NetconfLab.startVendor("arista", EOS.size())) {
      Path leaves = pod.inventory.resolve("switches/leaves.yaml");
      Files.writeString(
          leaves,
          Files.readString(leaves)
              .replace("port: 18403,", "port: " + lab.device(1).port() + ",")
              .replace("port: 18404,", "port: " + lab.device(2).port() + ",")
              .replace(
                  "port: 18401, credentials: lab",
                  "port: " + arista.device(1).port() + ", credentials: arista")
              .replace(
                  "port: 18402, credentials: lab",
                  "port: " + arista.device(2).port() + ", credentials: arista"));
      Path spines = pod.inventory.resolve("switches/spines.yaml");
      Files.writeString(
          spines, Files.readString(spines).replace("credentials: lab", "credentials: ssh"));
      // three labs, three accounts: one credentials file and one known_hosts for every device
      Path credentials = pod.root.resolve("all-credentials.yaml");
      Files.writeString(
          credentials,
          "lab:\n  user: netconf\n  key-file: "
              + lab.clientKey()
              + "\n"
              + "arista:\n  user: netconf\n  key-file: "
              + arista.clientKey()
              + "\n"
              + "ssh:\n  user: "
              + pod.lab.user()
              + "\n  key-file: "
              + pod.lab.clientKey()
              + "\n");
      Path knownHosts = pod.root.resolve("all-known-hosts");
      Files.writeString(
          knownHosts,
          Files.readString(lab.knownHosts())
              + Files.readString(arista.knownHosts())
              + Files.readString(pod.lab.knownHosts()));
      CompiledFabric fabric = ImportChecks.compile(pod.root, pod.inventory);
      Map<String, String> firstXml = new TreeMap<>();
      for (int i = 1; i <= OC.size(); i++) {
        Renderer.DeviceOutput out =
            renderer.renderDevice(ImportChecks.device(fabric, OC.get(i - 1)), fabric.fabric());
        assertEquals(List.of(), out.findings());
        firstXml.put(OC.get(i - 1), out.text("config.xml"));
        lab.device(i).seed(out.text("config.xml"), lab.clientKey());
      }
      for (int i = 1; i <= EOS.size(); i++) {
        Renderer.DeviceOutput out =
            renderer.renderDevice(ImportChecks.device(fabric, EOS.get(i - 1)), fabric.fabric());
        assertEquals(List.of(), out.findings());
        firstXml.put(EOS.get(i - 1), out.text("config.xml"));
        assertNull(
            arista.device(i).replaceWith(out.text("config.xml"), arista.clientKey()),
            EOS.get(i - 1));
      }
      Map<String, String> firstNvue = new TreeMap<>();
      for (String name : SPINES) {
        Renderer.DeviceOutput out =
            renderer.renderDevice(ImportChecks.device(fabric, name), fabric.fabric());
        assertEquals(List.of(), out.findings());
        firstNvue.put(name, NvueJson.fromStartupYaml(out.text("startup.yaml")));
      }
      pod.lab.loadOrFail(1, "nvue", List.copyOf(firstNvue.values()));
      List<String> devices = new ArrayList<>(EOS);
      devices.addAll(OC);
      devices.addAll(SPINES);
      String[] access = {
        "--known-hosts",
        knownHosts.toString(),
        "--credentials",
        credentials.toString(),
        "--timeout",
        "20s"
      };

      Path backups = pod.root.resolve("backups");
      Cli backup =
          Cli.run(
              with(
                  access,
                  "backup",
                  pod.inventory.toString(),
                  "--repo",
                  pod.root.toString(),
                  "--to",
                  backups.toString(),
                  "--format",
                  "json"));
      assertEquals(0, backup.exit(), backup.out() + backup.err());
      Path imported = pod.root.resolve("imported");
      Cli run =
          Cli.run(
              "import",
              "--from",
              backups.toString(),
              "--out",
              imported.toString(),
              "--skeleton",
              pod.inventory.toString(),
              "--repo",
              pod.root.toString(),
              "--format",
              "json");
      ImportChecks.assertRoundTrips(run, devices);
      ImportChecks.assertRendersTheSame(renderer, pod.root, imported, firstXml, "config.xml");
      ImportChecks.assertRendersTheSame(renderer, pod.root, imported, firstNvue, "startup.yaml");
      ImportChecks.assertValidatesAsTheOriginal(pod.root, pod.inventory, imported, devices);

      Path live = pod.root.resolve("imported-live");
      Cli direct =
          Cli.run(
              with(
                  access,
                  "import",
                  "--live",
                  "--skeleton",
                  pod.inventory.toString(),
                  "--out",
                  live.toString(),
                  "--repo",
                  pod.root.toString(),
                  "--format",
                  "json"));
      ImportChecks.assertRoundTrips(direct, devices);
      assertEquals(
          ImportChecks.withoutHeaders(imported),
          ImportChecks.withoutHeaders(live),
          "the devices read directly import as their backup did");

      arista.stopDevice(2);
      Path partial = pod.root.resolve("imported-partial");
      Cli without =
          Cli.run(
              with(
                  access,
                  "import",
                  "--live",
                  "--skeleton",
                  pod.inventory.toString(),
                  "--out",
                  partial.toString(),
                  "--repo",
                  pod.root.toString(),
                  "--format",
                  "json"));
      assertTrue(without.devices().get("leaf-c2").startsWith("unreachable"), without.out());
      assertEquals(
          List.of("leaf-c2"),
          without.all().stream()
              .filter(f -> f.get("rule").equals("device-unreachable"))
              .map(f -> f.get("device"))
              .toList(),
          without.out());
      String leavesOut = Files.readString(partial.resolve("switches/leaves.yaml"));
      assertTrue(
          leavesOut.contains("- name: leaf-c1")
              && leavesOut.contains("- name: oc-leaf-2")
              && !leavesOut.contains("leaf-c2"),
          leavesOut);
    }
  }

  private static String[] with(String[] access, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(access));
    return all.toArray(String[]::new);
  }

  @Test
  void sonicSwitchesOverSshImportBackToTheirOwnConfig() throws Exception {
    try (SshInventoryLab pod = SshInventoryLab.start("roce-pod-a", 18301, SONIC.size())) {
      CompiledFabric fabric = ImportChecks.compile(pod.root, pod.inventory);
      Map<String, String> first = new TreeMap<>();
      List<String> dumps = new ArrayList<>();
      for (String name : SONIC) {
        CompiledSwitch sw = ImportChecks.device(fabric, name);
        Renderer.DeviceOutput out = renderer.renderDevice(sw, fabric.fabric());
        assertEquals(List.of(), out.findings());
        first.put(name, out.text("config_db.json"));
        dumps.add(
            SonicDriftOnLabTest.runningAfterConfigLoad(out.text("config_db.json"), sw.hwsku()));
      }
      pod.lab.loadOrFail(1, "sonic", dumps);
      Path backups = pod.root.resolve("backups");
      Cli backup = pod.backup(backups, "--format", "json");
      assertEquals(0, backup.exit(), backup.out() + backup.err());
      Path imported = pod.root.resolve("imported");
      Cli run =
          Cli.run(
              "import",
              "--from",
              backups.toString(),
              "--out",
              imported.toString(),
              "--skeleton",
              pod.inventory.toString(),
              "--repo",
              pod.root.toString(),
              "--format",
              "json");
      ImportChecks.assertRoundTrips(run, SONIC);
      // what the switches run beyond Weft's model is reported, not dropped: the loopback, the SKU's
      // unused ports
      List<String> outside =
          run.all().stream()
              .filter(f -> f.get("rule").equals("import-outside-model"))
              .map(f -> f.get("device") + " " + f.get("path"))
              .toList();
      for (String name : SONIC) {
        assertTrue(outside.contains(name + " /LOOPBACK_INTERFACE"), outside.toString());
      }
      ImportChecks.assertRendersTheSame(renderer, pod.root, imported, first, "config_db.json");
      ImportChecks.assertValidatesAsTheOriginal(pod.root, pod.inventory, imported, SONIC);
    }
  }
}
