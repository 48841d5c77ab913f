package dev.weft.source;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One file of an inventory as read from a source.
 *
 * @param path repository-relative path with forward slashes (what reports print)
 * @param content the raw bytes; never decoded here, so a binary file reaches the loader unchanged
 * @param knownBlobId the Git blob id when the source already has it (a Git ref), else null: hashing
 *     every working-tree file cost as much CPU as parsing it, and nothing on the validate path
 *     needs the id (the parse cache compares content)
 * @param size the file's size in bytes: {@code content.length}, or more for a file too large to
 *     read
 * @param problem why the file was not read at all, or null
 */
public record SourceFile(
    String path, byte[] content, String knownBlobId, long size, String problem) {
  public SourceFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(content, "content");
    if (size < content.length) {
      throw new IllegalArgumentException(
          "size " + size + " is less than the content's " + content.length + " bytes");
    }
  }

  /** A file read whole. */
  public SourceFile(String path, byte[] content, String knownBlobId) {
    this(path, content, knownBlobId, content.length, null);
  }

  /** A file too large to read ({@link SourceLimits#maxFileBytes}): its size only, no content. */
  public static SourceFile tooLarge(String path, long size) {
    return new SourceFile(path, new byte[0], null, size, null);
  }

  /**
   * A file of the inventory that the source would not read, with the reason (a symbolic link that
   * leaves the repository, a link loop): the loader reports it as a finding at the file instead of
   * skipping it silently.
   */
  public static SourceFile refused(String path, String problem) {
    return new SourceFile(path, new byte[0], null, 0, Objects.requireNonNull(problem, "problem"));
  }

  /** True when {@link #content} is the whole file. */
  public boolean complete() {
    return problem == null && size == content.length;
  }

  /** The id Git gives this content as a blob: the known one, or computed now. */
  public String blobId() {
    return knownBlobId != null ? knownBlobId : InventoryFiles.gitBlobId(content);
  }

  public String text() {
    return new String(content, StandardCharsets.UTF_8);
  }
}
