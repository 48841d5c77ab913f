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

  public ReadException(String message) {
    this(message, null);
  }

  public ReadException(String message, String path) {
    super(message);
    this.path = path;
  }

  /**
   * The path inside the config of what could not be read (e.g. {@code
   * /interfaces/interface[Ethernet0]/config/mtu}), or null.
   */
  public String path() {
    return path;
  }
}
