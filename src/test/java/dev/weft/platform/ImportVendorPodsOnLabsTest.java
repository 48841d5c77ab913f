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
 * {@code inventories/roce-pod-d} adopted from its running devices: the Junos leaves on a Juniper lab and the SR Linux
 * spines on a Nokia lab (netconfd loaded with the vendors' published YANG), seeded with the rendered payloads, backed
 * up with {@code weft backup} and imported: no feature differs, and the imported inventory renders the same features.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class ImportPodDOnLabsTest {

    private static final List<String> DEVICES = List.of("qfx-leaf-1", "qfx-leaf-2", "srl-spine-1", "srl-spine-2");

    @Test
    void junosAndSrLinuxDevicesImportBackToTheirOwnConfig() throws Exception {
        try (LabPod pod = LabPod.start(Map.of("juniper", DEVICES.subList(0, 2), "nokia", DEVICES.subList(2, 4)))) {
            pod.seed();
            Path inventory = pod.root().resolve(LabPod.INVENTORY);
            Path backups = pod.root().resolve("backups");
            Cli backup = pod.backup(backups, List.of());
            assertEquals(0, backup.exit(), backup.out() + backup.err());
            Path imported = pod.root().resolve("imported");
            Cli run = Cli.run("import", "--from", backups.toString(), "--out", imported.toString(),
                    "--skeleton", inventory.toString(), "--repo", pod.root().toString(), "--format", "json");
            ImportChecks.assertRoundTrips(run, DEVICES);
            Renderer renderer = new Renderer(TemplateFolders.builtIn());
            CompiledFabric fabric = ImportChecks.compile(pod.root(), inventory);
            Map<String, String> first = new TreeMap<>();
            for (String name : DEVICES) {
                Renderer.DeviceOutput out = renderer.renderDevice(ImportChecks.device(fabric, name), fabric.fabric());
                assertEquals(List.of(), out.findings());
                first.put(name, out.text("config.xml"));
            }
            ImportChecks.assertRendersTheSame(renderer, pod.root(), imported, first, "config.xml");
        }
    }
}
