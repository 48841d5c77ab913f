package dev.weft.platform.cumulus;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.ReadException;
import dev.weft.platform.Transaction;
import java.time.Duration;
import java.util.List;

/**
 * NVUE's own safe apply as a {@link Transaction}: {@code nv config detach} (the pending revision
 * then holds only Weft's patch), {@code nv config patch FILE} into the pending revision (NVUE
 * checks it; refused: nothing applied), {@code nv config apply --confirm <N>s -y} (NVUE rolls the
 * apply back by itself unless {@code nv config confirm} comes within N seconds), the read-back,
 * then {@code nv config confirm} only when in sync. NVUE has no command that cancels a confirm
 * window early: out of sync, Weft does not confirm and NVUE rolls back when the window lapses.
 *
 * <p>{@code nv config patch} takes a file by its full path, not standard input: the patch is
 * written to {@code /tmp/<id>.yaml} by the same command line that patches from it and removes it,
 * so no file is left on the switch whatever the patch's outcome.
 */
final class NvueTransaction implements Transaction {

  @Override
  public String renderedFile() {
    return NvueConfigView.FILE;
  }

  @Override
  public Change change(CompiledSwitch intended, String rendered, String running, String what)
      throws ReadException {
    return NvuePatch.of(rendered, running, what);
  }

  @Override
  public List<Command> stage(String id) {
    String file = "/tmp/" + id + ".yaml";
    return List.of(
        Command.of("detach", "nv config detach"),
        new Command(
            "patch",
            "cat > "
                + file
                + " && nv config patch "
                + file
                + "; rc=$?; rm -f "
                + file
                + "; exit $rc",
            true,
            true));
  }

  @Override
  public List<Command> abandon(String id) {
    return List.of(new Command("detach", "nv config detach", false, false));
  }

  @Override
  public Command apply(String id, Duration window) {
    return Command.of("apply", "nv config apply --confirm " + seconds(window) + "s -y");
  }

  @Override
  public List<Command> keep(String id) {
    return List.of(Command.of("confirm", "nv config confirm"));
  }

  /** Nothing to send: not confirming is the rollback. */
  @Override
  public List<Command> undo(String id) {
    return List.of();
  }

  @Override
  public String undone(String id, Duration window) {
    return "not confirmed: NVUE rolls the apply back to the revision before it when its "
        + seconds(window)
        + " s confirm window lapses";
  }

  @Override
  public String byHand(String id, Duration window) {
    return "an apply not confirmed within "
        + seconds(window)
        + " s is rolled back by NVUE itself: check the switch (`nv config apply --confirm-status`,"
        + " `nv config diff`) and run `nv config confirm` by hand only if it holds the intent";
  }

  private static long seconds(Duration window) {
    return Math.max(1, window.toSeconds());
  }
}
