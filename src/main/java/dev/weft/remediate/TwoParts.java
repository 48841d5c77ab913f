package dev.weft.remediate;

import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.Remediation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A switch remediated in two parts (EOS with a CLI login): the CLI part, a {@link TransactionalRun}
 * over the CLI login for the features the platform serves only there ({@link Prepared.CliPart}),
 * and the NETCONF part, a {@link DeviceRun} for the others. The CLI part runs first, up to its
 * read-back; the NETCONF part is pushed only when that is in sync, else it is only planned, so a
 * device never takes a second change after its first failed. The NETCONF part runs while the CLI
 * part is still undoable (its commit timer runs), and the CLI part is kept only when the NETCONF
 * part ended well ({@link #pushNext}), else undone ({@link #notKept}): the switch takes the whole
 * plan or none of it. What stays possible is a confirm of the CLI part that fails after the NETCONF
 * part was confirmed (the timer lapsed meanwhile): the CLI part is then rolled back by the switch
 * and reported so ({@code rolled-back:not-kept}). The device's one result holds both: the worse
 * status ({@link #ORDER}), both plans' parts, both edits (the CLI part's first), the CLI part's
 * steps named {@code cli <step>} before the NETCONF part's.
 */
final class TwoParts {

  /**
   * Statuses from the worst: the device's status is the first either part has. A part remediated
   * beside one whose drift Weft cannot change is {@code remediated}, as a single run that sent
   * something is (its {@code remediate-not-remediable} warnings say what stays).
   */
  static final List<DeviceStatus.Status> ORDER =
      List.of(
          DeviceStatus.Status.UNREACHABLE,
          DeviceStatus.Status.ERROR,
          DeviceStatus.Status.ROLLED_BACK,
          DeviceStatus.Status.REJECTED,
          DeviceStatus.Status.LOCKED,
          DeviceStatus.Status.REFUSED,
          DeviceStatus.Status.SKIPPED,
          DeviceStatus.Status.NOT_AUDITED,
          DeviceStatus.Status.PLANNED,
          DeviceStatus.Status.REMEDIATED,
          DeviceStatus.Status.DRIFT,
          DeviceStatus.Status.OK);

  /** The device's status reason when the CLI part is undone because the NETCONF part failed. */
  static final String NETCONF_FAILED = "netconf-part-failed";

  private TwoParts() {}

  /**
   * Whether a part ended well: changed and in sync, in sync already, or with only drift Weft does
   * not change (nothing sent). The NETCONF part is pushed after a CLI part that ended so, and the
   * CLI part is kept after a NETCONF part that did.
   */
  static boolean pushNext(DeviceResult part) {
    DeviceStatus.Status s = part.status().status();
    return s == DeviceStatus.Status.REMEDIATED
        || s == DeviceStatus.Status.OK
        || s == DeviceStatus.Status.DRIFT;
  }

  /** Why the CLI part is undone after the NETCONF part ended so, or null to keep it. */
  static TransactionalRun.NotKept notKept(DeviceResult netconf) {
    if (pushNext(netconf)) {
      return null;
    }
    DeviceStatus s = netconf.status();
    return new TransactionalRun.NotKept(
        NETCONF_FAILED,
        "the NETCONF part ended "
            + s.status().label()
            + (s.reason() == null ? "" : ":" + s.reason())
            + ", so the CLI part, read back in sync, is not kept either");
  }

  /**
   * A report's drift of each device restricted to one part's features (drift that names no feature,
   * a missing port, goes to the NETCONF part); null stays null (the device is read).
   */
  static ReportInput part(ReportInput reported, Set<Feature> served, boolean cli) {
    if (reported == null) {
      return null;
    }
    Map<String, List<Finding>> drift = new TreeMap<>();
    reported
        .drift()
        .forEach(
            (device, fs) ->
                drift.put(
                    device,
                    fs.stream()
                        .filter(
                            f -> {
                              Optional<Feature> feature = Planner.feature(f.rule());
                              return feature.isEmpty()
                                  ? !cli
                                  : served.contains(feature.get()) == cli;
                            })
                        .toList()));
    return new ReportInput(reported.inventory(), reported.command(), drift);
  }

  /**
   * The device's result from both parts'. The NETCONF part's {@code not-audited} findings for the
   * features the CLI part judges are dropped (they are audited there), as are those the CLI part
   * already reports.
   */
  static DeviceResult combine(DeviceResult cli, DeviceResult netconf, Set<Feature> served) {
    DeviceResult worse =
        ORDER.indexOf(cli.status().status()) <= ORDER.indexOf(netconf.status().status())
            ? cli
            : netconf;
    List<String> cliNotAudited =
        cli.findings().stream()
            .filter(f -> f.rule().equals(DriftAudit.NOT_AUDITED))
            .map(Finding::expected)
            .toList();
    List<Finding> findings = new ArrayList<>(cli.findings());
    for (Finding f : netconf.findings()) {
      boolean judgedByCli =
          f.rule().equals(DriftAudit.NOT_AUDITED)
              && (cliNotAudited.contains(f.expected())
                  || served.stream().anyMatch(s -> s.word().equals(f.expected())));
      if (!judgedByCli) {
        findings.add(f);
      }
    }
    findings.sort(Finding.ORDER);
    List<DeviceResult.StepRecord> steps = new ArrayList<>();
    cli.steps()
        .forEach(
            s ->
                steps.add(
                    new DeviceResult.StepRecord(
                        "cli " + s.step(), s.result(), s.millis(), s.detail())));
    steps.addAll(netconf.steps());
    return new DeviceResult(
        new DeviceStatus(netconf.name(), worse.status().status(), worse.status().reason()),
        plan(cli.plan(), netconf.plan()),
        findings,
        steps,
        netconf.before(),
        netconf.after(),
        cli.beforeText(),
        cli.afterText());
  }

  private static DevicePlan plan(DevicePlan cli, DevicePlan netconf) {
    if (cli == null || netconf == null) {
      return cli == null ? netconf : cli;
    }
    List<DevicePlan.Part> parts = new ArrayList<>(cli.parts());
    parts.addAll(netconf.parts());
    parts.sort((a, b) -> a.part().compareTo(b.part()));
    List<Finding> unplaceable = new ArrayList<>(cli.unplaceable());
    unplaceable.addAll(netconf.unplaceable());
    unplaceable.sort(Finding.ORDER);
    return new DevicePlan(
        netconf.device(), netconf.platform(), parts, unplaceable, edit(cli.edit(), netconf.edit()));
  }

  /** Both edits, the CLI part's first; the kind names both when both send something. */
  private static Remediation.Edit edit(Remediation.Edit cli, Remediation.Edit netconf) {
    TreeMap<DriftedPart, String> notRemediable = new TreeMap<>(cli.notRemediable());
    notRemediable.putAll(netconf.notRemediable());
    if (cli.isEmpty() || netconf.isEmpty()) {
      Remediation.Edit sent = cli.isEmpty() ? netconf : cli;
      return new Remediation.Edit(sent.config(), sent.steps(), notRemediable, sent.kind());
    }
    List<Remediation.Step> steps = new ArrayList<>(cli.steps());
    steps.addAll(netconf.steps());
    return new Remediation.Edit(
        cli.config() + "\n" + netconf.config(),
        steps,
        notRemediable,
        cli.kind() + "+" + netconf.kind());
  }
}
