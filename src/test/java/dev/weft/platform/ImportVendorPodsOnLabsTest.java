package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.compile.CompiledFabric;
import dev.weft.drift.Cli;
import dev.weft.drift.ImportChecks;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The vendor-model example pods adopted from their running devices: netconfd loaded with each
 * vendor's published YANG ({@code scripts/netconf-lab --vendor V}), seeded with the rendered
 * payloads, backed up with {@code weft backup} and imported. No feature differs, the imported
 * inventory renders the same features, and it validates with the original's findings. roce-pod-d:
 * Junos leaves and SR Linux spines; roce-pod-e: NX-OS leaves and EOS spines.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class ImportVendorPodsOnLabsTest {

  @Test
  void junosAndSrLinuxDevicesImportBackToTheirOwnConfig() throws Exception {
    List<String> devices = List.of("qfx-leaf-1", "qfx-leaf-2", "srl-spine-1", "srl-spine-2");
    try (LabPod pod =
        LabPod.start(Map.of("juniper", devices.subList(0, 2), "nokia", devices.subList(2, 4)))) {
      roundTrip(pod, devices);
    }
  }

  /**
   * EOS serves no classifier or hash over NETCONF: the NX-OS leaves give the plan those, as drift
   * reads them.
   */
  @Test
  void nxosAndEosDevicesImportBackToTheirOwnConfig() throws Exception {
    List<String> devices = List.of("nx-leaf-1", "nx-leaf-2", "eos-spine-1", "eos-spine-2");
    try (LabPod pod =
        LabPod.start(
            "inventories/roce-pod-e",
            Map.of("cisco", devices.subList(0, 2), "arista", devices.subList(2, 4)))) {
      roundTrip(pod, devices);
    }
  }

  /**
   * roce-pod-e with two deviations made on the devices behind Weft's back (python3-ncclient): a
   * 9000-byte MTU on an NX-OS host port and on an EOS uplink. The import keeps exactly those two as
   * reasoned exceptions and still reproduces every feature; validating the imported inventory
   * audits the fabric as it runs: the uplink's MTU no longer matches its far end.
   */
  @Test
  void twoDeviationsOnNxosAndEosImportAsExactlyTwoExceptions() throws Exception {
    List<String> devices = List.of("nx-leaf-1", "nx-leaf-2", "eos-spine-1", "eos-spine-2");
    try (LabPod pod =
        LabPod.start(
            "inventories/roce-pod-e",
            Map.of("cisco", devices.subList(0, 2), "arista", devices.subList(2, 4)))) {
      pod.seed();
      pod.inject(
          "nx-leaf-1",
          "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
              + "<System xmlns=\"http://cisco.com/ns/yang/cisco-nx-os-device\"><intf-items><phys-items>"
              + "<PhysIf-list><id>eth1/2</id><mtu>9000</mtu></PhysIf-list></phys-items></intf-items></System></config>");
      pod.inject(
          "eos-spine-2",
          "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
              + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet2/1</name>"
              + "<config><name>Ethernet2/1</name><mtu>9000</mtu></config></interface></interfaces></config>");
      Path backups = pod.root().resolve("backups");
      Cli backup = pod.backup(backups, List.of());
      assertEquals(0, backup.exit(), backup.out() + backup.err());
      Cli run =
          Cli.run(
              "import",
              "--from",
              backups.toString(),
              "--out",
              pod.root().resolve("imported").toString(),
              "--skeleton",
              pod.root().resolve(pod.inventory()).toString(),
              "--repo",
              pod.root().toString(),
              "--format",
              "json");
      List<Map<String, Object>> broken =
          run.all().stream()
              .filter(
                  f ->
                      String.valueOf(f.get("rule")).startsWith("drift-")
                          || List.of("render-error", "import-unreadable", "device-unreachable")
                              .contains(f.get("rule")))
              .toList();
      assertEquals(List.of(), broken, run.out());
      assertEquals(
          Map.of("eos-spine-1", "ok", "eos-spine-2", "ok", "nx-leaf-1", "ok", "nx-leaf-2", "ok"),
          run.devices());
      // the audit of the fabric as it runs: the uplink's far end still runs 9214
      List<String> errors =
          run.all().stream()
              .filter(f -> f.get("severity").equals("error"))
              .map(f -> f.get("rule") + " " + f.get("device") + " " + f.get("port"))
              .toList();
      assertEquals(List.of("mtu-link-mismatch eos-spine-2 Ethernet2/1"), errors, run.out());
      assertEquals(1, run.exit());
      List<String> exceptions =
          run.all().stream()
              .filter(f -> f.get("rule").equals("import-exception"))
              .map(f -> f.get("device") + " " + f.get("port") + " " + f.get("actual"))
              .sorted()
              .toList();
      assertEquals(
          List.of("eos-spine-2 Ethernet2/1 mtu 9000", "nx-leaf-1 Ethernet1/2 mtu 9000"),
          exceptions,
          run.out());
    }
  }

  private static void roundTrip(LabPod pod, List<String> devices) throws Exception {
    pod.seed();
    Path inventory = pod.root().resolve(pod.inventory());
    Path backups = pod.root().resolve("backups");
    Cli backup = pod.backup(backups, List.of());
    assertEquals(0, backup.exit(), backup.out() + backup.err());
    Path imported = pod.root().resolve("imported");
    Cli run =
        Cli.run(
            "import",
            "--from",
            backups.toString(),
            "--out",
            imported.toString(),
            "--skeleton",
            inventory.toString(),
            "--repo",
            pod.root().toString(),
            "--format",
            "json");
    ImportChecks.assertRoundTrips(run, devices);
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    CompiledFabric fabric = ImportChecks.compile(pod.root(), inventory);
    Map<String, String> first = new TreeMap<>();
    for (String name : devices) {
      Renderer.DeviceOutput out =
          renderer.renderDevice(ImportChecks.device(fabric, name), fabric.fabric());
      assertEquals(List.of(), out.findings());
      first.put(name, out.text("config.xml"));
    }
    ImportChecks.assertRendersTheSame(renderer, pod.root(), imported, first, "config.xml");
    ImportChecks.assertValidatesAsTheOriginal(pod.root(), inventory, imported, devices);
  }
}
