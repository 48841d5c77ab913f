package dev.weft.finding;

/**
 * Says what a stage was working on when something it did not expect was thrown ("input file
 * inventories/pod/fabric.yaml", "device leaf-01"), so that the crash report of an internal error
 * names the input to attach to a bug report. Wraps the original; never used for expected problems,
 * which are findings.
 */
public final class WhileProcessing extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String subject;

  public WhileProcessing(String subject, Throwable cause) {
    super("while processing " + subject + ": " + cause, cause);
    this.subject = subject;
  }

  /** What was being processed, e.g. {@code input file inventories/pod/fabric.yaml}. */
  public String subject() {
    return subject;
  }
}
