package dev.weft.remediate;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.live.DevicePool;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveTarget;
import dev.weft.log.Log;
import dev.weft.netconf.NetconfClient;
import dev.weft.platform.CliAudit;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import dev.weft.render.Renderer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code weft remediate}'s use case. First every device is planned, in parallel: its drift (read
 * from the device, or taken from a report) becomes its pack's edit ({@link Planner}). A dry run
 * ends there. A push then takes the planned devices in name order, at most {@code maxDevices} of
 * them (the rest are skipped), pushes the first {@code canary} ones, and the others only when every
 * canary was remediated; each push is a {@link DeviceRun} (or a {@link TransactionalRun} on a
 * platform read over SSH commands) in the one bounded pool, so one device's failure is its own
 * status. A NETCONF switch whose pack changes what it serves only over its CLI, and which names its
 * CLI login, is remediated in two parts ({@link TwoParts}): the CLI part's transaction first, then
 * the NETCONF part.
 */
public final class Remediator {

  private static final Log LOG = Log.of(Remediator.class);

  private final RemediateSettings settings;
  private final Platforms platforms;
  private final Renderer renderer;
  private final String fabric;

  /**
   * @param renderer renders the intended switches with their packs' templates (the edit is cut from
   *     that)
   * @param fabric the fabric name the templates get
   */
  public Remediator(
      RemediateSettings settings, Platforms platforms, Renderer renderer, String fabric) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.platforms = Objects.requireNonNull(platforms, "platforms");
    this.renderer = Objects.requireNonNull(renderer, "renderer");
    this.fabric = fabric;
  }

  /**
   * @param targets the switches
   * @param reported the drift to remediate from a report ({@code --from}), or null to read every
   *     device
   * @param intentErrors the intent's unwaived errors: with any, nothing is pushed (every planned
   *     device is refused)
   * @return one result per target, by name
   */
  public List<DeviceResult> run(
      List<LiveTarget> targets, ReportInput reported, List<Finding> intentErrors)
      throws InterruptedException {
    List<LiveTarget> sorted = new ArrayList<>(targets);
    sorted.sort(Comparator.comparing(LiveTarget::name));
    try (NetconfClient client =
        new NetconfClient(settings.live().client(), settings.live().env())) {
      List<DeviceResult> planned = pool(sorted, "weft-plan", t -> plan(client, t, reported));
      if (!settings.apply()) {
        return planned;
      }
      Map<String, DeviceResult> out = new TreeMap<>();
      List<LiveTarget> push = new ArrayList<>();
      for (int i = 0; i < sorted.size(); i++) {
        LiveTarget t = sorted.get(i);
        DeviceResult r = planned.get(i);
        out.put(t.name(), r);
        if (r.status().status() != DeviceStatus.Status.PLANNED) {
          continue;
        }
        if (!intentErrors.isEmpty()) {
          out.put(
              t.name(),
              Results.instead(
                  t,
                  r,
                  DeviceStatus.Status.REFUSED,
                  "intent-invalid",
                  Results.outcome(
                      t,
                      RemediateRules.REFUSED,
                      Severity.ERROR,
                      t.name()
                          + ": the intent has "
                          + intentErrors.size()
                          + " error(s) (the first: "
                          + intentErrors.get(0).message()
                          + "); nothing is pushed from an"
                          + " intent that does not validate",
                      "intent-invalid")));
        } else if (push.size() >= settings.maxDevices()) {
          out.put(
              t.name(),
              skipped(
                  t,
                  r,
                  "max-devices",
                  "this run changes at most "
                      + settings.maxDevices()
                      + " devices (--max-devices)"));
        } else {
          push.add(t);
        }
      }
      List<LiveTarget> canaries = push.subList(0, Math.min(settings.canary(), push.size()));
      List<LiveTarget> rest = push.subList(canaries.size(), push.size());
      for (DeviceResult r : pool(canaries, "weft-canary", t -> pushOne(client, t, reported))) {
        out.put(r.name(), r);
      }
      List<String> failed =
          canaries.stream()
              .map(LiveTarget::name)
              .filter(
                  n -> {
                    DeviceStatus.Status s = out.get(n).status().status();
                    return s != DeviceStatus.Status.REMEDIATED && s != DeviceStatus.Status.OK;
                  })
              .toList();
      if (!failed.isEmpty()) {
        for (LiveTarget t : rest) {
          out.put(
              t.name(),
              skipped(
                  t,
                  out.get(t.name()),
                  "canary-failed",
                  "the canary "
                      + String.join(", ", failed)
                      + " was not remediated (--canary "
                      + settings.canary()
                      + ")"));
        }
      } else {
        for (DeviceResult r : pool(rest, "weft-push", t -> pushOne(client, t, reported))) {
          out.put(r.name(), r);
        }
      }
      return List.copyOf(out.values());
    }
  }

  private List<DeviceResult> pool(
      List<LiveTarget> items, String name, DevicePool.Task<LiveTarget, DeviceResult> task)
      throws InterruptedException {
    AtomicInteger done = new AtomicInteger();
    return DevicePool.run(
        items,
        settings.live().parallel(),
        name,
        task,
        (t, e) ->
            Results.unreadable(
                LiveReader.error(
                    t,
                    "internal",
                    t.name() + ": remediating the device failed" + " unexpectedly: " + e),
                null,
                List.of()),
        r ->
            settings
                .live()
                .progress()
                .accept(done.incrementAndGet() + "/" + items.size() + " devices"));
  }

  private static DeviceResult skipped(
      LiveTarget t, DeviceResult planned, String reason, String why) {
    return Results.instead(
        t,
        planned,
        DeviceStatus.Status.SKIPPED,
        reason,
        Results.outcome(
            t,
            RemediateRules.SKIPPED,
            Severity.WARNING,
            t.name() + ": not pushed: " + why,
            reason));
  }

  private DeviceResult plan(NetconfClient client, LiveTarget t, ReportInput reported)
      throws ReadException {
    Object prepared = prepare(t);
    if (prepared instanceof DeviceResult failed) {
      return failed;
    }
    Prepared p = (Prepared) prepared;
    if (p.cli() != null) {
      Set<Feature> served = p.cli().served();
      DeviceResult cli =
          new TransactionalRun(
                  p.cli().prepared(), settings, platforms, TwoParts.part(reported, served, true))
              .dryRun(client);
      return TwoParts.combine(
          cli, planOne(client, p, TwoParts.part(reported, served, false)), served);
    }
    return planOne(client, p, reported);
  }

  /** The plan of a device remediated in one run (or of a two-part switch's NETCONF part). */
  private DeviceResult planOne(NetconfClient client, Prepared p, ReportInput reported)
      throws ReadException {
    LiveTarget t = p.target();
    if (p.transaction() != null) {
      return new TransactionalRun(p, settings, platforms, reported).dryRun(client);
    }
    if (reported == null) {
      return new DeviceRun(p, settings, platforms, null).dryRun(client);
    }
    List<Finding> drift = reported.drift().getOrDefault(t.name(), List.of());
    DevicePlan plan = Planner.plan(t.intended(), p.rendered(), p.remediation(), drift);
    DeviceStatus.Status status =
        plan.sendsSomething()
            ? DeviceStatus.Status.PLANNED
            : drift.isEmpty() ? DeviceStatus.Status.OK : DeviceStatus.Status.DRIFT;
    return Results.of(
        t,
        status,
        status == DeviceStatus.Status.DRIFT ? "not-remediable" : null,
        plan,
        drift,
        null,
        List.of());
  }

  private DeviceResult pushOne(NetconfClient client, LiveTarget t, ReportInput reported)
      throws InterruptedException {
    Object prepared = prepare(t);
    if (prepared instanceof DeviceResult failed) {
      return failed;
    }
    long start = System.nanoTime();
    Prepared p = (Prepared) prepared;
    DeviceResult r;
    if (p.cli() != null) {
      r = pushTwoParts(client, p, reported);
    } else {
      r =
          p.transaction() != null
              ? new TransactionalRun(p, settings, platforms, reported).push(client)
              : new DeviceRun(p, settings, platforms, reported).push(client);
    }
    LOG.info(
        "%s: %s in %d ms%s",
        t.name(),
        r.status().status().label(),
        (System.nanoTime() - start) / 1_000_000,
        r.status().reason() == null ? "" : " (" + r.status().reason() + ")");
    return r;
  }

  /**
   * A two-part switch ({@link TwoParts}): the CLI part's session first, and the NETCONF part pushed
   * while the CLI part's commit timer still runs, once the CLI part read back in sync; the CLI part
   * is confirmed only when the NETCONF part ended well too ({@link TwoParts#pushNext}), else
   * aborted. A CLI part with nothing to send is followed by the NETCONF part's push; one that
   * failed by its plan only.
   */
  private DeviceResult pushTwoParts(NetconfClient client, Prepared p, ReportInput reported)
      throws InterruptedException {
    Set<Feature> served = p.cli().served();
    ReportInput rest = TwoParts.part(reported, served, false);
    List<DeviceResult> second = new ArrayList<>(1);
    DeviceResult cli =
        new TransactionalRun(
                p.cli().prepared(), settings, platforms, TwoParts.part(reported, served, true))
            .push(
                client,
                () -> {
                  DeviceResult r = pushNetconf(client, p, rest);
                  second.add(r);
                  return TwoParts.notKept(r);
                });
    DeviceResult netconf;
    if (!second.isEmpty()) {
      netconf = second.get(0);
    } else if (TwoParts.pushNext(cli)) {
      netconf = pushNetconf(client, p, rest);
    } else {
      netconf = planNetconf(client, p, rest);
    }
    return TwoParts.combine(cli, netconf, served);
  }

  /** The NETCONF part's push (its plan alone when its pack changes nothing over NETCONF). */
  private DeviceResult pushNetconf(NetconfClient client, Prepared p, ReportInput rest)
      throws InterruptedException {
    return p.remediation() instanceof NotChanged
        ? planNetconf(client, p, rest)
        : new DeviceRun(p, settings, platforms, rest).push(client);
  }

  private DeviceResult planNetconf(NetconfClient client, Prepared p, ReportInput rest) {
    try {
      return planOne(client, p, rest);
    } catch (ReadException e) {
      return Results.unreadable(
          LiveReader.error(p.target(), "unreadable-config", e.getMessage()), null, List.of());
    }
  }

  /**
   * The device's pack, remediation and rendered config; or why it cannot be remediated (a result).
   */
  private Object prepare(LiveTarget t) {
    String platform = t.intended().platform();
    if (t.problem() != null) {
      return Results.unreadable(
          LiveReader.error(t, "not-configured", t.problem()), null, List.of());
    }
    LiveProfile profile = platforms.live(platform).orElse(null);
    if (profile == null) {
      return refused(t, "no-live-profile", t.name() + ": " + platforms.missingLive(platform));
    }
    Transaction transaction = profile.transaction().orElse(null);
    if (profile.transport() instanceof LiveTransport.SshCommand && transaction != null) {
      String rendered = rendered(t, transaction.renderedFile());
      if (rendered == null) {
        return refused(
            t,
            "render-error",
            t.name() + ": the intent does not render " + transaction.renderedFile());
      }
      return new Prepared(t, profile, null, transaction, rendered);
    }
    if (!(profile.transport() instanceof LiveTransport.NetconfGetConfig)) {
      return refused(
          t,
          "not-netconf",
          t.name()
              + ": platform "
              + platform
              + " is not configured over NETCONF and its pack has no undoable transaction over"
              + " SSH; weft remediate pushes only with a NETCONF candidate and confirmed commit, or"
              + " a transaction the device rolls back (a checkpoint, a confirm timer)");
    }
    CliAudit.Session session =
        t.cli() == null
            ? null
            : profile.cliAudit().flatMap(a -> a.session(t.intended())).orElse(null);
    // a switch changed over its CLI login is planned over NETCONF too, even when its pack changes
    // nothing there: its NETCONF-served drift is then reported as not remediable
    Remediation remediation =
        profile.remediation().orElse(session == null ? null : new NotChanged(platform));
    if (remediation == null) {
      return refused(
          t,
          "no-remediation",
          t.name()
              + ": the "
              + platform
              + " pack has no remediation (it can be"
              + " audited, not changed, by Weft)");
    }
    Renderer.DeviceOutput out = renderer.renderDevice(t.intended(), fabric);
    List<Finding> errors =
        out.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    String rendered = errors.isEmpty() ? out.text(remediation.renderedFile()) : null;
    if (rendered == null) {
      return refused(
          t,
          "render-error",
          t.name()
              + ": the intent does not render "
              + remediation.renderedFile()
              + (errors.isEmpty() ? "" : ": " + errors.get(0).message()));
    }
    if (session == null) {
      return new Prepared(t, profile, remediation, null, rendered);
    }
    String cliRendered = out.text(session.transaction().renderedFile());
    if (cliRendered == null) {
      return refused(
          t,
          "render-error",
          t.name() + ": the intent does not render " + session.transaction().renderedFile());
    }
    return twoParts(t, profile, remediation, rendered, session, cliRendered);
  }

  /**
   * A switch changed over NETCONF and over its CLI login: the NETCONF part judged without the CLI
   * (its target has no CLI login, so only what NETCONF serves is compared there), the CLI part
   * judged by the CLI read (its target is the CLI login, and keeps it, so the comparison counts
   * what the CLI serves as read). The CLI part serves what the platform does not serve over NETCONF
   * and does over the CLI.
   */
  private static Prepared twoParts(
      LiveTarget t,
      LiveProfile profile,
      Remediation remediation,
      String rendered,
      CliAudit.Session session,
      String cliRendered) {
    LiveTarget.Login login = t.cli();
    LiveTarget netconf = new LiveTarget(t.intended(), t.endpoint(), t.credentials(), null, null);
    LiveTarget cli =
        new LiveTarget(t.intended(), login.endpoint(), login.credentials(), null, login);
    Set<Feature> served = EnumSet.noneOf(Feature.class);
    served.addAll(profile.notAudited().keySet());
    served.removeAll(session.profile().notAudited().keySet());
    return new Prepared(
        netconf,
        profile,
        remediation,
        null,
        rendered,
        new Prepared.CliPart(
            new Prepared(cli, session.profile(), null, session.transaction(), cliRendered),
            served));
  }

  /** The pack's rendered {@code file} for the device, or null when the intent does not render. */
  private String rendered(LiveTarget t, String file) {
    Renderer.DeviceOutput out = renderer.renderDevice(t.intended(), fabric);
    boolean errors = out.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR);
    return errors ? null : out.text(file);
  }

  private static DeviceResult refused(LiveTarget t, String reason, String message) {
    return Results.of(
        t,
        DeviceStatus.Status.REFUSED,
        reason,
        null,
        List.of(),
        Results.outcome(t, RemediateRules.REFUSED, Severity.ERROR, message, reason),
        List.of());
  }
}
