package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.render.Examples;
import dev.weft.testing.LabTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cisco's and Arista's vendored models are the published files ({@code scripts/vendor-yang check} against the
 * blobs SOURCE pins), {@code scripts/yang-recipe} writes the same copies on every run, yanglint loads each
 * written set, Cisco's is the published file unedited, and Arista's README names every kind of edit made.
 */
@LabTest(needs = {"/usr/bin/yanglint", "/usr/bin/python3", "/usr/bin/git"})
class NxosEosVendoredYangTest {
    private static final Path ROOT = Examples.projectRoot();
    /** ietf-interfaces and iana-if-type, which OpenConfig interfaces imports, come with yuma123 as on the lab device. */
    private static final String IETF = "/usr/share/yuma/modules/ietf";

    private record Run(int exit, String output) {}

    private static Run run(List<String> cmd) throws IOException, InterruptedException {
        Path log = Files.createTempFile("weft-yang", ".log");
        try {
            Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(cmd + " did not finish in 180 s");
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Test
    void vendoredFilesAreThePublishedBlobs() throws Exception {
        for (String vendor : List.of("cisco", "arista")) {
            Run r = run(List.of("bash", "scripts/vendor-yang", "check", vendor));
            assertEquals(0, r.exit(), r.output());
            assertTrue(r.output().contains("are the published blobs of"), r.output());
        }
    }

    @Test
    void recipeIsDeterministicAndYanglintLoadsWhatItWrites(@TempDir Path dir) throws Exception {
        for (String vendor : List.of("cisco", "arista")) {
            Path one = dir.resolve(vendor + "-1");
            Path two = dir.resolve(vendor + "-2");
            for (Path out : List.of(one, two)) {
                Run r = run(List.of("python3", "scripts/yang-recipe", vendor, out.toString()));
                assertEquals(0, r.exit(), r.output());
            }
            List<String> cmd = new ArrayList<>(List.of("yanglint", "-p", one.toString(), "-p", IETF));
            try (Stream<Path> files = Files.list(one)) {
                for (Path f : files.sorted().toList()) {
                    assertEquals(Files.readString(f), Files.readString(two.resolve(f.getFileName())), f + " differs between runs");
                    if (f.toString().endsWith(".yang")) {
                        cmd.add(f.toString());
                    }
                }
            }
            Run lint = run(cmd);
            assertEquals(0, lint.exit(), lint.output());
            assertTrue(lint.output().lines().allMatch(l -> l.startsWith("libyang warn")), lint.output());
        }
    }

    @Test
    void ciscoLoadsAsPublishedAndAristasEditsAreTheReadmes(@TempDir Path dir) throws Exception {
        Path cisco = dir.resolve("cisco");
        assertEquals(0, run(List.of("python3", "scripts/yang-recipe", "cisco", cisco.toString())).exit());
        assertEquals("", Files.readString(cisco.resolve("EDITS")));
        assertEquals(Files.readString(ROOT.resolve("yang/vendor/cisco/Cisco-NX-OS-device.yang")),
                Files.readString(cisco.resolve("Cisco-NX-OS-device.yang")));

        Path arista = dir.resolve("arista");
        assertEquals(0, run(List.of("python3", "scripts/yang-recipe", "arista", arista.toString())).exit());
        // the submodules are merged into their modules: no submodule file is written
        try (Stream<Path> files = Files.list(arista)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".yang")).toList()) {
                assertFalse(Files.readString(f).startsWith("submodule "), f.toString());
            }
        }
        assertFalse(Files.exists(arista.resolve("openconfig-qos-elements.yang")));
        String readme = Files.readString(ROOT.resolve("yang/vendor/arista/README.md"));
        TreeSet<String> kinds = new TreeSet<>();
        for (String edit : Files.readAllLines(arista.resolve("EDITS"))) {
            kinds.add(edit.split(": ", 2)[1].split(" ")[0]);
        }
        assertEquals(List.of("augment", "include", "submodule"), List.copyOf(kinds));
        for (String kind : kinds) {
            assertTrue(readme.contains("`" + kind + "`"), "arista/README.md does not list the " + kind + " edits");
        }
    }
}
