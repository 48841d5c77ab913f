package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a platform read over SSH commands (no NETCONF candidate) changes a drifted device undoably:
 * the commands of one transaction, which {@code weft remediate} runs in this order on one SSH
 * connection:
 *
 * <ol>
 *   <li>{@link #stage}: make the device hold the edit without running it and have it check the edit
 *       (SONiC: checkpoint, apply-patch dry run; NVUE: patch into the pending revision). A refusal
 *       here leaves the running config unchanged; {@link #abandon} then takes back what the stage
 *       steps done so far left on the device;
 *   <li>{@link #apply}: the one command that changes the running config, undoably;
 *   <li>the read-back (the pack's own reader, compared as drift compares);
 *   <li>{@link #keep} when it reads back in sync, else {@link #undo}.
 * </ol>
 *
 * The pack names the commands; the run is the same for every platform ({@code
 * dev.weft.remediate.TransactionalRun}). Every command gets the same transaction id (a name for a
 * checkpoint or a temporary file); a command whose {@link Command#takesEdit} is set reads the edit
 * on standard input, one with an {@link Command#input} reads that fixed text (a command the
 * device's CLI takes only inside a mode the command line enters, EOS's {@code commit timer}), the
 * others read nothing.
 */
public interface Transaction {

  /** The rendered file of the pack the intended config is taken from. */
  String renderedFile();

  /**
   * The edit that takes {@code running} to {@code rendered} in the parts of the config Weft owns,
   * each step tagged with the feature (and port) it is about; empty when they agree.
   *
   * @param what names the running config in messages
   * @throws ReadException when either text is not the platform's config document
   */
  Change change(CompiledSwitch intended, String rendered, String running, String what)
      throws ReadException;

  /** Stage and check the edit; none of these changes the running config. */
  List<Command> stage(String id);

  /**
   * What takes back the stage steps' leftovers after one of them was refused; run only when at
   * least one stage step had completed.
   */
  List<Command> abandon(String id);

  /**
   * The command that makes the staged edit the running config, undoably.
   *
   * @param window how long the device keeps the change without {@link #keep} (a platform with a
   *     confirm timer uses it; one with a checkpoint ignores it)
   */
  Command apply(String id, Duration window);

  /** What keeps the applied edit once the device reads back in sync. */
  List<Command> keep(String id);

  /** What takes the applied edit back when the device does not read back in sync. */
  List<Command> undo(String id);

  /**
   * How {@link #undo} brings the device back, for the report, e.g. {@code rolled back to the
   * checkpoint taken before the apply}.
   */
  String undone(String id, Duration window);

  /** What an operator runs by hand when the apply's outcome is unknown (the connection broke). */
  String byHand(String id, Duration window);

  /**
   * One command of a transaction.
   *
   * @param step the step's name in the report, e.g. {@code apply-patch-dry-run}
   * @param command the command line run over SSH
   * @param takesEdit whether the command reads the edit on standard input
   * @param required whether the transaction fails with it (false: a failure is only logged, as for
   *     the deletion of a checkpoint no longer needed)
   * @param input the fixed text the command reads on standard input, or null (never with {@code
   *     takesEdit})
   */
  record Command(String step, String command, boolean takesEdit, boolean required, String input) {
    public Command {
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(command, "command");
      if (takesEdit && input != null) {
        throw new IllegalArgumentException("a command reads the edit or a fixed text, not both");
      }
    }

    /** A command that reads the edit or nothing. */
    public Command(String step, String command, boolean takesEdit, boolean required) {
      this(step, command, takesEdit, required, null);
    }

    /** A required command that reads nothing. */
    public static Command of(String step, String command) {
      return new Command(step, command, false, true);
    }
  }

  /**
   * An edit as sent and as planned.
   *
   * @param text the document the commands that take the edit read, or null when there is nothing to
   *     change
   * @param kind the edit's format in reports, e.g. {@code json-patch}
   * @param steps its operations, each under the part it brings back
   */
  record Change(String text, String kind, List<Remediation.Step> steps) {
    public Change {
      Objects.requireNonNull(kind, "kind");
      steps = List.copyOf(steps);
      if ((text == null) != steps.isEmpty()) {
        throw new IllegalArgumentException("a change has a text exactly when it has steps");
      }
    }

    public boolean isEmpty() {
      return steps.isEmpty();
    }
  }
}
