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
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One device's {@code weft remediate} on a platform read over SSH commands whose pack offers a
 * {@link Transaction} (SONiC, Cumulus; EOS's CLI part, {@link Remediator}): read the running
 * config, compare it as drift does and compute the pack's edit to the rendered config; a push then
 * stages the edit (the device checks it, nothing running changes), applies it undoably, reads back
 * and compares, and keeps the change only when the read-back is in sync, else undoes it. The pack
 * names the commands of each step; this class is the one skeleton every such platform runs. There
 * is no lock: the transaction's save point (a checkpoint, a confirm timer) is what makes the change
 * undoable. Every step is recorded with its time; whatever fails is this device's status, never the
 * run's.
 */
final class TransactionalRun {

  private static final Log LOG = Log.of(TransactionalRun.class);

  /** What the commands that take no edit read on standard input: nothing. */
  private static final byte[] NO_INPUT = new byte[0];

  /** A read of the device: the running config, its drift findings and the edit to intent. */
  private record Read(String text, List<Finding> findings, Transaction.Change change) {}

  @FunctionalInterface
  private interface Action<T> {
    T run() throws NetconfException, ReadException;
  }

  /**
   * What runs between a read-back in sync and the keep (the other part of a two-part switch, {@link
   * TwoParts}), so the change is kept only when that ended well too.
   */
  @FunctionalInterface
  interface BeforeKeep {
    /**
     * @return null to keep the change, else why it is undone
     */
    NotKept run() throws InterruptedException;
  }

  /**
   * Why a change that read back in sync is undone all the same.
   *
   * @param reason the device's status reason, e.g. {@code netconf-part-failed}
   * @param why the sentence the report gives
   */
  record NotKept(String reason, String why) {}

  /** Keeps every change that reads back in sync. */
  private static final BeforeKeep KEEP = () -> null;

  private final Prepared prepared;
  private final LiveTarget target;
  private final Transaction transaction;
  private final RemediateSettings settings;
  private final Platforms platforms;
  private final ReportInput reported;
  private final List<DeviceResult.StepRecord> steps = new ArrayList<>();
  private final String id = "weft-" + UUID.randomUUID();
  private CommandSession session;
  private BeforeKeep beforeKeep = KEEP;
  private DevicePlan plan;
  private byte[] edit = NO_INPUT;

  TransactionalRun(
      Prepared prepared, RemediateSettings settings, Platforms platforms, ReportInput reported) {
    this.prepared = prepared;
    this.target = prepared.target();
    this.transaction = prepared.transaction();
    this.settings = settings;
    this.platforms = platforms;
    this.reported = reported;
  }

  /**
   * Reads the device and plans; runs nothing but the read. A plan from a report ({@code --from})
   * still reads the device: the edit is computed from its running config.
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
    return push(client, KEEP);
  }

  /**
   * The push, running {@code beforeKeep} after a read-back in sync, while the change is still
   * undoable (a confirm timer still runs: it must cover what {@code beforeKeep} does); the change
   * is kept only when {@code beforeKeep} says so, else undone.
   */
  DeviceResult push(NetconfClient client, BeforeKeep beforeKeep) throws InterruptedException {
    this.beforeKeep = beforeKeep;
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
      return planned(read.findings()); // in sync meanwhile, or nothing the edit changes
    }
    edit = read.change().text().getBytes(StandardCharsets.UTF_8);
    int staged = 0;
    for (Transaction.Command c : transaction.stage(id)) {
      try {
        run(c);
        staged++;
      } catch (CommandFailedException e) {
        if (staged > 0) {
          runAll(transaction.abandon(id));
        }
        return rejected(
            c.step(), "nothing was applied, the device is unchanged: " + e.getMessage());
      } catch (NetconfException | ReadException e) {
        if (staged > 0) {
          runAll(transaction.abandon(id));
        }
        return failed(e);
      }
    }
    Transaction.Command apply = transaction.apply(id, window());
    try {
      run(apply);
    } catch (CommandFailedException e) {
      return undo(
          "apply-failed",
          "the device refused the edit it had accepted when staged (" + e.getMessage() + ")",
          plan.driftFindings());
    } catch (NetconfException | ReadException e) {
      return unknown("the apply's outcome is unknown (" + e.getMessage() + ")");
    }
    return verify(read);
  }

  /** After the apply: kept in sync, or undone. */
  private DeviceResult verify(Read read) throws InterruptedException {
    Read back;
    try {
      back = timed("read-back", this::read);
      settings.hook().after(target.name(), "read-back");
    } catch (CommandFailedException | ReadException e) {
      return undo(
          "unreadable-after-edit",
          "the config read back after the apply cannot be read (" + e.getMessage() + ")",
          plan.driftFindings());
    } catch (NetconfException e) {
      return unknown("the read-back failed (" + e.getMessage() + ")");
    }
    List<Finding> remaining =
        DeviceRun.remaining(back.findings(), read.findings(), plan.sentParts());
    if (!remaining.isEmpty()) {
      return undo(
          "still-drifted",
          "the device still differs from the intent after the apply ("
              + String.join("; ", remaining.stream().map(Finding::message).toList())
              + ")",
          remaining);
    }
    NotKept notKept = beforeKeep.run();
    if (notKept != null) {
      return undo(notKept.reason(), notKept.why(), plan.driftFindings());
    }
    for (Transaction.Command c : transaction.keep(id)) {
      try {
        run(c);
      } catch (NetconfException | ReadException e) {
        if (c.required()) {
          return notKept(c, e, back.findings());
        }
        LOG.warn("%s: %s failed: %s", target.name(), c.step(), e.getMessage());
      }
    }
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
                    + " "
                    + plan.edit().kind()
                    + " operations, transaction "
                    + id
                    + "); read back in sync",
                null),
            steps);
    return settings.wholeConfig() ? r.withTexts(read.text(), back.text()) : r;
  }

  /**
   * A required keep step failed after a read-back in sync (a confirm that came too late): the
   * device undoes the change itself, or may hold it: the device's error either way.
   */
  private DeviceResult notKept(Transaction.Command c, Exception e, List<Finding> inSync) {
    if (e instanceof CommandFailedException) {
      return Results.of(
          target,
          DeviceStatus.Status.ROLLED_BACK,
          "not-kept",
          plan,
          plan.driftFindings(),
          Results.outcome(
              target,
              RemediateRules.ROLLED_BACK,
              Severity.ERROR,
              target.name()
                  + ": read back in sync, but the device refused `"
                  + c.command()
                  + "` ("
                  + e.getMessage()
                  + "); "
                  + transaction.undone(id, window()),
              "not-kept"),
          steps);
    }
    return unknown("`" + c.command() + "` failed (" + e.getMessage() + ")");
  }

  /** Undoes the apply; an undo that fails is the device's error. */
  private DeviceResult undo(String reason, String why, List<Finding> drift) {
    for (Transaction.Command c : transaction.undo(id)) {
      try {
        run(c);
      } catch (NetconfException | ReadException e) {
        if (c.required()) {
          return unknown(why + "; the undo failed too (" + e.getMessage() + ")");
        }
        LOG.warn("%s: %s failed: %s", target.name(), c.step(), e.getMessage());
      }
    }
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
            target.name() + ": " + transaction.undone(id, window()) + ": " + why,
            reason),
        steps);
  }

  /** The device may hold the edit or not: its error, saying how to go back by hand. */
  private DeviceResult unknown(String why) {
    return Results.unreadable(
        LiveReader.error(
            target,
            "apply-unknown",
            target.name() + ": " + why + "; " + transaction.byHand(id, window())),
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
            target.name() + ": the device refused the edit at " + step + "; " + why,
            step),
        steps);
  }

  /** Runs clean-up commands; their failure is logged (the device's state is what it was). */
  private void runAll(List<Transaction.Command> commands) {
    for (Transaction.Command c : commands) {
      try {
        run(c);
      } catch (NetconfException | ReadException e) {
        LOG.warn("%s: %s failed: %s", target.name(), c.step(), e.getMessage());
      }
    }
  }

  /** One command of the transaction, timed, then the test hook. */
  private void run(Transaction.Command c) throws NetconfException, ReadException {
    byte[] input =
        c.takesEdit()
            ? edit
            : c.input() != null ? c.input().getBytes(StandardCharsets.UTF_8) : NO_INPUT;
    timed(c.step(), () -> session.run(c.command(), input));
    try {
      settings.hook().after(target.name(), c.step());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** How long a platform with a confirm timer keeps the change unconfirmed. */
  private Duration window() {
    return settings.confirmTimeout();
  }

  private DeviceResult failed(Exception e) {
    Reading r =
        e instanceof NetconfException n
            ? LiveReader.error(target, n.reason().label(), n.getMessage())
            : LiveReader.error(target, "unreadable-config", e.getMessage());
    return Results.unreadable(r, plan, steps);
  }

  private DeviceResult planned(List<Finding> findings) {
    return Results.planned(target, plan, findings, steps);
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
    for (Remediation.Step op : read.change().steps()) {
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
      stepsOf.computeIfAbsent(at, k -> new ArrayList<>()).add(op);
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
              : "the edit of the parts Weft owns has no operation for it (the running config"
                  + " holds the rendered values there)";
      if (why != null) {
        notRemediable.put(part, why);
      }
      parts.add(new DevicePlan.Part(part, fs, st, why));
    }
    unplaceable.sort(Finding.ORDER);
    Transaction.Change change = read.change();
    Remediation.Edit e =
        change.isEmpty()
            ? Remediation.Edit.none(notRemediable)
            : new Remediation.Edit(change.text(), change.steps(), notRemediable, change.kind());
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
        text, findings, transaction.change(target.intended(), prepared.rendered(), text, what));
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
