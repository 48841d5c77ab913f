package dev.weft.cli;

/** A user mistake on the command line or in its arguments: printed as one line, exit code 2. */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
