package dev.weft.netconf;

/** A message exceeded the maximum reply size; reading stopped there, so memory stays bounded. */
public final class ReplyTooLargeException extends NetconfException {
  private static final long serialVersionUID = 1L;

  public ReplyTooLargeException(String message) {
    super(Reason.REPLY_TOO_LARGE, message);
  }

  public ReplyTooLargeException(String message, Throwable cause) {
    super(Reason.REPLY_TOO_LARGE, message, cause);
  }
}
