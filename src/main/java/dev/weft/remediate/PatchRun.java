package dev.weft.remediate;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.log.Log;
import dev.weft.netconf.CommandFailedException;
import dev.weft.netconf.CommandSession;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfException;
import dev.weft.netconf.Timeouts;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.PatchRemediation;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One device's {@code weft remediate} on a platform read over SSH commands whose pack offers a
 * {@link PatchRemediation} (SONiC): read the running config, compare it as drift does and compute
 * the JSON Patch to the rendered config; a push then takes a checkpoint, has the device check the
 * patch (dry run: its YANG validation, nothing changed), applies it, reads back and compares, and
 * rolls back to the checkpoint unless the read-back is in sync. There is no lock: the checkpoint is
 * what makes the change undoable. Every step is recorded with its time; whatever fails is this
 * device's status, never the run's.
 */
final class PatchRun {

  private static final Log LOG = Log.of(PatchRun.class);

  /** What the commands that take no patch read on standard input: nothing. */
  private static final byte[] NO_INPUT = new byte[0];

  /** A read of the device: the running config, its drift findings and the patch to intent. */
  private record Read(String text, List<Finding> findings, PatchRemediation.Patch patch) {}

  @FunctionalInterface
  private interface Action<T> {
    T run() throws NetconfException, ReadException;
  }

  private final Prepared prepared;
  private final LiveTarget target;
  private final PatchRemediation remediation;
  private final RemediateSettings settings;
  private final Platforms platforms;
  private final ReportInput reported;
  private final List<DeviceResult.StepRecord> steps = new ArrayList<>();
  private CommandSession session;
  private DevicePlan plan;
  private String checkpoint;

  PatchRun(
      Prepared prepared, RemediateSettings settings, Platforms platforms, ReportInput reported) {
    this.prepared = prepared;
    this.target = prepared.target();
    this.remediation = prepared.patch();
    this.settings = settings;
    this.platforms = platforms;
    this.reported = reported;
  }

  /**
   * Reads the device and plans; runs nothing but the read. A plan from a report ({@code --from})
   * still reads the device: the patch is computed from its running config.
   */
  DeviceResult dryRun(NetconfClient client) {
    DeviceResult failed = connect(client);
    if (failed != null) {
      return failed;
    }
    try {
      Read read = timed("read", this::read);
      plan = plan(read);
      return planned(read.findings());
    } catch (NetconfException e) {
      return Results.unreadable(
          LiveReader.error(target, e.reason().label(), e.getMessage()), plan, steps);
    } catch (ReadException e) {
      return Results.unreadable(
          LiveReader.error(target, "unreadable-config", e.getMessage()), plan, steps);
    } finally {
      session.close();
    }
  }

  /** The push. */
  DeviceResult push(NetconfClient client) throws InterruptedException {
    DeviceResult failed = connect(client);
    if (failed != null) {
      return failed;
    }
    try {
      return pushInSession();
    } finally {
      session.close();
    }
  }

  private DeviceResult pushInSession() throws InterruptedException {
    Read read;
    try {
      read = timed("read", this::read);
      plan = plan(read);
    } catch (NetconfException | ReadException e) {
      return failed(e);
    }
    if (!plan.sendsSomething()) {
      return planned(read.findings()); // in sync meanwhile, or nothing the patch changes
    }
    byte[] patch = plan.edit().config().getBytes(StandardCharsets.UTF_8);
    String name = "weft-" + UUID.randomUUID();
    try {
      timed("checkpoint", () -> session.run(remediation.checkpoint(name), NO_INPUT));
      checkpoint = name;
    } catch (CommandFailedException e) {
      return rejected("checkpoint", "nothing was applied: " + e.getMessage());
    } catch (NetconfException | ReadException e) {
      return failed(e);
    }
    try {
      timed("apply-patch-dry-run", () -> session.run(remediation.applyPatch(true), patch));
    } catch (CommandFailedException e) {
      deleteCheckpoint();
      return rejected(
          "apply-patch-dry-run", "nothing was applied, the device is unchanged: " + e.getMessage());
    } catch (NetconfException | ReadException e) {
      deleteCheckpoint();
      return failed(e);
    }
    try {
      timed("apply-patch", () -> session.run(remediation.applyPatch(false), patch));
    } catch (CommandFailedException e) {
      return rollBack(
          "apply-failed",
          "the device refused the patch it had accepted in the dry run (" + e.getMessage() + ")",
          plan.driftFindings());
    } catch (NetconfException | ReadException e) {
      return unknown("the apply's outcome is unknown (" + e.getMessage() + ")");
    }
    settings.hook().after(target.name(), "apply-patch");
    return verify(read);
  }

  /** After the apply: in sync, or back to the checkpoint. */
  private DeviceResult verify(Read read) {
    Read back;
    try {
      back = timed("read-back", this::read);
    } catch (CommandFailedException | ReadException e) {
      return rollBack(
          "unreadable-after-edit",
          "the config read back after the apply cannot be read (" + e.getMessage() + ")",
          plan.driftFindings());
    } catch (NetconfException e) {
      return unknown("the read-back failed (" + e.getMessage() + ")");
    }
    List<Finding> remaining =
        DeviceRun.remaining(back.findings(), read.findings(), plan.sentParts());
    if (!remaining.isEmpty()) {
      return rollBack(
          "still-drifted",
          "the device still differs from the intent after the apply ("
              + String.join("; ", remaining.stream().map(Finding::message).toList())
              + ")",
          remaining);
    }
    deleteCheckpoint();
    String sent = String.join(", ", plan.sentParts().stream().map(DriftedPart::label).toList());
    DeviceResult r =
        Results.of(
            target,
            DeviceStatus.Status.REMEDIATED,
            null,
            plan,
            Results.drift(back.findings()),
            Results.outcome(
                target,
                RemediateRules.APPLIED,
                Severity.INFO,
                target.name()
                    + ": remediated "
                    + sent
                    + " ("
                    + plan.edit().steps().size()
                    + " patch operations, checkpoint "
                    + checkpoint
                    + "); read back in sync",
                null),
            steps);
    return settings.wholeConfig() ? r.withTexts(read.text(), back.text()) : r;
  }

  /** Rolls back to the checkpoint; a rollback that fails is the device's error. */
  private DeviceResult rollBack(String reason, String why, List<Finding> drift) {
    try {
      timed("rollback", () -> session.run(remediation.rollback(checkpoint), NO_INPUT));
    } catch (NetconfException | ReadException e) {
      return unknown(why + "; the rollback failed too (" + e.getMessage() + ")");
    }
    deleteCheckpoint();
    return Results.of(
        target,
        DeviceStatus.Status.ROLLED_BACK,
        reason,
        plan,
        drift,
        Results.outcome(
            target,
            RemediateRules.ROLLED_BACK,
            Severity.ERROR,
            target.name() + ": rolled back to the checkpoint taken before the apply: " + why,
            reason),
        steps);
  }

  /** The device may hold the patch or not: its error, naming the checkpoint to go back to. */
  private DeviceResult unknown(String why) {
    return Results.unreadable(
        LiveReader.error(
            target,
            "apply-unknown",
            target.name()
                + ": "
                + why
                + "; the device keeps checkpoint "
                + checkpoint
                + " of its config before the apply: check it and roll back by hand with `"
                + remediation.rollback(checkpoint)
                + "`"),
        plan,
        steps);
  }

  private DeviceResult rejected(String step, String why) {
    return Results.of(
        target,
        DeviceStatus.Status.REJECTED,
        step,
        plan,
        plan.driftFindings(),
        Results.outcome(
            target,
            RemediateRules.REJECTED,
            Severity.ERROR,
            target.name() + ": the device refused the patch at " + step + "; " + why,
            step),
        steps);
  }

  /** The checkpoint is not needed once the device is in sync or back at it; a failure is logged. */
  private void deleteCheckpoint() {
    if (checkpoint == null) {
      return;
    }
    try {
      timed(
          "delete-checkpoint",
          () -> session.run(remediation.deleteCheckpoint(checkpoint), NO_INPUT));
    } catch (NetconfException | ReadException e) {
      LOG.warn(
          "%s: checkpoint %s could not be deleted: %s", target.name(), checkpoint, e.getMessage());
    }
  }

  private DeviceResult failed(Exception e) {
    Reading r =
        e instanceof NetconfException n
            ? LiveReader.error(target, n.reason().label(), n.getMessage())
            : LiveReader.error(target, "unreadable-config", e.getMessage());
    return Results.unreadable(r, plan, steps);
  }

  private DeviceResult planned(List<Finding> findings) {
    if (!plan.sendsSomething()) {
      boolean drift = !Results.drift(findings).isEmpty();
      return Results.of(
          target,
          drift ? DeviceStatus.Status.DRIFT : DeviceStatus.Status.OK,
          drift ? "not-remediable" : null,
          plan,
          findings,
          null,
          steps);
    }
    return Results.of(target, DeviceStatus.Status.PLANNED, null, plan, findings, null, steps);
  }

  /**
   * The plan: the drifted parts with their findings, and the patch's operations, each under the
   * part it brings back (its own, else the switch-wide part of its feature, else the first drifted
   * part of its feature, else a part of its own: a difference drift does not report, such as a
   * factory {@code BUFFER_PG} range Weft's replaces).
   */
  private DevicePlan plan(Read read) {
    List<Finding> drift =
        reported == null
            ? read.findings()
            : reported.drift().getOrDefault(target.name(), List.of());
    Map<DriftedPart, List<Finding>> byPart = new TreeMap<>();
    List<Finding> unplaceable = new ArrayList<>();
    Planner.group(drift, byPart, unplaceable);
    Map<DriftedPart, List<Remediation.Step>> stepsOf = new TreeMap<>();
    for (PatchRemediation.Op op : read.patch().ops()) {
      DriftedPart own = op.part();
      DriftedPart at = own;
      if (!byPart.containsKey(own)) {
        DriftedPart wide = DriftedPart.switchWide(own.feature());
        at =
            byPart.containsKey(wide)
                ? wide
                : byPart.keySet().stream()
                    .filter(p -> p.feature() == own.feature())
                    .findFirst()
                    .orElse(own);
      }
      stepsOf.computeIfAbsent(at, k -> new ArrayList<>()).add(op.step());
    }
    List<DevicePlan.Part> parts = new ArrayList<>();
    TreeMap<DriftedPart, String> notRemediable = new TreeMap<>();
    java.util.Set<DriftedPart> all = new java.util.TreeSet<>(byPart.keySet());
    all.addAll(stepsOf.keySet());
    for (DriftedPart part : all) {
      List<Finding> fs = new ArrayList<>(byPart.getOrDefault(part, List.of()));
      fs.sort(Finding.ORDER);
      List<Remediation.Step> st = stepsOf.getOrDefault(part, List.of());
      boolean featurePatched =
          stepsOf.keySet().stream().anyMatch(p -> p.feature() == part.feature());
      String why =
          featurePatched
              ? null
              : "the patch of the tables Weft owns has no operation for it (the running config"
                  + " holds the rendered values there)";
      if (why != null) {
        notRemediable.put(part, why);
      }
      parts.add(new DevicePlan.Part(part, fs, st, why));
    }
    unplaceable.sort(Finding.ORDER);
    List<Remediation.Step> edit = new ArrayList<>();
    read.patch().ops().forEach(o -> edit.add(o.step()));
    Remediation.Edit e =
        read.patch().isEmpty()
            ? Remediation.Edit.none(notRemediable)
            : new Remediation.Edit(read.patch().text(), edit, notRemediable, "json-patch");
    return new DevicePlan(target.name(), target.intended().platform(), parts, unplaceable, e);
  }

  private DeviceResult connect(NetconfClient client) {
    long start = System.nanoTime();
    try {
      session =
          client.openCommands(
              target.endpoint(),
              target.credentials(),
              settings.live().hostKeys(),
              Timeouts.all(settings.live().timeout()));
      steps.add(new DeviceResult.StepRecord("connect", "ok", millis(start), "ssh"));
      return null;
    } catch (NetconfException e) {
      steps.add(new DeviceResult.StepRecord("connect", "failed", millis(start), e.getMessage()));
      return Results.unreadable(
          LiveReader.unreachable(target, e.reason().label(), e.getMessage()), null, steps);
    }
  }

  private Read read() throws NetconfException, ReadException {
    String command = ((LiveTransport.SshCommand) prepared.profile().transport()).command();
    String text = session.run(command);
    String what = target.endpoint().label() + " `" + command + "`";
    CompiledSwitch live = prepared.profile().read(text, target.name(), what);
    Reading reading =
        new Reading(target.name(), DeviceStatus.ok(target.name()), List.of(), text, null, live);
    List<Finding> findings = DriftAudit.compare(target, reading, platforms).findings();
    return new Read(
        text, findings, remediation.patch(target.intended(), prepared.rendered(), text, what));
  }

  private <T> T timed(String step, Action<T> action) throws NetconfException, ReadException {
    long start = System.nanoTime();
    try {
      T result = action.run();
      steps.add(new DeviceResult.StepRecord(step, "ok", millis(start), null));
      return result;
    } catch (NetconfException | ReadException | RuntimeException e) {
      steps.add(new DeviceResult.StepRecord(step, "failed", millis(start), e.getMessage()));
      throw e;
    }
  }

  private static long millis(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }
}
