package dev.weft.platform;

/**
 * A device config that cannot be read back: one line naming where (file line, JSON table/key or XML
 * path) and what was expected and found. A device reply that fails this way is the device's {@code
 * reply-invalid} finding; {@link #path()} is the NETCONF (or config_db) path of the offending
 * element when the reader knows it.
 */
public final class ReadException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final int line;
  private final int column;

  public ReadException(String message) {
    this(message, null);
  }

  public ReadException(String message, String path) {
    this(message, path, 0, 0);
  }

  /**
   * A refusal of a text config at a line and column (from 1), so an import's finding points there.
   */
  public ReadException(String message, String path, int line, int column) {
    super(message);
    this.path = path;
    this.line = line;
    this.column = column;
  }

  /** The line of a text config that could not be read, from 1, or 0 when not a text's. */
  public int line() {
    return line;
  }

  /** The column on {@link #line()}, from 1, or 0. */
  public int column() {
    return column;
  }

  /**
   * The path inside the config of what could not be read (e.g. {@code
   * /interfaces/interface[Ethernet0]/config/mtu}), or null.
   */
  public String path() {
    return path;
  }
}
