package dev.weft.diff;

import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Findings of head compared with findings of base by {@link FindingFingerprint}. Matching counts
 * duplicates: if base has one finding with a fingerprint and head has two, one is existing and one
 * is new.
 *
 * @param added in head only, in report order
 * @param fixed in base only, in report order
 * @param existing in both, in head's report order
 */
public record FindingDiff(
    List<ClassifiedFinding> added,
    List<ClassifiedFinding> fixed,
    List<ClassifiedFinding> existing) {

  public FindingDiff {
    added = List.copyOf(added);
    fixed = List.copyOf(fixed);
    existing = List.copyOf(existing);
  }

  /**
   * @param base base findings (waived ones are ignored on both sides: a waiver is a decision, not a
   *     finding)
   * @param baseInventory the base inventory folder, stripped from base texts
   * @param head head findings
   * @param headInventory the head inventory folder
   */
  public static FindingDiff compare(
      List<Finding> base, String baseInventory, List<Finding> head, String headInventory) {
    Map<String, List<Finding>> remaining = new HashMap<>();
    for (Finding f : sorted(base)) {
      if (!f.waived()) {
        remaining
            .computeIfAbsent(FindingFingerprint.of(f, baseInventory), k -> new ArrayList<>())
            .add(f);
      }
    }
    List<ClassifiedFinding> added = new ArrayList<>();
    List<ClassifiedFinding> existing = new ArrayList<>();
    for (Finding f : sorted(head)) {
      if (f.waived()) {
        continue;
      }
      String print = FindingFingerprint.of(f, headInventory);
      List<Finding> same = remaining.get(print);
      if (same != null && !same.isEmpty()) {
        same.remove(0);
        existing.add(new ClassifiedFinding(f, Status.EXISTING, print));
      } else {
        added.add(new ClassifiedFinding(f, Status.NEW, print));
      }
    }
    List<ClassifiedFinding> fixed = new ArrayList<>();
    for (Finding f : sorted(base)) {
      if (f.waived()) {
        continue;
      }
      String print = FindingFingerprint.of(f, baseInventory);
      List<Finding> left = remaining.get(print);
      if (left != null && left.remove(f)) {
        fixed.add(new ClassifiedFinding(f, Status.FIXED, print));
      }
    }
    return new FindingDiff(added, fixed, existing);
  }

  /**
   * Head findings against a baseline: fingerprints listed there are existing, the rest new. Nothing
   * is fixed (a baseline does not know what was fixed since).
   */
  public static FindingDiff againstBaseline(
      Baseline baseline, List<Finding> head, String headInventory) {
    Map<String, Integer> remaining = new HashMap<>(baseline.counts());
    List<ClassifiedFinding> added = new ArrayList<>();
    List<ClassifiedFinding> existing = new ArrayList<>();
    for (Finding f : sorted(head)) {
      if (f.waived()) {
        continue;
      }
      String print = FindingFingerprint.of(f, headInventory);
      int left = remaining.getOrDefault(print, 0);
      if (left > 0) {
        remaining.put(print, left - 1);
        existing.add(new ClassifiedFinding(f, Status.EXISTING, print));
      } else {
        added.add(new ClassifiedFinding(f, Status.NEW, print));
      }
    }
    return new FindingDiff(added, List.of(), existing);
  }

  private static List<Finding> sorted(List<Finding> findings) {
    List<Finding> copy = new ArrayList<>(findings);
    copy.sort(Finding.ORDER);
    return copy;
  }
}
