package dev.weft.live;

/**
 * A fabric read that failed: the tool is missing, exited non-zero, printed nothing usable or timed
 * out.
 */
public final class IbReadException extends Exception {
  private static final long serialVersionUID = 1L;

  public IbReadException(String message) {
    super(message);
  }
}
