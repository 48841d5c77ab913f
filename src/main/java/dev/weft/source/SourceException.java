package dev.weft.source;

/**
 * An inventory that cannot be read at all (missing path, unknown ref). The message is one
 * user-facing line.
 */
public final class SourceException extends Exception {
  private static final long serialVersionUID = 1L;

  public SourceException(String message) {
    super(message);
  }

  public SourceException(String message, Throwable cause) {
    super(message, cause);
  }
}
