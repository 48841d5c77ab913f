package dev.weft.remediate;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Drift findings → drifted parts → the pack's edit: one device's {@link DevicePlan}. */
public final class Planner {

  /** Drift ids start with this; the rest is the feature's word ({@code drift-mtu}). */
  static final String DRIFT = "drift-";

  /** Why a drift finding that names no feature (drift-port) is not sent. */
  static final String UNPLACEABLE =
      "a port missing on the device or running at another speed needs hands"
          + " (Weft does not change port speeds: that takes the link down)";

  private Planner() {}

  /**
   * Whether a finding says the device differs from the intent (as opposed to could not be read, not
   * audited...).
   */
  public static boolean isDrift(Finding f) {
    return f.rule().startsWith(DRIFT);
  }

  /**
   * The feature a drift id is about; empty for ids that name no editable feature ({@code
   * drift-port}).
   */
  static Optional<Feature> feature(String rule) {
    if (!rule.startsWith(DRIFT)) {
      return Optional.empty();
    }
    String word = rule.substring(DRIFT.length());
    for (Feature f : Feature.values()) {
      if (f.word().equals(word)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /**
   * @param intended the intended switch
   * @param rendered what its pack's templates render ({@link Remediation#renderedFile()})
   * @param remediation its pack's remediation
   * @param findings the device's findings; only drift ones count
   */
  public static DevicePlan plan(
      CompiledSwitch intended, String rendered, Remediation remediation, List<Finding> findings)
      throws ReadException {
    Map<DriftedPart, List<Finding>> byPart = new TreeMap<>();
    List<Finding> unplaceable = new ArrayList<>();
    group(findings, byPart, unplaceable);
    Remediation.Edit edit =
        byPart.isEmpty()
            ? Remediation.Edit.none(Map.of())
            : remediation.edit(intended, rendered, byPart.keySet());
    List<DevicePlan.Part> parts = new ArrayList<>();
    byPart.forEach(
        (part, fs) -> {
          fs.sort(Finding.ORDER);
          parts.add(
              new DevicePlan.Part(
                  part,
                  fs,
                  edit.steps().stream().filter(s -> s.part().equals(part)).toList(),
                  edit.notRemediable().get(part)));
        });
    unplaceable.sort(Finding.ORDER);
    return new DevicePlan(intended.name(), intended.platform(), parts, unplaceable, edit);
  }

  /**
   * Sorts the drift findings among {@code findings} into drifted parts ({@code byPart}) and those
   * that name no feature ({@code unplaceable}).
   */
  static void group(
      List<Finding> findings, Map<DriftedPart, List<Finding>> byPart, List<Finding> unplaceable) {
    for (Finding f : findings) {
      if (!isDrift(f)) {
        continue;
      }
      Optional<Feature> feature = feature(f.rule());
      if (feature.isEmpty()) {
        unplaceable.add(f);
      } else {
        byPart
            .computeIfAbsent(new DriftedPart(feature.get(), f.port()), k -> new ArrayList<>())
            .add(f);
      }
    }
  }
}
