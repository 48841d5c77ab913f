package dev.weft.diff;

import dev.weft.finding.Finding;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * A stable identity for a finding across two versions of an inventory: what it is about, never
 * where its YAML happens to sit. Built from the rule, device, port, the semantic path with list
 * indices removed, the expected and actual values, and the message with file names, line numbers
 * and the inventory folder stripped. So reordering keys or list items, moving a switch to another
 * file, or renaming the inventory folder does not make an old finding look new.
 */
public final class FindingFingerprint {

  /**
   * {@code something.yaml:12:3}, {@code file.yml:4}: a place in a file, which moves with
   * formatting.
   */
  private static final Pattern FILE_PLACE = Pattern.compile("[^\\s'\"(),]*\\.ya?ml(:\\d+){0,2}");

  /** {@code line 12}, {@code line 12, column 3}, {@code :12:3}: positions mentioned in prose. */
  private static final Pattern LINE_WORDS = Pattern.compile("(?i)\\b(line|column|col)\\s+\\d+");

  /** A numeric segment of a JSON pointer: a list index, which changes when items are reordered. */
  private static final Pattern INDEX = Pattern.compile("/\\d+(?=/|$)");

  private FindingFingerprint() {}

  /**
   * @param finding the finding
   * @param inventory the inventory folder of the side the finding comes from (stripped from text,
   *     so a renamed folder keeps its fingerprints); may be null
   */
  public static String of(Finding finding, String inventory) {
    StringBuilder key = new StringBuilder();
    key.append(finding.rule())
        .append('\u0000')
        .append(nullToEmpty(finding.device()))
        .append('\u0000')
        .append(nullToEmpty(finding.port()))
        .append('\u0000')
        .append(semanticPath(finding.path()))
        .append('\u0000')
        .append(normalise(finding.expected(), inventory))
        .append('\u0000')
        .append(normalise(finding.actual(), inventory))
        .append('\u0000')
        .append(normalise(finding.message(), inventory));
    return sha256(key.toString()).substring(0, 16);
  }

  /**
   * The semantic path with list indices replaced by {@code *}: {@code /switches/2/ports/5} → {@code
   * /switches/*}{@code /ports/*}.
   */
  static String semanticPath(String path) {
    return path == null ? "" : INDEX.matcher(path).replaceAll("/*");
  }

  /** Text with the inventory folder, file places and line numbers removed, whitespace collapsed. */
  static String normalise(String text, String inventory) {
    if (text == null) {
      return "";
    }
    String t = text;
    if (inventory != null && !inventory.isEmpty() && !inventory.equals(".")) {
      t = t.replace(inventory + "/", "");
    }
    t = FILE_PLACE.matcher(t).replaceAll("<file>");
    t = LINE_WORDS.matcher(t).replaceAll("$1 #");
    return t.trim().replaceAll("\\s+", " ");
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }
}
