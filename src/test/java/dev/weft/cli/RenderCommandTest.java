package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft render --out DIR}: the summary line counts rendered and unchanged devices; --force renders all. */
class RenderCommandTest {
    static final Path EXAMPLE = ProjectDir.get().resolve("inventories/roce-pod-a");
    private static final Pattern SUMMARY = Pattern.compile(
            "weft render: rendered (\\d+) devices?, (\\d+) files?, \\d+ bytes?; (\\d+) devices? unchanged into ");

    @Test
    void secondRenderLeavesEveryDeviceAndForceRendersThemAgain(@TempDir Path tmp) throws IOException {
        String out = tmp.resolve("out").toString();
        CliRun cold = CliRun.of("render", EXAMPLE.toString(), "--out", out);
        assertEquals(0, cold.exitCode(), cold.err());
        Matcher first = summary(cold);
        int devices = Integer.parseInt(first.group(1));
        assertTrue(devices > 0);
        assertEquals("0", first.group(3));
        assertTrue(Files.isRegularFile(tmp.resolve("out/.weft-render.json")));

        CliRun warm = CliRun.of("render", EXAMPLE.toString(), "--out", out);
        assertEquals(0, warm.exitCode(), warm.err());
        Matcher second = summary(warm);
        assertEquals("0", second.group(1));
        assertEquals(String.valueOf(devices), second.group(3));

        CliRun forced = CliRun.of("render", EXAMPLE.toString(), "--out", out, "--force");
        assertEquals(0, forced.exitCode(), forced.err());
        Matcher third = summary(forced);
        assertEquals(String.valueOf(devices), third.group(1));
        assertEquals("0", third.group(3));
    }

    private static Matcher summary(CliRun run) {
        Matcher m = SUMMARY.matcher(run.err());
        assertTrue(m.find(), run.err());
        return m;
    }
}
