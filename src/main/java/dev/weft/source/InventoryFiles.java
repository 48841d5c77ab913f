package dev.weft.source;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.Locale;

/**
 * The rules both sources share, so the working tree and a Git ref can never disagree on which files
 * make up an inventory or how they are named.
 */
final class InventoryFiles {

  /** Sorts by repository-relative path, plain string order: identical for both sources. */
  static final Comparator<SourceFile> BY_PATH = Comparator.comparing(SourceFile::path);

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private InventoryFiles() {}

  static boolean isYaml(String fileName) {
    String lower = fileName.toLowerCase(Locale.ROOT);
    return lower.endsWith(".yaml") || lower.endsWith(".yml");
  }

  /**
   * Dot-files and dot-folders ({@code .git}, {@code .scratch.yaml}) are never part of an inventory.
   */
  static boolean isHidden(String name) {
    return name.startsWith(".");
  }

  /**
   * Normalises a user-given repository-relative path: forward slashes, no leading {@code ./} or
   * {@code /}, no trailing slash; the repository root is the empty string.
   */
  static String normalize(String path) {
    String p = path.replace('\\', '/').trim();
    while (p.startsWith("./")) {
      p = p.substring(2);
    }
    while (p.startsWith("/")) {
      p = p.substring(1);
    }
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p.equals(".") ? "" : p;
  }

  /** Joins an inventory directory and a path below it. */
  static String join(String dir, String child) {
    return dir.isEmpty() ? child : dir + "/" + child;
  }

  /** What reports print for the repository root. */
  static String display(String repoRelative) {
    return repoRelative.isEmpty() ? "." : repoRelative;
  }

  /** The id Git gives these bytes as a blob: SHA-1 over {@code "blob <len>\0"} and the content. */
  static String gitBlobId(byte[] content) {
    MessageDigest sha1;
    try {
      sha1 = MessageDigest.getInstance("SHA-1");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-1", e);
    }
    sha1.update(("blob " + content.length + "\0").getBytes(StandardCharsets.US_ASCII));
    byte[] digest = sha1.digest(content);
    char[] out = new char[digest.length * 2];
    for (int i = 0; i < digest.length; i++) {
      out[2 * i] = HEX[(digest[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[digest[i] & 0xf];
    }
    return new String(out);
  }
}
