package dev.weft.netconf;

/**
 * A command over an SSH exec channel exited with a non-zero status; the message quotes its first
 * error line.
 */
public final class CommandFailedException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public CommandFailedException(String message) {
    super(Reason.COMMAND_FAILED, message);
  }
}
