package dev.weft.audit;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tonight against the previous night: the findings that are new, fixed (the previous night had
 * them, tonight not) and persisting, and the devices whose status changed. On the first night there
 * is no previous night.
 *
 * @param previousStarted when the previous audit ran, or null on the first night
 */
public record Comparison(
    String previousStarted,
    List<Night.Seen> added,
    List<Night.Seen> fixed,
    List<Night.Seen> persisting,
    List<Night.StatusChange> statusChanges) {

  public Comparison {
    added = List.copyOf(added);
    fixed = List.copyOf(fixed);
    persisting = List.copyOf(persisting);
    statusChanges = List.copyOf(statusChanges);
  }

  public static final Comparison FIRST_NIGHT =
      new Comparison(null, List.of(), List.of(), List.of(), List.of());

  public static Comparison of(
      History.Previous previous, List<Finding> findings, List<DeviceStatus> devices) {
    if (previous.started() == null) {
      return FIRST_NIGHT;
    }
    Map<String, Night.Seen> before = new TreeMap<>();
    previous.findings().forEach(s -> before.putIfAbsent(s.key(), s));
    Map<String, Night.Seen> now = new TreeMap<>();
    findings.forEach(f -> now.putIfAbsent(Night.Seen.of(f).key(), Night.Seen.of(f)));
    List<Night.Seen> added = new ArrayList<>();
    List<Night.Seen> persisting = new ArrayList<>();
    now.forEach((key, s) -> (before.containsKey(key) ? persisting : added).add(s));
    List<Night.Seen> fixed = new ArrayList<>();
    before.forEach(
        (key, s) -> {
          if (!now.containsKey(key)) {
            fixed.add(s);
          }
        });
    List<Night.StatusChange> changes = new ArrayList<>();
    for (DeviceStatus d : devices) {
      String was = previous.statuses().get(d.name());
      if (!d.status().label().equals(was)) {
        changes.add(new Night.StatusChange(d.name(), was, d.status().label()));
      }
    }
    return new Comparison(previous.started(), added, fixed, persisting, changes);
  }
}
