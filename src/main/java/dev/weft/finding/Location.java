package dev.weft.finding;

import java.util.Comparator;
import java.util.Objects;

/**
 * A place in an intent file: repository-relative path with forward slashes, 1-based line and
 * column. Every finding that can be tied to intent carries one, so a reviewer can jump to the line.
 */
public record Location(String file, int line, int column) implements Comparable<Location> {

  private static final Comparator<Location> ORDER =
      Comparator.comparing(Location::file)
          .thenComparingInt(Location::line)
          .thenComparingInt(Location::column);

  public Location {
    Objects.requireNonNull(file, "file");
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException("line and column are 1-based: " + line + ":" + column);
    }
  }

  /** A location for a whole file (line 1, column 1), for problems that have no better place. */
  public static Location ofFile(String file) {
    return new Location(file, 1, 1);
  }

  @Override
  public int compareTo(Location other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}
