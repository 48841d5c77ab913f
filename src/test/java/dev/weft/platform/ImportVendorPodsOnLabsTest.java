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
 * The vendor-model example pods adopted from their running devices: netconfd loaded with each vendor's published
 * YANG ({@code scripts/netconf-lab --vendor V}), seeded with the rendered payloads, backed up with {@code weft backup}
 * and imported. No feature differs, the imported inventory renders the same features, and it validates with the
 * original's findings. roce-pod-d: Junos leaves and SR Linux spines; roce-pod-e: NX-OS leaves and EOS spines.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class ImportVendorPodsOnLabsTest {

    @Test
    void junosAndSrLinuxDevicesImportBackToTheirOwnConfig() throws Exception {
        List<String> devices = List.of("qfx-leaf-1", "qfx-leaf-2", "srl-spine-1", "srl-spine-2");
        try (LabPod pod = LabPod.start(Map.of("juniper", devices.subList(0, 2), "nokia", devices.subList(2, 4)))) {
            roundTrip(pod, devices);
        }
    }

    /** EOS serves no classifier or hash over NETCONF: the NX-OS leaves give the plan those, as drift reads them. */
    @Test
    void nxosAndEosDevicesImportBackToTheirOwnConfig() throws Exception {
        List<String> devices = List.of("nx-leaf-1", "nx-leaf-2", "eos-spine-1", "eos-spine-2");
        try (LabPod pod = LabPod.start("inventories/roce-pod-e", Map.of("cisco", devices.subList(0, 2),
                "arista", devices.subList(2, 4)))) {
            roundTrip(pod, devices);
        }
    }

    private static void roundTrip(LabPod pod, List<String> devices) throws Exception {
        pod.seed();
        Path inventory = pod.root().resolve(pod.inventory());
        Path backups = pod.root().resolve("backups");
        Cli backup = pod.backup(backups, List.of());
        assertEquals(0, backup.exit(), backup.out() + backup.err());
        Path imported = pod.root().resolve("imported");
        Cli run = Cli.run("import", "--from", backups.toString(), "--out", imported.toString(),
                "--skeleton", inventory.toString(), "--repo", pod.root().toString(), "--format", "json");
        ImportChecks.assertRoundTrips(run, devices);
        Renderer renderer = new Renderer(TemplateFolders.builtIn());
        CompiledFabric fabric = ImportChecks.compile(pod.root(), inventory);
        Map<String, String> first = new TreeMap<>();
        for (String name : devices) {
            Renderer.DeviceOutput out = renderer.renderDevice(ImportChecks.device(fabric, name), fabric.fabric());
            assertEquals(List.of(), out.findings());
            first.put(name, out.text("config.xml"));
        }
        ImportChecks.assertRendersTheSame(renderer, pod.root(), imported, first, "config.xml");
        ImportChecks.assertValidatesAsTheOriginal(pod.root(), inventory, imported, devices);
    }
}
