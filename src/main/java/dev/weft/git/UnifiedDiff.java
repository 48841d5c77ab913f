package dev.weft.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * A unified diff of two versions of a file (what {@code git diff} prints), from bytes in memory:
 * JGit's histogram diff with three lines of context. Deterministic: no timestamps, no object ids,
 * {@code \n} line ends.
 */
public final class UnifiedDiff {

  private static final int CONTEXT = 3;

  private UnifiedDiff() {}

  /**
   * @param oldName the path before, or null when the file is new ({@code /dev/null})
   * @param newName the path after, or null when the file is gone
   * @return the diff text, empty when the contents are equal
   */
  public static String of(String oldName, byte[] oldContent, String newName, byte[] newContent) {
    if (java.util.Arrays.equals(oldContent, newContent) && (oldName == null) == (newName == null)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    b.append("--- ").append(oldName == null ? "/dev/null" : "a/" + oldName).append('\n');
    b.append("+++ ").append(newName == null ? "/dev/null" : "b/" + newName).append('\n');
    if (RawText.isBinary(oldContent) || RawText.isBinary(newContent)) {
      return b.append("Binary files differ\n").toString();
    }
    RawText a = new RawText(oldContent);
    RawText c = new RawText(newContent);
    EditList edits = new HistogramDiff().diff(RawTextComparator.DEFAULT, a, c);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DiffFormatter formatter = new DiffFormatter(out)) {
      formatter.setContext(CONTEXT);
      formatter.format(edits, a, c);
      formatter.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return b.append(out.toString(StandardCharsets.UTF_8)).toString();
  }

  /**
   * Kept so callers can name the algorithm in docs; the histogram diff is Git's {@code
   * diff.algorithm=histogram}.
   */
  static DiffAlgorithm algorithm() {
    return new HistogramDiff();
  }
}
