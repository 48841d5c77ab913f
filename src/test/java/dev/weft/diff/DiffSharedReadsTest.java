package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.accel.FastMode;
import dev.weft.git.GitHistory;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft diff} shares what the two sides have in common (one pipeline: each unchanged file parsed and
 * schema-checked once, the rule catalogue loaded once, blame computed only for new findings' lines). Its
 * report must be the one of the plain path, {@code WEFT_FAST=off}: a pipeline per side, nothing shared.
 */
class DiffSharedReadsTest {

    static final String LEAVES = GitHistory.INVENTORY + "/switches/leaves.yaml";
    static final String FABRIC = GitHistory.INVENTORY + "/fabric.yaml";

    @TempDir
    Path tmp;
    GitHistory repo;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitHistory.withExampleInventory(tmp.resolve("fabric"));
    }

    @AfterEach
    void tearDown() {
        repo.close();
    }

    /** The report in each format with the fast paths off (nothing shared) and on (shared reads). */
    private void assertSameAsPlainPath(String... range) {
        for (String format : new String[] {"json", "text", "markdown"}) {
            String[] args = new String[range.length + 4];
            args[0] = "diff";
            System.arraycopy(range, 0, args, 1, range.length);
            args[range.length + 1] = repo.path(GitHistory.INVENTORY);
            args[range.length + 2] = "--format";
            args[range.length + 3] = format;
            GitHistory.Run plain = withFastMode("off", args);
            GitHistory.Run shared = withFastMode("on", args);
            assertEquals(1, plain.exit(), "the change adds a finding, so the check fails: " + plain.err() + plain.out());
            assertEquals(plain.exit(), shared.exit(), shared.err());
            assertEquals(plain.out(), shared.out(), format + " report differs from the plain path");
            assertEquals(plain.err(), shared.err());
        }
    }

    private GitHistory.Run withFastMode(String mode, String... args) {
        String before = System.getProperty(FastMode.PROPERTY);
        System.setProperty(FastMode.PROPERTY, mode);
        try {
            return repo.weft(args);
        } finally {
            if (before == null) {
                System.clearProperty(FastMode.PROPERTY);
            } else {
                System.setProperty(FastMode.PROPERTY, before);
            }
        }
    }

    @Test
    void aOnePortChangeReportsWhatThePlainPathReports() throws Exception {
        repo.edit(LEAVES, t -> DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500))
                .commit("Lower leaf-01 Ethernet0 MTU", "Grace Hopper");

        assertSameAsPlainPath("--base", "HEAD~1", "--head", "HEAD");
        GitHistory.Run run = withFastMode("on", "diff", "--base", "HEAD~1", "--head", "HEAD", repo.path(GitHistory.INVENTORY));
        assertTrue(run.out().contains("Grace Hopper"), "the new finding's line is blamed: " + run.out());
    }

    @Test
    void aFabricPlanChangeReportsWhatThePlainPathReports() throws Exception {
        // Every device's plan changes (the NIC MTU drops below the RoCE path MTU's need), on top of an older commit.
        repo.edit(LEAVES, t -> DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500))
                .commit("Lower leaf-01 Ethernet0 MTU", "Grace Hopper");
        repo.edit(FABRIC, t -> t.replace("nic: 4200", "nic: 4100")).commit("NIC MTU 4100", "Ada Lovelace");

        assertSameAsPlainPath("--base", "HEAD~2", "--head", "HEAD");
    }

    @Test
    void theWorkingTreeAsHeadReportsWhatThePlainPathReports() throws Exception {
        repo.edit(FABRIC, t -> t.replace("nic: 4200", "nic: 4100"));

        assertSameAsPlainPath("--base", "HEAD");
    }
}
