package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.cli.Main;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.platform.sonic.SonicHwsku;
import dev.weft.platform.sonic.SonicHwskus;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.FileTrees;
import dev.weft.testing.SshLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft drift} and {@code weft backup} of {@code inventories/roce-pod-a}'s six SONiC switches against
 * six REAL SSH devices (scripts/ssh-lab: OpenSSH on loopback whose account answers {@code show
 * runningconfiguration all}). Each device serves what a SONiC switch of the pod's HWSKU prints after
 * {@code config load} of the rendered config_db.json: the HWSKU's whole PORT table with the rendered tables
 * merged in, plus a table Weft does not manage. The lab checks every dump against SONiC's YANG before it
 * serves it. Drift is injected by loading an edited dump, one feature at a time.
 */
class SonicDriftOnLabTest {

    private static final List<String> SWITCHES = List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");

    private static SshLab lab;
    private static Path root;
    private static Path inventory;
    private static Path credentials;
    private static final Map<String, String> dumps = new LinkedHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        lab = SshLab.start(SWITCHES.size());
        root = Files.createTempDirectory("weft-sonic-drift");
        inventory = copyInventory("roce-pod-a", root);
        for (int i = 0; i < SWITCHES.size(); i++) {
            // the example's switches listen on 18301.. ; the lab's devices on free ports
            replaceInFiles(inventory.resolve("switches"), "port: " + (18301 + i) + ",", "port: " + lab.port(i + 1) + ",");
        }
        credentials = root.resolve("credentials.yaml");
        Files.writeString(credentials, "lab:\n  user: " + lab.user() + "\n  key-file: " + lab.clientKey() + "\n");
        CompiledFabric fabric = Examples.compile(root, root.relativize(inventory));
        Renderer renderer = new Renderer(TemplateFolders.builtIn());
        for (String name : SWITCHES) {
            CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
            Renderer.DeviceOutput out = renderer.renderDevice(sw, fabric.fabric());
            assertEquals(List.of(), out.findings());
            dumps.put(name, runningAfterConfigLoad(out.text("config_db.json"), sw.hwsku()));
        }
        lab.loadOrFail(1, "sonic", List.copyOf(dumps.values()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (lab != null) {
            lab.close();
        }
        if (root != null) {
            FileTrees.delete(root);
        }
    }

    /**
     * What {@code show runningconfiguration all} prints on a switch of this HWSKU after {@code config load} of
     * the rendered file: the factory PORT table (every port of the HWSKU, down, with its lanes) with the
     * rendered tables merged in field by field, as {@code config load} merges, and LOOPBACK_INTERFACE, which
     * Weft neither renders nor reads.
     */
    @SuppressWarnings("unchecked")
    static String runningAfterConfigLoad(String rendered, String hwsku) throws Exception {
        SonicHwsku sku = new SonicHwskus().lookup(hwsku).orElseThrow();
        Map<String, Object> running = new TreeMap<>();
        Map<String, Object> ports = new TreeMap<>();
        sku.ports().values().forEach(p -> ports.put(p.name(), new TreeMap<>(Map.of("lanes", p.lanes(), "alias", p.alias(),
                "index", String.valueOf(p.index()), "speed", String.valueOf(p.speedMbps()), "admin_status", "down",
                "mtu", "9100"))));
        running.put("PORT", ports);
        running.put("LOOPBACK_INTERFACE", Map.of("Loopback0", Map.of(), "Loopback0|10.1.0.1/32", Map.of()));
        Map<String, Object> file = (Map<String, Object>) Json.parse(rendered);
        file.forEach((table, entries) -> {
            Map<String, Object> t = (Map<String, Object>) running.computeIfAbsent(table, k -> new TreeMap<String, Object>());
            ((Map<String, Object>) entries).forEach((key, fields) -> {
                Object before = t.get(key);
                if (before instanceof Map<?, ?> old && fields instanceof Map<?, ?> add) {
                    Map<String, Object> merged = new TreeMap<>((Map<String, Object>) old);
                    merged.putAll((Map<String, Object>) add);
                    t.put(key, merged);
                } else {
                    t.put(key, fields);
                }
            });
        });
        return Json.write(running);
    }

    @Test
    void everySonicSwitchOfThePodIsInSync() throws Exception {
        Cli r = drift();
        assertEquals(List.of(), r.findings(), r.out + r.err);
        Map<String, String> expected = new TreeMap<>();
        SWITCHES.forEach(s -> expected.put(s, "ok"));
        assertEquals(expected, r.devices(), r.out);
        assertEquals(0, r.exit, r.out + r.err);
    }

    @Test
    void driftInjectedInEachFeatureIsFoundWithTheIntentLineThatOwnsIt() throws Exception {
        record Injection(String rule, String ownerWord, Consumer<Map<String, Map<String, Map<String, Object>>>> edit) {}
        List<Injection> injections = List.of(
                new Injection("drift-pfc", "lossless", db -> db.get("PORT_QOS_MAP").get("Ethernet0").put("pfc_enable", "3,4")),
                new Injection("drift-ecn", "ecn:", db -> db.get("WRED_PROFILE").get("rdma").put("green_min_threshold", "300000")),
                new Injection("drift-scheduler", "scheduler:", db -> db.get("SCHEDULER").get("rdma").put("weight", "60")),
                new Injection("drift-watchdog", "watchdog:", db -> db.get("PFC_WD").get("Ethernet0").put("detection_time", "300")),
                new Injection("drift-buffers", "cable-length", db -> db.get("BUFFER_PROFILE").values().forEach(p -> {
                    long xoff = Long.parseLong((String) p.get("xoff"));
                    p.put("xoff", String.valueOf(xoff / 2));
                })),
                new Injection("drift-mtu", "switch:", db -> db.get("PORT").get("Ethernet8").put("mtu", "9100")),
                new Injection("drift-hash", "hash-fields", db -> db.get("SWITCH_HASH").get("GLOBAL")
                        .put("ecmp_hash", List.of("SRC_IP", "DST_IP", "IP_PROTOCOL", "L4_DST_PORT"))));
        try {
            for (Injection injection : injections) {
                Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-01"));
                injection.edit().accept(db);
                lab.loadOrFail(1, "sonic", List.of(Json.write(db)));
                Cli r = drift("--device", "leaf-01");
                TreeSet<String> driftRules = new TreeSet<>();
                for (Map<String, Object> f : r.findings()) {
                    String rule = (String) f.get("rule");
                    if (!rule.startsWith("drift-")) {
                        continue;     // rules on the live config may add their own view of the same change
                    }
                    driftRules.add(rule);
                    String line = intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
                    assertTrue(line.contains(injection.ownerWord()), injection.rule() + " points at '" + line + "': " + f);
                    assertEquals("leaf-01", f.get("device"));
                    assertNotEquals(f.get("expected"), f.get("actual"), f.toString());
                }
                assertEquals(new TreeSet<>(List.of(injection.rule())), driftRules, injection.rule() + ": " + r.out);
                assertEquals(Map.of("leaf-01", "drift"), r.devices(), r.out);
                assertEquals(1, r.exit, r.out);
            }
        } finally {
            lab.loadOrFail(1, "sonic", List.of(dumps.get("leaf-01")));
        }
    }

    @Test
    void theLabRefusesADumpSonicsYangRejectsAndKeepsServingTheLastGoodOne() throws Exception {
        Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-02"));
        db.get("PORT").get("Ethernet0").remove("lanes");
        db.get("PORT_QOS_MAP").get("Ethernet0").put("pfc_enable", "3,4");
        SshLab.Result refused = lab.load(2, "sonic", List.of(Json.write(db)));
        assertEquals(1, refused.exit(), refused.output());
        assertTrue(refused.output().contains("Mandatory node \"lanes\""), refused.output());
        Cli r = drift("--device", "leaf-02");
        assertEquals(List.of(), r.findings(), "the device still serves its last good config: " + r.out);
    }

    @Test
    void aDeviceThatDoesNotKnowTheCommandIsThatDevicesErrorTheOthersStillComplete() throws Exception {
        try {
            lab.loadOrFail(6, "nvue", List.of("[]"));     // spine-02 now plays a Cumulus switch
            Cli r = drift("--device", "spine-01", "--device", "spine-02");
            assertEquals(Map.of("spine-01", "ok", "spine-02", "error:command-failed"), r.devices(), r.out);
            Map<String, Object> f = r.findings().get(0);
            assertEquals("device-error", f.get("rule"));
            assertTrue(((String) f.get("message")).contains("`show runningconfiguration all`: exit status 127"), f.toString());
        } finally {
            lab.loadOrFail(6, "sonic", List.of(dumps.get("spine-02")));
        }
    }

    @Test
    void backupCommitsEachSwitchsConfigDbAsJson() throws Exception {
        Path backups = root.resolve("backups");
        Cli r = weft("backup", inventory.toString(), "--repo", root.toString(), "--to", backups.toString(), "--format", "json",
                "--known-hosts", lab.knownHosts().toString(), "--credentials", credentials.toString(), "--timeout", "30s");
        assertEquals(0, r.exit, r.out + r.err);
        for (String name : SWITCHES) {
            Path file = backups.resolve(name + ".json");
            assertTrue(Files.exists(file), "no backup of " + name);
            assertEquals(Json.parse(dumps.get(name)), Json.parse(Files.readString(file)), name);
        }
        Cli again = weft("backup", inventory.toString(), "--repo", root.toString(), "--to", backups.toString(),
                "--known-hosts", lab.knownHosts().toString(), "--credentials", credentials.toString());
        assertEquals(0, again.exit, again.err);
        assertTrue(again.err.contains("0 of 6 devices changed"), again.err);
        assertFalse(Files.exists(backups.resolve("leaf-01.xml")));
    }

    // ------------------------------------------------------------------ helpers

    record Cli(int exit, String out, String err) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> findings() throws Exception {
            return ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(out)).get("findings")).stream()
                    .filter(f -> !"not-audited".equals(f.get("rule"))).toList();
        }

        @SuppressWarnings("unchecked")
        Map<String, String> devices() throws Exception {
            Map<String, String> out = new TreeMap<>();
            for (Map<String, Object> d : (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(this.out)).get("devices")) {
                out.put((String) d.get("name"), d.get("status") + (d.get("reason") == null ? "" : ":" + d.get("reason")));
            }
            return out;
        }
    }

    static Cli weft(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Cli(code, out.toString(), err.toString());
    }

    private static Cli drift(String... extra) {
        List<String> args = new ArrayList<>(List.of("drift", inventory.toString(), "--repo", root.toString(), "--format", "json",
                "--known-hosts", lab.knownHosts().toString(), "--credentials", credentials.toString(), "--timeout", "30s"));
        args.addAll(List.of(extra));
        return weft(args.toArray(String[]::new));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Map<String, Object>>> parse(String json) throws Exception {
        return (Map<String, Map<String, Map<String, Object>>>) Json.parse(json);
    }

    private static String intentLine(String file, int line) throws Exception {
        return Files.readAllLines(root.resolve(file)).get(line - 1);
    }

    static Path copyInventory(String name, Path root) throws Exception {
        Path src = SshLab.projectDir().resolve("inventories").resolve(name);
        Path dst = root.resolve("inventories").resolve(name);
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.sorted().toList()) {
                Path to = dst.resolve(src.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return dst;
    }

    static void replaceInFiles(Path dir, String from, String to) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f);
                if (text.contains(from)) {
                    Files.writeString(f, text.replace(from, to));
                }
            }
        }
    }
}
