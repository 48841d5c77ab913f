package dev.weft.compile;

/** Headroom cannot be computed from sourced values (e.g. a speed without a pause-quanta entry). */
public final class HeadroomException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HeadroomException(String message) {
    super(message);
  }
}
