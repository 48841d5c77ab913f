package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Brownfield adoption end to end on REAL devices: render an example, push it to lab devices, {@code weft backup}
 * them, {@code weft import} the backup repository, then render the imported inventory again. The import's own
 * round trip (a per-feature drift comparison with every backed-up config) must find nothing, and the second
 * render, read back by the platform's reader, must equal the first feature for feature. OpenConfig devices are
 * netconfd behind OpenSSH (scripts/netconf-lab); Cumulus and SONiC devices are OpenSSH accounts answering {@code show
 * runningconfiguration all} / {@code nv config show -o json} with what the switch prints (scripts/ssh-lab).
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/yanglint", "/usr/bin/python3"})
class ImportOnLabsTest {

    private static final List<String> OC = List.of("oc-leaf-1", "oc-leaf-2");
    private static final List<String> SPINES = List.of("spine-c1", "spine-c2");
    private static final List<String> SONIC = List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

    /**
     * roce-pod-c as it can be backed up: its OpenConfig leaves on netconfd (NETCONF) and its Cumulus spines on the
     * SSH lab (NVUE); the EOS leaves have no reader, so they are neither backed up nor imported.
     */
    @Test
    void openConfigOverNetconfAndCumulusOverSshImportBackToTheirOwnConfig() throws Exception {
        try (SshInventoryLab pod = SshInventoryLab.start("roce-pod-c", 18405, SPINES.size());
                NetconfLab lab = NetconfLab.start(OC.size())) {
            Path leaves = pod.inventory.resolve("switches/leaves.yaml");
            Files.writeString(leaves, Files.readString(leaves).replace("port: 18403,", "port: " + lab.device(1).port() + ",")
                    .replace("port: 18404,", "port: " + lab.device(2).port() + ","));
            CompiledFabric fabric = ImportChecks.compile(pod.root, pod.inventory);
            Map<String, String> firstXml = new TreeMap<>();
            for (int i = 1; i <= OC.size(); i++) {
                Renderer.DeviceOutput out = renderer.renderDevice(ImportChecks.device(fabric, OC.get(i - 1)), fabric.fabric());
                assertEquals(List.of(), out.findings());
                firstXml.put(OC.get(i - 1), out.text("config.xml"));
                lab.device(i).seed(out.text("config.xml"), lab.clientKey());
            }
            Map<String, String> firstNvue = new TreeMap<>();
            for (String name : SPINES) {
                Renderer.DeviceOutput out = renderer.renderDevice(ImportChecks.device(fabric, name), fabric.fabric());
                assertEquals(List.of(), out.findings());
                firstNvue.put(name, NvueJson.fromStartupYaml(out.text("startup.yaml")));
            }
            pod.lab.loadOrFail(1, "nvue", List.copyOf(firstNvue.values()));
            // two transports, two accounts: one backup run per lab into the same repository
            Path backups = pod.root.resolve("backups");
            Path netconfCredentials = pod.root.resolve("netconf-credentials.yaml");
            Files.writeString(netconfCredentials, "lab:\n  user: netconf\n  key-file: " + lab.clientKey() + "\n");
            Cli netconf = Cli.run("backup", pod.inventory.toString(), "--repo", pod.root.toString(), "--to", backups.toString(),
                    "--known-hosts", lab.knownHosts().toString(), "--credentials", netconfCredentials.toString(),
                    "--device", OC.get(0), "--device", OC.get(1), "--timeout", "20s", "--format", "json");
            assertEquals(0, netconf.exit(), netconf.out() + netconf.err());
            SshInventoryLab.Cli ssh = pod.backup(backups, "--device", SPINES.get(0), "--device", SPINES.get(1), "--format", "json");
            assertEquals(0, ssh.exit(), ssh.out() + ssh.err());
            Path imported = pod.root.resolve("imported");
            Cli run = Cli.run("import", "--from", backups.toString(), "--out", imported.toString(),
                    "--skeleton", pod.inventory.toString(), "--repo", pod.root.toString(), "--format", "json");
            List<String> all = new ArrayList<>(OC);
            all.addAll(SPINES);
            ImportChecks.assertRoundTrips(run, all);
            ImportChecks.assertRendersTheSame(renderer, pod.root, imported, firstXml, "config.xml");
            ImportChecks.assertRendersTheSame(renderer, pod.root, imported, firstNvue, "startup.yaml");
        }
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
                dumps.add(SonicDriftOnLabTest.runningAfterConfigLoad(out.text("config_db.json"), sw.hwsku()));
            }
            pod.lab.loadOrFail(1, "sonic", dumps);
            Path backups = pod.root.resolve("backups");
            SshInventoryLab.Cli backup = pod.backup(backups, "--format", "json");
            assertEquals(0, backup.exit(), backup.out() + backup.err());
            Path imported = pod.root.resolve("imported");
            Cli run = Cli.run("import", "--from", backups.toString(), "--out", imported.toString(),
                    "--skeleton", pod.inventory.toString(), "--repo", pod.root.toString(), "--format", "json");
            ImportChecks.assertRoundTrips(run, SONIC);
            // what the switches run beyond Weft's model is reported, not dropped: the loopback, the SKU's unused ports
            List<String> outside = run.all().stream().filter(f -> f.get("rule").equals("import-outside-model"))
                    .map(f -> f.get("device") + " " + f.get("path")).toList();
            for (String name : SONIC) {
                assertTrue(outside.contains(name + " /LOOPBACK_INTERFACE"), outside.toString());
            }
            ImportChecks.assertRendersTheSame(renderer, pod.root, imported, first, "config_db.json");
        }
    }

}
