package dev.weft.report;

import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What {@code weft diff} has to say: findings with their status against base (new, fixed, existing)
 * and who introduced each new one, plus the devices whose rendered configs change, with unified
 * diffs.
 *
 * @param version tool version
 * @param inventory head's inventory folder
 * @param baseInventory base's inventory folder (differs from {@code inventory} when the folder was
 *     renamed)
 * @param base the base ref as given, with its short commit id, e.g. {@code main (3f2a9c1)}
 * @param head the head ref as given with its short id, or {@code working tree}
 * @param findings new, then fixed, then existing; each in report order
 * @param changes devices whose rendered files differ, in device order
 * @param devicesCompared devices on either side
 * @param devicesRendered devices re-rendered to find the changes
 * @param notes plain sentences a reviewer must see (head does not load, inventory renamed, ...)
 * @param showExisting whether existing findings are listed (they are always counted)
 * @param rules rule metadata by id, for SARIF
 * @param failOn the {@code --fail-on} threshold new findings are judged at
 * @param run when and how the diff ran, or null (tests that compare bytes)
 */
public record DiffReport(
    String version,
    String inventory,
    String baseInventory,
    String base,
    String head,
    List<Entry> findings,
    List<DeviceChange> changes,
    int devicesCompared,
    int devicesRendered,
    List<String> notes,
    boolean showExisting,
    Map<String, RuleInfo> rules,
    FailOn failOn,
    RunInfo run) {

  public DiffReport(
      String version,
      String inventory,
      String baseInventory,
      String base,
      String head,
      List<Entry> findings,
      List<DeviceChange> changes,
      int devicesCompared,
      int devicesRendered,
      List<String> notes,
      boolean showExisting,
      Map<String, RuleInfo> rules) {
    this(
        version,
        inventory,
        baseInventory,
        base,
        head,
        findings,
        changes,
        devicesCompared,
        devicesRendered,
        notes,
        showExisting,
        rules,
        FailOn.ERROR,
        null);
  }

  public DiffReport withRun(FailOn threshold, RunInfo info) {
    return new DiffReport(
        version,
        inventory,
        baseInventory,
        base,
        head,
        findings,
        changes,
        devicesCompared,
        devicesRendered,
        notes,
        showExisting,
        rules,
        threshold,
        info);
  }

  /**
   * The commit that last touched a new finding's line. {@code commit} null means not committed yet.
   */
  public record Introduced(String commit, String author, String summary) {
    public String shortCommit() {
      return commit == null ? null : commit.substring(0, Math.min(7, commit.length()));
    }
  }

  /**
   * A finding with its status ({@code new}, {@code fixed}, {@code existing}) and, for new ones, its
   * commit.
   */
  public record Entry(Finding finding, String status, Introduced introducedBy) {
    public Entry {
      Objects.requireNonNull(finding, "finding");
      Objects.requireNonNull(status, "status");
    }
  }

  /** One rendered file that differs, with its unified diff. */
  public record FileChange(String file, String diff) {}

  /**
   * One device whose rendered files differ; {@code change} is {@code changed}, {@code added} or
   * {@code removed}; {@code note} (or null) says why there is no diff, e.g. a side that does not
   * render.
   */
  public record DeviceChange(String device, String change, List<FileChange> files, String note) {
    public DeviceChange {
      files = List.copyOf(files);
    }
  }

  public static final String NEW = "new";
  public static final String FIXED = "fixed";
  public static final String EXISTING = "existing";

  public DiffReport {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(inventory, "inventory");
    failOn = failOn == null ? FailOn.ERROR : failOn;
    List<Entry> ordered = new ArrayList<>();
    for (String status : List.of(NEW, FIXED, EXISTING)) {
      findings.stream()
          .filter(e -> e.status().equals(status))
          .sorted((a, b) -> Finding.ORDER.compare(a.finding(), b.finding()))
          .forEach(ordered::add);
    }
    findings = List.copyOf(ordered);
    changes = List.copyOf(changes);
    notes = List.copyOf(notes);
    rules = java.util.Collections.unmodifiableMap(new TreeMap<>(rules));
  }

  public List<Entry> withStatus(String status) {
    return findings.stream().filter(e -> e.status().equals(status)).toList();
  }

  /**
   * The findings listed in reports: new and fixed always, existing with {@code --show-existing}.
   */
  public List<Entry> listed() {
    return findings.stream().filter(e -> showExisting || !e.status().equals(EXISTING)).toList();
  }

  /**
   * A plain report of the new findings only: what SARIF, JUnit and HTML show, and what decides the
   * exit code.
   */
  public Report newFindingsReport() {
    return new Report(
        Report.TOOL,
        version,
        "diff",
        inventory,
        withStatus(NEW).stream().map(Entry::finding).toList(),
        List.of(),
        rules,
        failOn,
        run,
        List.of());
  }
}
