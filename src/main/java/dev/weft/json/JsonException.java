package dev.weft.json;

/** Text that is not valid JSON; the message names line and column (1-based). */
public final class JsonException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int line;
  private final int column;

  public JsonException(String message, int line, int column) {
    super(line + ":" + column + ": " + message);
    this.line = line;
    this.column = column;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }
}
