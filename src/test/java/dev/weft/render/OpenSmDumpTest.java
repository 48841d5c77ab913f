package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.IbsimTopology;
import dev.weft.ib.IbFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OpenSmDumpTest {
    @Test
    void dump() throws Exception {
        var b = IbFixtures.pod();
        Path dir = OpenSmTestRenderer.projectDir().resolve("target/ib-pod");
        for (var sm : b.model().subnet().subnetManagers()) {
            OpenSmTestRenderer.write(b.model(), sm, dir.resolve(sm.host()));
        }
        var net = IbsimTopology.write(b.model());
        assertTrue(net.findings().isEmpty(), net.findings().toString());
        Files.writeString(dir.resolve("net"), net.text());
    }
}
