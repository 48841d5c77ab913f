package dev.weft.netconf;

import java.io.IOException;

/**
 * A message could not be framed: the stream broke the framing rules, ended early, or a message grew
 * past the size limit. The session maps it to a {@link NetconfException} with the device name; the
 * framing classes themselves know nothing about devices.
 */
final class FramingException extends IOException {
  private static final long serialVersionUID = 1L;

  enum Kind {
    BAD_FRAME,
    CLOSED,
    TOO_LARGE
  }

  private final Kind kind;

  FramingException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  Kind kind() {
    return kind;
  }

  static FramingException tooLarge(long limit) {
    return new FramingException(Kind.TOO_LARGE, "message exceeds the limit of " + limit + " bytes");
  }
}
