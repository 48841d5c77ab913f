package dev.weft.platform.eos;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.ReadException;
import dev.weft.platform.Transaction;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * EOS's configuration session as a {@link Transaction} for what the switch serves only over its CLI
 * ({@link EosSessionChange}): {@code configure session weft-<id>} reads the change's commands on
 * standard input into a pending session (EOS refuses a command it does not know, {@code % Invalid
 * input}: nothing is committed), {@code show session-config named weft-<id> diffs} is the check,
 * {@code commit timer hh:mm:ss} entered in the session commits it undoably (EOS rolls the commit
 * back when the timer lapses unless the session is committed again), the read-back, then {@code
 * configure session weft-<id> commit} confirms only when in sync. Out of sync, Weft sends {@code
 * configure session weft-<id> abort}, which takes the commit back at once; should the abort fail,
 * the timer still rolls it back when it lapses. ("Configure Session", EOS User Manual: a session
 * starts from a snapshot of the running-config, adds to it and removes only what a {@code no}
 * command removes; never a replace of the whole config.)
 */
final class EosSessionTransaction implements Transaction {

  @Override
  public String renderedFile() {
    return EosCli.RENDERED;
  }

  @Override
  public Change change(CompiledSwitch intended, String rendered, String running, String what)
      throws ReadException {
    return EosSessionChange.of(rendered, running, what);
  }

  @Override
  public List<Command> stage(String id) {
    return List.of(
        new Command("session", "configure session " + id, true, true),
        Command.of("session-diffs", "show session-config named " + id + " diffs"));
  }

  @Override
  public List<Command> abandon(String id) {
    return List.of(abort(id));
  }

  @Override
  public Command apply(String id, Duration window) {
    return new Command(
        "commit-timer",
        "configure session " + id,
        false,
        true,
        "commit timer " + timer(window) + "\n");
  }

  @Override
  public List<Command> keep(String id) {
    return List.of(Command.of("confirm", "configure session " + id + " commit"));
  }

  /** The abort takes the commit back now; if it fails, the lapsing timer does. */
  @Override
  public List<Command> undo(String id) {
    return List.of(abort(id));
  }

  @Override
  public String undone(String id, Duration window) {
    return "not confirmed: `configure session "
        + id
        + " abort` took the session's commit back (EOS rolls it back itself when its "
        + timer(window)
        + " commit timer lapses)";
  }

  @Override
  public String byHand(String id, Duration window) {
    return "EOS rolls the commit of session "
        + id
        + " back when its "
        + timer(window)
        + " commit timer lapses: check the switch (`show configuration sessions detail`, `show"
        + " session-config named "
        + id
        + " diffs`) and run `configure session "
        + id
        + " commit` by hand only if it holds the intent, else `configure session "
        + id
        + " abort`";
  }

  /** Not required: a session that is gone (aborted, rolled back) has nothing to take back. */
  private static Command abort(String id) {
    return new Command("abort", "configure session " + id + " abort", false, false);
  }

  /** EOS's {@code hh:mm:ss}, at least one second. */
  static String timer(Duration window) {
    long s = Math.max(1, window.toSeconds());
    return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  }
}
