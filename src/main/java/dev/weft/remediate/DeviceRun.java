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
import dev.weft.netconf.Datastore;
import dev.weft.netconf.Hello;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfException;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.Reply;
import dev.weft.netconf.RpcError;
import dev.weft.netconf.RpcErrorException;
import dev.weft.netconf.Timeouts;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.w3c.dom.Element;

/**
 * One device's session of {@code weft remediate}: the read and plan of a dry run, or the whole
 * push: lock the candidate, discard what it holds, read and plan under the lock, edit-config
 * (rollback-on-error where offered), validate, commit confirmed with the confirm timeout, read back
 * and compare, then the confirming commit only when the planned parts are in sync and nothing else
 * got worse, else cancel-commit; unlock in every path. Every step is recorded with its time;
 * whatever fails is this device's status, never the run's.
 */
final class DeviceRun {

  private static final Log LOG = Log.of(DeviceRun.class);

  /** A device's compiled switch as read, and its findings against the intent. */
  private record Read(CompiledSwitch live, List<Finding> findings) {}

  @FunctionalInterface
  private interface Action<T> {
    T run() throws NetconfException, ReadException;
  }

  private final Prepared prepared;
  private final LiveTarget target;
  private final RemediateSettings settings;
  private final Platforms platforms;
  private final ReportInput reported;
  private final List<DeviceResult.StepRecord> steps = new ArrayList<>();
  private NetconfSession session;
  private boolean locked;
  private String persist;
  private DevicePlan plan;
  private Element before;
  private Element after;

  DeviceRun(
      Prepared prepared, RemediateSettings settings, Platforms platforms, ReportInput reported) {
    this.prepared = prepared;
    this.target = prepared.target();
    this.settings = settings;
    this.platforms = platforms;
    this.reported = reported;
  }

  /** Reads the device and plans; sends nothing but the read. */
  DeviceResult dryRun(NetconfClient client) {
    DeviceResult failed = connect(client);
    if (failed != null) {
      return failed;
    }
    try (NetconfSession s = session) {
      String refusal = refusal(s.hello());
      Read read = timed("read", this::read);
      plan = plan(read.findings());
      if (refusal != null && plan.sendsSomething()) {
        return refused(refusal, read.findings());
      }
      return planned(read.findings());
    } catch (NetconfException e) {
      return Results.unreadable(
          LiveReader.error(target, e.reason().label(), e.getMessage()), plan, steps);
    } catch (ReadException e) {
      return Results.unreadable(
          LiveReader.error(target, "unreadable-config", e.getMessage()), plan, steps);
    }
  }

  /** The push. */
  DeviceResult push(NetconfClient client) throws InterruptedException {
    DeviceResult failed = connect(client);
    if (failed != null) {
      return failed;
    }
    DeviceResult r;
    try {
      r = pushInSession();
    } finally {
      unlock();
      session.close();
    }
    // the unlock (and a cancel's discard) came after the result was made: the report lists every
    // step sent
    return new DeviceResult(r.status(), r.plan(), r.findings(), steps, r.before(), r.after());
  }

  private DeviceResult pushInSession() throws InterruptedException {
    String refusal = refusal(session.hello());
    if (refusal != null) {
      return refused(refusal, List.of());
    }
    try {
      timed("lock", () -> session.lock(Datastore.CANDIDATE));
      locked = true;
    } catch (RpcErrorException e) {
      String tag = firstTag(e, "lock-denied");
      return Results.of(
          target,
          DeviceStatus.Status.LOCKED,
          tag,
          null,
          List.of(),
          Results.outcome(
              target,
              RemediateRules.LOCKED,
              Severity.ERROR,
              target.name()
                  + ": the candidate is locked by another session (or a confirmed commit of"
                  + " another session is pending); nothing was sent: "
                  + e.getMessage(),
              tag),
          steps);
    } catch (NetconfException | ReadException e) {
      return failedBeforeCommit(e);
    }
    Read read;
    try {
      timed("discard-changes", session::discardChanges);
      read = timed("read", this::read);
      plan = plan(read.findings());
      if (!plan.sendsSomething()) {
        return planned(read.findings()); // in sync meanwhile, or nothing Weft can edit
      }
      if (settings.wholeConfig()) {
        before = timed("read-whole", () -> session.getConfig(null)).data();
      }
      Hello hello = session.hello();
      try {
        boolean rollback = hello.supports(Hello.ROLLBACK_ON_ERROR);
        Action<Reply> edit =
            () -> session.editConfig(Datastore.CANDIDATE, plan.edit().config(), rollback);
        if (hello.supports(Hello.VALIDATE_1_1) || hello.supports(Hello.VALIDATE_1_0)) {
          // test-option set: the candidate takes the edit, and the device's semantic checks (must,
          // leafref,
          // unique, mandatory) run once, at <validate>, over the whole candidate: a refusal names
          // that step.
          timed(
              "edit-config",
              () ->
                  session.editConfigForValidate(
                      Datastore.CANDIDATE, plan.edit().config(), rollback));
          timed("validate", () -> session.validate(Datastore.CANDIDATE));
          // What was validated is sent again on a fresh candidate: yuma123 netconfd 2.13 commits
          // nothing
          // after a <validate> of the candidate (validate clears its change marks); elsewhere one
          // RPC more.
          timed("discard-changes", session::discardChanges);
          timed("edit-config", edit);
        } else {
          timed("edit-config", edit);
          skipped("validate", "the device does not offer :validate");
        }
        persist = persistable() ? "weft-" + UUID.randomUUID() : null;
        timed(
            "commit-confirmed", () -> session.commitConfirmed(settings.confirmTimeout(), persist));
      } catch (RpcErrorException e) {
        String step = lastFailed();
        discard();
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
                target.name()
                    + ": the device refused the"
                    + " plan at "
                    + step
                    + "; nothing was committed and the candidate was discarded: "
                    + e.getMessage(),
                step),
            steps);
      }
    } catch (NetconfException | ReadException e) {
      return failedBeforeCommit(e);
    }
    long committed = System.nanoTime();
    settings.hook().after(target.name(), "commit-confirmed");
    return verify(read, committed);
  }

  /**
   * After the confirmed commit: whatever goes wrong now leaves it unconfirmed, so the device goes
   * back.
   */
  private DeviceResult verify(Read read, long committed) throws InterruptedException {
    Read back;
    try {
      back = timed("read-back", this::read);
    } catch (NetconfException e) {
      return rolledBack(
          "session-lost",
          "the session was lost after the confirmed commit ("
              + e.getMessage()
              + "); not confirmed, so the device reverts by itself when the confirm timeout of "
              + seconds()
              + " expires (a device that restarts comes back with its startup config, which never held the change)",
          plan.driftFindings());
    } catch (ReadException e) {
      cancel();
      return rolledBack(
          "unreadable-after-edit",
          "the config read back after the edit cannot be read ("
              + e.getMessage()
              + "); the commit was cancelled",
          plan.driftFindings());
    }
    List<Finding> remaining = remaining(back.findings(), read.findings(), plan.sentParts());
    if (!remaining.isEmpty()) {
      cancel();
      return rolledBack(
          "still-drifted",
          "the device still differs from the intent after the edit ("
              + String.join("; ", remaining.stream().map(Finding::message).toList())
              + "); the commit was not confirmed",
          remaining);
    }
    if (System.nanoTime() - committed >= settings.confirmTimeout().toNanos()) {
      skipped("confirm", "the confirm timeout expired before the read-back finished");
      return rolledBack(
          "timeout",
          "the read-back took longer than the confirm timeout of "
              + seconds()
              + ", so the device has reverted by itself; raise --confirm-timeout",
          plan.driftFindings());
    }
    try {
      timed("confirm", () -> session.confirmCommit(persist));
    } catch (NetconfException | ReadException e) {
      return rolledBack(
          "confirm-failed",
          "the confirming commit failed ("
              + e.getMessage()
              + "); the device reverts"
              + " by itself when the confirm timeout of "
              + seconds()
              + " expires",
          plan.driftFindings());
    }
    if (settings.wholeConfig()) {
      try {
        after = timed("read-whole", () -> session.getConfig(null)).data();
      } catch (NetconfException | ReadException e) {
        LOG.warn(
            "%s: remediated, but the config after could not be read for the backup: %s",
            target.name(), e.getMessage());
      }
    }
    List<Finding> left = new ArrayList<>(Results.drift(back.findings()));
    String sent = String.join(", ", plan.sentParts().stream().map(DriftedPart::label).toList());
    DeviceResult r =
        Results.of(
            target,
            DeviceStatus.Status.REMEDIATED,
            null,
            plan,
            left,
            Results.outcome(
                target,
                RemediateRules.APPLIED,
                Severity.INFO,
                target.name()
                    + ": remediated "
                    + sent
                    + " ("
                    + plan.edit().steps().size()
                    + " subtrees); read back in sync and confirmed",
                null),
            steps);
    return new DeviceResult(r.status(), r.plan(), r.findings(), r.steps(), before, after);
  }

  /**
   * The drift after the edit that stops the confirmation: anything in a part that was sent, and
   * anything that was not there before (the edit made it). Drift Weft did not send for (a missing
   * port) may stay.
   */
  static List<Finding> remaining(
      List<Finding> after, List<Finding> before, List<DriftedPart> sent) {
    Set<Finding> had = new HashSet<>(Results.drift(before));
    Set<DriftedPart> parts = new HashSet<>(sent);
    List<Finding> out = new ArrayList<>();
    for (Finding f : Results.drift(after)) {
      boolean inSent =
          Planner.feature(f.rule())
              .map(
                  feature ->
                      parts.contains(new DriftedPart(feature, f.port()))
                          || parts.contains(DriftedPart.switchWide(feature)))
              .orElse(false);
      if (inSent || !had.contains(f)) {
        out.add(f);
      }
    }
    return out;
  }

  private DeviceResult rolledBack(String reason, String message, List<Finding> drift) {
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
            target.name() + ": rolled back: " + message,
            reason),
        steps);
  }

  /**
   * Cancels the pending confirmed commit; on a confirmed-commit:1.0 session, ending the session is
   * what cancels it.
   */
  private void cancel() {
    if (persistable()) {
      try {
        timed("cancel-commit", () -> session.cancelCommit(persist));
        discard();
        return;
      } catch (NetconfException | ReadException e) {
        LOG.warn(
            "%s: cancel-commit failed: %s; closing the session", target.name(), e.getMessage());
      }
    } else {
      skipped(
          "cancel-commit",
          "confirmed-commit:1.0 has no cancel-commit: the session is closed, which reverts it");
    }
    unlock();
    session.close();
  }

  private void discard() {
    try {
      timed("discard-changes", session::discardChanges);
    } catch (NetconfException | ReadException e) {
      LOG.warn("%s: discard-changes failed: %s", target.name(), e.getMessage());
    }
  }

  private void unlock() {
    if (!locked || !session.usable()) {
      return;
    }
    locked = false;
    try {
      timed("unlock", () -> session.unlock(Datastore.CANDIDATE));
    } catch (NetconfException | ReadException e) {
      LOG.warn(
          "%s: unlock failed: %s (the device releases the lock when the session ends)",
          target.name(), e.getMessage());
    }
  }

  /** persist/persist-id and cancel-commit need confirmed-commit:1.1 on a base:1.1 session. */
  private boolean persistable() {
    return session.hello().supports(Hello.CONFIRMED_COMMIT_1_1)
        && "base:1.1".equals(session.framing());
  }

  /** Why this device cannot take a safe push, or null. */
  static String refusal(Hello hello) {
    if (!hello.supports(Hello.CANDIDATE)) {
      return "no-candidate";
    }
    if (!hello.supports(Hello.CONFIRMED_COMMIT_1_0)
        && !hello.supports(Hello.CONFIRMED_COMMIT_1_1)) {
      return "no-confirmed-commit";
    }
    return null;
  }

  private DeviceResult refused(String reason, List<Finding> findings) {
    String what =
        reason.equals("no-candidate")
            ? ":candidate (" + Hello.CANDIDATE + ")"
            : ":confirmed-commit (" + Hello.CONFIRMED_COMMIT_1_1 + " or 1.0)";
    List<Finding> drift = plan == null ? Results.drift(findings) : plan.driftFindings();
    return Results.of(
        target,
        DeviceStatus.Status.REFUSED,
        reason,
        plan,
        drift,
        Results.outcome(
            target,
            RemediateRules.REFUSED,
            Severity.ERROR,
            target.name()
                + ": the device does not offer "
                + what
                + "; Weft pushes only to a candidate it"
                + " commits with a confirmed commit, never to running directly",
            reason),
        steps);
  }

  private DeviceResult planned(List<Finding> findings) {
    return Results.planned(target, plan, findings, steps);
  }

  private DeviceResult failedBeforeCommit(Exception e) {
    if (locked) {
      discard();
    }
    Reading r =
        e instanceof NetconfException n
            ? LiveReader.error(target, n.reason().label(), n.getMessage())
            : LiveReader.error(target, "unreadable-config", e.getMessage());
    return Results.unreadable(r, plan, steps);
  }

  private DevicePlan plan(List<Finding> findings) throws ReadException {
    List<Finding> drift =
        reported == null ? findings : reported.drift().getOrDefault(target.name(), List.of());
    return Planner.plan(target.intended(), prepared.rendered(), prepared.remediation(), drift);
  }

  private DeviceResult connect(NetconfClient client) {
    long start = System.nanoTime();
    try {
      session =
          client.connect(
              target.endpoint(),
              target.credentials(),
              settings.live().hostKeys(),
              Timeouts.all(settings.live().timeout()));
      steps.add(new DeviceResult.StepRecord("connect", "ok", millis(start), session.framing()));
      return null;
    } catch (NetconfException e) {
      steps.add(new DeviceResult.StepRecord("connect", "failed", millis(start), e.getMessage()));
      Reading r =
          e.reason() == NetconfException.Reason.REPLY_TOO_LARGE
                  || e.reason() == NetconfException.Reason.PROTOCOL
              ? LiveReader.error(target, e.reason().label(), e.getMessage())
              : LiveReader.unreachable(target, e.reason().label(), e.getMessage());
      return Results.unreadable(r, null, steps);
    }
  }

  private Read read() throws NetconfException, ReadException {
    LiveProfile profile = prepared.profile();
    Reply reply =
        session.getConfig(((LiveTransport.NetconfGetConfig) profile.transport()).subtreeFilter());
    String text = reply.text();
    CompiledSwitch live =
        profile.read(text, target.name(), target.endpoint().label() + " get-config");
    Reading reading =
        new Reading(
            target.name(), DeviceStatus.ok(target.name()), List.of(), text, reply.data(), live);
    return new Read(live, DriftAudit.compare(target, reading, platforms).findings());
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

  /** The step that failed last (the one an rpc-error came from). */
  private String lastFailed() {
    for (int i = steps.size() - 1; i >= 0; i--) {
      if (steps.get(i).result().equals("failed")) {
        return steps.get(i).step();
      }
    }
    return "edit-config";
  }

  private void skipped(String step, String why) {
    steps.add(new DeviceResult.StepRecord(step, "skipped", 0, why));
  }

  private String seconds() {
    return Math.max(1, (settings.confirmTimeout().toMillis() + 999) / 1000) + " s";
  }

  private static long millis(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }

  private static String firstTag(RpcErrorException e, String otherwise) {
    return e.errors().stream()
        .filter(RpcError::isError)
        .map(RpcError::tag)
        .filter(t -> !t.isEmpty())
        .findFirst()
        .orElse(otherwise);
  }
}
