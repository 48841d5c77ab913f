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
 * Issue 15: a {@code weft backup} killed during its commit left {@code .git/index.lock}, and every
 * later backup failed until someone deleted it. Weft's own stale lock is now removed (and said so);
 * any other lock is reported.
 */
class BackupLockTest {

  private static final Instant T = Instant.parse("2026-11-30T08:00:00Z");

  @TempDir Path dir;

  private static Element config(String mtu) throws Exception {
    String reply =
        "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><data><mtu>"
            + mtu
            + "</mtu></data></rpc-reply>";
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    var doc =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(reply.getBytes(StandardCharsets.UTF_8)));
    return (Element) doc.getDocumentElement().getFirstChild();
  }

  /**
   * What an interrupted run leaves: Git's index lock, and Weft's marker naming a process that has
   * ended.
   */
  private void leaveInterruptedRun() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    assertTrue(gone.waitFor(30, TimeUnit.SECONDS));
    Files.writeString(dir.resolve(".git").resolve(BackupLock.MARKER), gone.pid() + " ticks:1\n");
    Path lock = Files.writeString(dir.resolve(".git/index.lock"), "");
    // issue 32: a lock that looks newer than the process recovering it (a restart at once after
    // kill -9,
    // a clock read early) is still the dead run's: the owner is judged by its process, not by a
    // clock
    Files.setLastModifiedTime(lock, FileTime.from(Instant.now().plusSeconds(3600)));
  }

  @Test
  void aStaleLockOfAnInterruptedBackupIsRemovedAndTheBackupCommits() throws Exception {
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      assertTrue(repo.record(Map.of("leaf-1", config("9216")), List.of(), T).committed());
    }
    leaveInterruptedRun();
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      BackupResult second =
          repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60));
      assertTrue(second.committed(), second.toString());
      assertEquals(1, second.recovered().size(), second.recovered().toString());
      assertTrue(second.recovered().get(0).contains("index.lock"), second.recovered().toString());
    }
    assertFalse(Files.exists(dir.resolve(".git/index.lock")));
    assertFalse(
        Files.exists(dir.resolve(".git").resolve(BackupLock.MARKER)),
        "the marker lives only while a run writes");
  }

  @Test
  void aLockOfSomeoneElseIsReportedAndLeftAlone() throws Exception {
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      repo.record(Map.of("leaf-1", config("9216")), List.of(), T);
    }
    Files.writeString(dir.resolve(".git/index.lock"), ""); // a git command at work: no Weft marker
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      BackupException e =
          assertThrows(
              BackupException.class,
              () -> repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60)));
      assertTrue(
          e.getMessage().contains("index.lock") && e.getMessage().contains("locked"),
          e.getMessage());
    }
    assertTrue(
        Files.exists(dir.resolve(".git/index.lock")), "someone else's lock is never removed");
  }

  @Test
  void aBackupStillRunningIsReported() throws Exception {
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      repo.record(Map.of("leaf-1", config("9216")), List.of(), T);
    }
    ProcessHandle self = ProcessHandle.current();
    Files.writeString(
        dir.resolve(".git").resolve(BackupLock.MARKER),
        self.pid() + " " + BackupLock.startOf(self.pid()).orElseThrow() + "\n");
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      BackupException e =
          assertThrows(
              BackupException.class,
              () -> repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60)));
      assertTrue(e.getMessage().contains("another weft backup"), e.getMessage());
    }
  }

  /**
   * A process id reused by another program: the marker's start time is not that process's, so the
   * lock is stale.
   */
  @Test
  void aMarkerWhoseProcessIdWasReusedIsStale() throws Exception {
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      repo.record(Map.of("leaf-1", config("9216")), List.of(), T);
    }
    long self = ProcessHandle.current().pid();
    assertTrue(
        BackupLock.startOf(self).orElseThrow().startsWith("ticks:"), "read from /proc on Linux");
    Files.writeString(dir.resolve(".git").resolve(BackupLock.MARKER), self + " ticks:1\n");
    Files.writeString(dir.resolve(".git/index.lock"), "");
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      BackupResult next =
          repo.record(Map.of("leaf-1", config("9100")), List.of(), T.plusSeconds(60));
      assertTrue(next.committed(), next.toString());
      assertEquals(1, next.recovered().size(), next.recovered().toString());
    }
  }
}
