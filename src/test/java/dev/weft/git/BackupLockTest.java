package dev.weft.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * Issue 15: a {@code weft backup} killed during its commit left {@code .git/index.lock}, and every later backup
 * failed until someone deleted it. Weft's own stale lock is now removed (and said so); any other lock is reported.
 */
class BackupLockTest {

    private static final Instant T = Instant.parse("2026-11-30T08:00:00Z");

    @TempDir
    Path dir;

    private static Element config(String mtu) throws Exception {
        String reply = "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><data><mtu>" + mtu + "</mtu></data></rpc-reply>";
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        var doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(reply.getBytes(StandardCharsets.UTF_8)));
        return (Element) doc.getDocumentElement().getFirstChild();
    }

    /** What an interrupted run leaves: Git's index lock, and Weft's marker naming a process that has ended. */
    private void leaveInterruptedRun() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertTrue(gone.waitFor(30, TimeUnit.SECONDS));
        String started = gone.info().startInstant().orElse(Instant.EPOCH).toString();
        Files.writeString(dir.resolve(".git").resolve(BackupLock.MARKER), gone.pid() + " " + started + "\n");
        Path lock = Files.writeString(dir.resolve(".git/index.lock"), "");
        Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minusSeconds(3600)));
    }

    @Test
    void aStaleLockOfAnInterruptedBackupIsRemovedAndTheBackupCommits() throws Exception {
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            assertTrue(repo.record(Map.of("leaf-1", config("9216")), List.of(), T).committed());
        }
        leaveInterruptedRun();
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            BackupResult second = repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60));
            assertTrue(second.committed(), second.toString());
            assertEquals(1, second.recovered().size(), second.recovered().toString());
            assertTrue(second.recovered().get(0).contains("index.lock"), second.recovered().toString());
        }
        assertFalse(Files.exists(dir.resolve(".git/index.lock")));
        assertFalse(Files.exists(dir.resolve(".git").resolve(BackupLock.MARKER)), "the marker lives only while a run writes");
    }

    @Test
    void aLockOfSomeoneElseIsReportedAndLeftAlone() throws Exception {
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            repo.record(Map.of("leaf-1", config("9216")), List.of(), T);
        }
        Files.writeString(dir.resolve(".git/index.lock"), "");      // a git command at work: no Weft marker
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            BackupException e = assertThrows(BackupException.class,
                    () -> repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60)));
            assertTrue(e.getMessage().contains("index.lock") && e.getMessage().contains("locked"), e.getMessage());
        }
        assertTrue(Files.exists(dir.resolve(".git/index.lock")), "someone else's lock is never removed");
    }

    @Test
    void aBackupStillRunningIsReported() throws Exception {
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            repo.record(Map.of("leaf-1", config("9216")), List.of(), T);
        }
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(dir.resolve(".git").resolve(BackupLock.MARKER),
                self.pid() + " " + self.info().startInstant().orElseThrow() + "\n");
        try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
            BackupException e = assertThrows(BackupException.class,
                    () -> repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60)));
            assertTrue(e.getMessage().contains("another weft backup"), e.getMessage());
        }
    }
}
