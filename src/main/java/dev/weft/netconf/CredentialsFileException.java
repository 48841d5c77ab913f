package dev.weft.netconf;

/**
 * A credentials file that cannot be used; the message is one line, {@code file:line:column: what}.
 */
public final class CredentialsFileException extends Exception {
  private static final long serialVersionUID = 1L;

  public CredentialsFileException(String message) {
    super(message);
  }
}
