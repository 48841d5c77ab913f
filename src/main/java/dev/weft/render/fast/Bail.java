package dev.weft.render.fast;

/**
 * Thrown when the fast path meets something it is not sure renders exactly as Jinjava would (a
 * value that is undefined where Jinjava raises an error, a type whose printed form was not checked,
 * output over the cap). The caller then renders the same template with Jinjava, which gives the
 * text or the error exactly as before. Carries no stack trace: it is control flow, not a fault.
 */
public final class Bail extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public Bail(String why) {
    super(why, null, false, false);
  }
}
