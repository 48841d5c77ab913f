package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.DriftRules;
import org.junit.jupiter.api.Test;

/** {@code weft explain} answers for every id drift reports (drift-*, device-*, not-audited), not only catalogue rules. */
class ExplainDriftIdTest {

    @Test
    void everyDriftIdIsExplained() {
        for (DriftRules.Description d : DriftRules.all().values()) {
            CliRun r = CliRun.of("explain", d.id());
            assertEquals(ExitCode.OK, r.exitCode(), d.id() + ": " + r.err());
            assertTrue(r.out().startsWith(d.id() + " — " + d.title() + "\n"), r.out());
            assertTrue(r.out().contains("How to fix\n  " + d.remediation()), r.out());
        }
    }

    @Test
    void anUnknownIdIsStillAUsageError() {
        CliRun r = CliRun.of("explain", "drift-nope");
        assertEquals(ExitCode.USAGE, r.exitCode(), r.out());
        assertTrue(r.err().contains("no rule 'drift-nope'"), r.err());
    }
}
