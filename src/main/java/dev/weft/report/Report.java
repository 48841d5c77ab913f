package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything one command has to say: its findings in contract order, the devices it tried, and the
 * metadata of the rules (for SARIF). Immutable; the constructor sorts so every reporter sees the
 * same order.
 *
 * @param tool always {@code weft}
 * @param version the tool version
 * @param command the command that ran ({@code validate}, {@code drift}, ...)
 * @param inventory the inventory directory, repository-relative with '/' (e.g. {@code
 *     inventories/roce-pod-a})
 * @param findings sorted with {@link Finding#ORDER}
 * @param devices sorted by name
 * @param rules rule metadata by id (may cover more or fewer rules than the findings use)
 * @param failOn the {@code --fail-on} threshold the run's exit code follows; every format agrees
 *     with it (JUnit fails exactly the test cases with a finding at or above it)
 * @param run when, how and from which commit the command ran; null in tests and goldens that
 *     compare byte for byte (reporters then leave those fields out)
 * @param notes lines about the run itself (files that could not be mapped, ...), in order
 */
public record Report(
    String tool,
    String version,
    String command,
    String inventory,
    List<Finding> findings,
    List<DeviceStatus> devices,
    Map<String, RuleInfo> rules,
    FailOn failOn,
    RunInfo run,
    List<String> notes) {

  public static final String TOOL = "weft";

  public Report {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(inventory, "inventory");
    List<Finding> sorted = new ArrayList<>(findings);
    sorted.sort(Finding.ORDER);
    findings = List.copyOf(sorted);
    List<DeviceStatus> byName = new ArrayList<>(devices);
    byName.sort(Comparator.comparing(DeviceStatus::name));
    devices = List.copyOf(byName);
    rules = java.util.Collections.unmodifiableMap(new TreeMap<>(rules));
    failOn = failOn == null ? FailOn.ERROR : failOn;
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** A report without run facts or notes, failing on errors. */
  public Report(
      String tool,
      String version,
      String command,
      String inventory,
      List<Finding> findings,
      List<DeviceStatus> devices,
      Map<String, RuleInfo> rules) {
    this(
        tool, version, command, inventory, findings, devices, rules, FailOn.ERROR, null, List.of());
  }

  public Report withFailOn(FailOn threshold) {
    return new Report(
        tool, version, command, inventory, findings, devices, rules, threshold, run, notes);
  }

  public Report withRun(RunInfo info) {
    return new Report(
        tool, version, command, inventory, findings, devices, rules, failOn, info, notes);
  }

  public Report withNotes(List<String> lines) {
    return new Report(
        tool, version, command, inventory, findings, devices, rules, failOn, run, lines);
  }

  /** Whether {@code f} fails the run at this report's threshold (waived findings never do). */
  public boolean failing(Finding f) {
    return !f.waived() && failOn.fails(f.severity());
  }

  /** The exit code the run has: 1 when a finding reaches {@code failOn}, else 0. */
  public int exitCode() {
    return Outcome.exitCode(this, failOn);
  }

  /**
   * A report of the {@code weft} tool; {@code rules} are indexed by id (a later duplicate id wins).
   */
  public static Report of(
      String version,
      String command,
      String inventory,
      List<Finding> findings,
      List<DeviceStatus> devices,
      List<RuleInfo> rules) {
    Map<String, RuleInfo> byId = new TreeMap<>();
    for (RuleInfo r : rules) {
      byId.put(r.id(), r);
    }
    return new Report(TOOL, version, command, inventory, findings, devices, byId);
  }

  public Summary summary() {
    return Summary.of(findings);
  }

  /**
   * The metadata for a rule, or a placeholder that still fills every field SARIF consumers require.
   */
  public RuleInfo rule(String id) {
    RuleInfo known = rules.get(id);
    return known != null ? known : RuleInfo.placeholder(id);
  }

  /** The ids of the rules the findings use, sorted. */
  public List<String> usedRuleIds() {
    return findings.stream().map(Finding::rule).distinct().sorted().toList();
  }
}
