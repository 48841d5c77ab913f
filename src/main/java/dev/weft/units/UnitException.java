package dev.weft.units;

/** A quantity string that does not parse. The message says what was expected and what was found. */
public final class UnitException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public UnitException(String message) {
    super(message);
  }
}
