package dev.weft.render;

/** A template name that is missing or points outside the templates folders. */
public final class TemplateAccessException extends Exception {
  private static final long serialVersionUID = 1L;

  public TemplateAccessException(String message) {
    super(message);
  }
}
