package dev.weft.cli;

/** The documented exit codes (cli.md). They never change meaning with flags. */
public final class ExitCode {
  /** Ran; no finding at or above {@code --fail-on}. */
  public static final int OK = 0;

  /** Ran; at least one finding at or above {@code --fail-on}. */
  public static final int FINDINGS = 1;

  /** Usage error: unknown option, missing inventory, unknown ref, unreadable credentials. */
  public static final int USAGE = 2;

  /** Internal error: a bug. One line on stderr and the path of the full trace. */
  public static final int INTERNAL = 3;

  private ExitCode() {}
}
