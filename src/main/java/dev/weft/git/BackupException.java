package dev.weft.git;

/** The backup repository cannot be used or written; the message is one user-facing line. */
public final class BackupException extends Exception {
  private static final long serialVersionUID = 1L;

  public BackupException(String message) {
    super(message);
  }

  public BackupException(String message, Throwable cause) {
    super(message, cause);
  }
}
