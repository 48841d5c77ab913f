package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.time.Duration;
import java.util.List;

/**
 * A {@link Transaction} made of a {@link PatchRemediation}'s commands: a checkpoint is the save
 * point, the patch's dry run is the device's check, the patch is applied, and a read-back out of
 * sync rolls back to the checkpoint; the checkpoint is deleted once it is not needed. The apply has
 * no timer: the checkpoint is what makes it undoable.
 */
public final class JsonPatchTransaction implements Transaction {

  private final PatchRemediation remediation;

  public JsonPatchTransaction(PatchRemediation remediation) {
    this.remediation = remediation;
  }

  @Override
  public String renderedFile() {
    return remediation.renderedFile();
  }

  @Override
  public Change change(CompiledSwitch intended, String rendered, String running, String what)
      throws ReadException {
    PatchRemediation.Patch patch = remediation.patch(intended, rendered, running, what);
    return new Change(
        patch.isEmpty() ? null : patch.text(),
        "json-patch",
        patch.ops().stream().map(PatchRemediation.Op::step).toList());
  }

  @Override
  public List<Command> stage(String id) {
    return List.of(
        Command.of("checkpoint", remediation.checkpoint(id)),
        new Command("apply-patch-dry-run", remediation.applyPatch(true), true, true));
  }

  @Override
  public List<Command> abandon(String id) {
    return List.of(deleteCheckpoint(id));
  }

  @Override
  public Command apply(String id, Duration window) {
    return new Command("apply-patch", remediation.applyPatch(false), true, true);
  }

  @Override
  public List<Command> keep(String id) {
    return List.of(deleteCheckpoint(id));
  }

  @Override
  public List<Command> undo(String id) {
    return List.of(Command.of("rollback", remediation.rollback(id)), deleteCheckpoint(id));
  }

  @Override
  public String undone(String id, Duration window) {
    return "rolled back to the checkpoint taken before the apply";
  }

  @Override
  public String byHand(String id, Duration window) {
    return "the device keeps checkpoint "
        + id
        + " of its config before the apply: check it and roll back by hand with `"
        + remediation.rollback(id)
        + "`";
  }

  /** A checkpoint no longer needed: its deletion failing is logged, not the device's error. */
  private Command deleteCheckpoint(String id) {
    return new Command("delete-checkpoint", remediation.deleteCheckpoint(id), false, false);
  }
}
