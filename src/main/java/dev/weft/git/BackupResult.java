package dev.weft.git;

import java.util.List;
import java.util.Optional;

/**
 * What one backup run did.
 *
 * @param commitId the new commit, or empty when no device's configuration changed
 * @param changed devices whose file is new or different, sorted
 * @param unchanged devices whose file stayed the same, sorted
 * @param unreachable devices that could not be read (their last backup is kept), sorted
 * @param message the commit message (also built when nothing was committed)
 * @param recovered one line per stale lock of an interrupted earlier backup that this run removed
 */
public record BackupResult(
    Optional<String> commitId,
    List<String> changed,
    List<String> unchanged,
    List<String> unreachable,
    String message,
    List<String> recovered) {

  public BackupResult {
    changed = List.copyOf(changed);
    unchanged = List.copyOf(unchanged);
    unreachable = List.copyOf(unreachable);
    recovered = List.copyOf(recovered);
  }

  public boolean committed() {
    return commitId.isPresent();
  }
}
