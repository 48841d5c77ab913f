package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every rendered {@code roce-qos.sh} of the example inventories under bash, with the host tools
 * ({@code mlnx_qos}, {@code ethtool}, {@code ip}, {@code cma_roce_*}) replaced by stubs that log their
 * arguments and {@code /sys} moved into a temporary folder, and checks what the script does against
 * the compiled model: exactly one {@code --dscp2prio set,D,P} per code point whose priority differs from
 * the NIC default (DSCP >> 3) and none for the others, and every DCQCN knob holding the model's value.
 * A second run must leave every knob as it is (idempotent).
 */
class RoceQosScriptTest {
    private static final List<String> TOOLS = List.of("mlnx_qos", "ethtool", "ip", "cma_roce_mode", "cma_roce_tos");

    @Test
    void hostScriptsApplyTheModelAndAreIdempotent(@TempDir Path dir) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path log = dir.resolve("calls.log");
        for (String tool : TOOLS) {
            Path stub = bin.resolve(tool);
            Files.writeString(stub, "#!/usr/bin/env bash\necho \"$(basename \"$0\") $*\" >> '" + log + "'\n");
            Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        int checked = 0;
        Renderer renderer = new Renderer(TemplateFolders.builtIn());
        for (String inventory : Examples.ALL) {
            CompiledFabric fabric = Examples.compile(inventory);
            for (CompiledHost host : fabric.hosts()) {
                String script = renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh");
                Path sys = dir.resolve(inventory).resolve(host.name());
                for (CompiledNic nic : host.nics()) {
                    for (int prio = 0; prio < 8; prio++) {
                        knob(sys, nic, "roce_np/enable/" + prio);
                        knob(sys, nic, "roce_rp/enable/" + prio);
                    }
                }
                Path file = sys.resolve("roce-qos.sh");
                Files.writeString(file, script.replace("/sys/", sys + "/sys/"));

                List<String> calls = run(file, bin, log);
                Map<String, String> knobs = readKnobs(sys);
                for (CompiledNic nic : host.nics()) {
                    List<String> expected = new ArrayList<>();
                    nic.dscpToPriority().forEach((dscp, prio) -> {
                        if (prio != dscp >> 3) {
                            expected.add("mlnx_qos -i " + nic.name() + " --dscp2prio set," + dscp + "," + prio);
                        }
                    });
                    List<String> actual = calls.stream()
                            .filter(c -> c.startsWith("mlnx_qos -i " + nic.name() + " --dscp2prio ")).sorted().toList();
                    assertEquals(expected.stream().sorted().toList(), actual, host.name() + " " + nic.name());
                    if (nic.trustDscp()) {
                        assertTrue(calls.contains("mlnx_qos -i " + nic.name() + " --trust dscp"), calls.toString());
                    }
                    for (int prio = 0; prio < 8; prio++) {
                        assertEquals(String.valueOf(nic.ecnNotificationPoint().get(prio)),
                                knobs.get(nic.name() + "/roce_np/enable/" + prio), host.name() + " np " + prio);
                        assertEquals(String.valueOf(nic.ecnReactionPoint().get(prio)),
                                knobs.get(nic.name() + "/roce_rp/enable/" + prio), host.name() + " rp " + prio);
                    }
                }
                assertEquals(calls, run(file, bin, log), "a second run issues the same absolute settings");
                assertEquals(knobs, readKnobs(sys), "a second run changes no knob");
                checked++;
            }
        }
        assertTrue(checked >= 4, "hosts checked: " + checked);
    }

    /** A writable sysfs knob holding a value no setting has, so the script must write it. */
    private static void knob(Path sys, CompiledNic nic, String name) throws IOException {
        Path file = sys.resolve("sys/class/net/" + nic.name() + "/ecn/" + name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "unset\n");
    }

    private static Map<String, String> readKnobs(Path sys) throws IOException {
        Map<String, String> out = new TreeMap<>();
        Path net = sys.resolve("sys/class/net");
        try (var walk = Files.walk(net)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                out.put(net.relativize(p).toString().replace("/ecn/", "/"), Files.readString(p).strip());
            }
        }
        return out;
    }

    private static List<String> run(Path script, Path bin, Path log) throws IOException, InterruptedException {
        Files.deleteIfExists(log);
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process bash = pb.start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bash.waitFor(60, TimeUnit.SECONDS), "script hung");
        assertEquals(0, bash.exitValue(), script + ": " + out);
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }
}
