package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.remediate.DeviceResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What {@code weft remediate} has to say: per device its plan (the drifted parts, the intent lines
 * they come from, the subtrees and the {@code <edit-config>} XML), what happened to it (status, the
 * NETCONF steps with their timings, confirmations and rollbacks), the findings, and the backup
 * commits.
 *
 * @param version tool version
 * @param inventory the inventory folder
 * @param apply whether this run pushed (false: dry run)
 * @param settings the run's limits
 * @param devices one result per device, by name
 * @param findings the intent's findings that matter (errors) and every device's findings
 * @param backup the backup commits, or null without {@code --backup}
 * @param notes plain sentences about the run
 * @param rules rule metadata by id, for SARIF
 */
public record RemediationReport(
    String version,
    String inventory,
    boolean apply,
    Settings settings,
    List<DeviceResult> devices,
    List<Finding> findings,
    Backup backup,
    List<String> notes,
    Map<String, RuleInfo> rules) {

  /**
   * @param confirmTimeoutSeconds how long a device waits for the confirming commit
   * @param maxParallel devices worked on at once
   * @param maxDevices most devices one run changes
   * @param canary devices pushed first (0: none)
   * @param from the report the drift came from, or null when the devices were read
   */
  public record Settings(
      long confirmTimeoutSeconds, int maxParallel, int maxDevices, int canary, String from) {}

  /**
   * @param repository the backup repository
   * @param before the commit of the configs before the push, or null (nothing new)
   * @param after the commit of the configs after it, or null (nothing changed)
   */
  public record Backup(String repository, String before, String after) {}

  public RemediationReport {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(inventory, "inventory");
    Objects.requireNonNull(settings, "settings");
    List<DeviceResult> byName = new ArrayList<>(devices);
    byName.sort(Comparator.comparing(DeviceResult::name));
    devices = List.copyOf(byName);
    List<Finding> sorted = new ArrayList<>(findings);
    sorted.sort(Finding.ORDER);
    findings = List.copyOf(sorted);
    notes = List.copyOf(notes);
    rules = java.util.Collections.unmodifiableMap(new TreeMap<>(rules));
  }

  /**
   * The findings and device statuses as a plain report: what SARIF, JUnit, Markdown and HTML show,
   * and the exit code.
   */
  public Report plain() {
    List<DeviceStatus> statuses = devices.stream().map(DeviceResult::status).toList();
    return new Report(Report.TOOL, version, "remediate", inventory, findings, statuses, rules);
  }

  /** {@code dry-run} or {@code apply}. */
  public String mode() {
    return apply ? "apply" : "dry-run";
  }
}
