package dev.weft.compile;

/**
 * An ASIC profile file that cannot be used; the message names the file, the line and what was
 * wrong.
 */
public final class AsicProfileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AsicProfileException(String message) {
    super(message);
  }
}
