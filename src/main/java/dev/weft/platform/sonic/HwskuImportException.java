package dev.weft.platform.sonic;

import dev.weft.finding.Location;

/**
 * A SONiC device folder {@code weft hwsku import} cannot turn into a profile: where (file, line,
 * column), what it expected there and what it found.
 */
public final class HwskuImportException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Location where;
  private final String expected;
  private final String found;

  public HwskuImportException(Location where, String message, String expected, String found) {
    super(message);
    this.where = where;
    this.expected = expected;
    this.found = found;
  }

  public Location where() {
    return where;
  }

  public String expected() {
    return expected;
  }

  public String found() {
    return found;
  }

  /** One line: {@code file:line:column: message (expected X, found Y)}. */
  public String line() {
    return where
        + ": "
        + getMessage()
        + (expected == null ? "" : " (expected " + expected + ", found " + found + ")");
  }
}
