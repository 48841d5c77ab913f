package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The {@code render-gap} findings of a fabric: each part of the plan the intent uses that a
 * switch's platform cannot express (its pack's {@link PlatformPack#renderGaps(CompiledSwitch)}),
 * located at the intent line that asks for it. Nothing is carried only as a comment: the rest of
 * the plan renders, and the finding says what is left out.
 *
 * <p>A gap that follows from the switch's own values is a warning on that switch. A limit of the
 * platform ({@link RenderGap#platformWide()}, a buffer knob the platform has no setting for, PCP
 * trust on a platform without an 802.1p classifier) is stated once per platform as info, naming the
 * platform, its switches that have it and the intent line that asks for the setting: it is a fact
 * of the chosen hardware that the same warning on every switch of the platform would only repeat,
 * burying the warnings a user can act on. Both are waivable like any rule's finding ({@code
 * RuleCatalog.WAIVABLE_BUILT_IN_FINDINGS}).
 *
 * <p>{@link #of} adds the packs' {@link PlatformPack#renderChecks render checks} (what stops a
 * switch from rendering at all), so {@code weft validate} reports everything a render would.
 */
public final class RenderGaps {

  /** The id of every finding made here. */
  public static final String RULE = "render-gap";

  /**
   * The id of what stops a device from rendering (the renderer's own id, shared by the packs'
   * checks).
   */
  public static final String RENDER_ERROR = "render-error";

  /** How many switch names a platform note lists before it gives only the count. */
  static final int NAMED_SWITCHES = 5;

  private RenderGaps() {}

  /** The findings of one switch alone (a platform limit names it as the platform's only switch). */
  public static List<Finding> of(CompiledSwitch sw, PlatformPack pack) {
    return of(List.of(sw), platform -> Optional.of(pack));
  }

  /**
   * The findings of {@code switches}: per switch, its render checks and the gaps of its own values
   * (in switch order); then one note per platform limit, in platform and feature order.
   */
  public static List<Finding> of(
      List<CompiledSwitch> switches, Function<String, Optional<PlatformPack>> packs) {
    List<Finding> out = new ArrayList<>();
    Map<Limit, List<CompiledSwitch>> limits = new TreeMap<>();
    for (CompiledSwitch sw : switches) {
      Optional<PlatformPack> found = packs.apply(sw.platform());
      if (found.isEmpty()) {
        continue;
      }
      PlatformPack pack = found.get();
      out.addAll(pack.renderChecks(sw));
      out.addAll(lagNames(sw, pack));
      for (RenderGap gap : pack.renderGaps(sw)) {
        if (gap.platformWide()) {
          limits
              .computeIfAbsent(
                  new Limit(pack.id(), gap.feature().word(), gap.reason(), null, gap.feature()),
                  k -> new ArrayList<>())
              .add(sw);
        } else {
          out.add(
              Finding.of(
                      RULE,
                      Severity.WARNING,
                      sw.name()
                          + ": platform "
                          + pack.id()
                          + " cannot express "
                          + gap.feature().word()
                          + " ("
                          + gap.reason()
                          + "); that part of the plan is not in the rendered config")
                  .at(owner(sw, gap.feature()))
                  .onDevice(sw.name()));
        }
      }
      java.util.Set<BufferKnob> carried = pack.bufferKnobs(sw);
      for (BufferKnob knob : BufferKnob.values()) {
        if (knob.setFor(sw) && !carried.contains(knob)) {
          limits
              .computeIfAbsent(
                  new Limit(
                      pack.id(),
                      "buffers",
                      knob.words()
                          + ": Weft's "
                          + pack.id()
                          + " config has no setting for it; the switches keep their own",
                      knob.owner(),
                      Feature.BUFFERS),
                  k -> new ArrayList<>())
              .add(sw);
        }
      }
      if (!sw.pcpToPriority().isEmpty() && !pack.classifiesByPcp()) {
        limits
            .computeIfAbsent(
                new Limit(
                    pack.id(),
                    "PCP trust",
                    "Weft's "
                        + pack.id()
                        + " config has no 802.1p classifier: the ports are rendered without the"
                        + " DSCP classifier, as trust: pcp asks, and with no PCP map, so they"
                        + " classify by neither",
                    "trust",
                    Feature.CLASSIFICATION),
                k -> new ArrayList<>())
            .add(sw);
      }
      if (sw.dcbx() != null && !pack.carriesDcbx()) {
        limits
            .computeIfAbsent(
                new Limit(pack.id(), "DCBX " + sw.dcbx(), pack.dcbxGap(), "dcbx", Feature.PFC),
                k -> new ArrayList<>())
            .add(sw);
      }
      if (!pack.carriesLag() && sw.ports().stream().anyMatch(p -> p.lag() != null)) {
        limits
            .computeIfAbsent(
                new Limit(
                    pack.id(),
                    "LAG membership",
                    "Weft's "
                        + pack.id()
                        + " config has no setting for the link aggregation group a port joins: the"
                        + " members are rendered as separate ports, each with its own PFC, headroom"
                        + " and watchdog, and the switches keep their own port-channels",
                    LAG,
                    Feature.PFC),
                k -> new ArrayList<>())
            .add(sw);
      }
    }
    limits.forEach((limit, on) -> out.add(limit.finding(on)));
    return out;
  }

  /**
   * One limit of a platform: what it cannot express and why, and the provenance key of the intent
   * line that asks for it (a buffer knob's, the trust's), or null.
   */
  private record Limit(String platform, String what, String reason, String owner, Feature feature)
      implements Comparable<Limit> {

    @Override
    public int compareTo(Limit o) {
      return java.util.Comparator.comparing(Limit::platform)
          .thenComparing(Limit::feature)
          .thenComparing(Limit::what)
          .thenComparing(Limit::reason)
          .compare(this, o);
    }

    /**
     * The note for the switches {@code on} (in the order given), at the first one's intent line.
     */
    Finding finding(List<CompiledSwitch> on) {
      CompiledSwitch first = on.get(0);
      Location at =
          owner == null
              ? null
              : owner.equals(LAG) ? firstLag(first) : first.provenance().get(owner);
      List<String> names = on.stream().map(CompiledSwitch::name).toList();
      String which =
          names.size() <= NAMED_SWITCHES
              ? String.join(", ", names)
              : String.join(", ", names.subList(0, NAMED_SWITCHES))
                  + " and "
                  + (names.size() - NAMED_SWITCHES)
                  + " more";
      return Finding.of(
              RULE,
              Severity.INFO,
              "platform "
                  + platform
                  + " cannot express "
                  + what
                  + " ("
                  + reason
                  + ") on any switch: "
                  + on.size()
                  + (on.size() == 1 ? " switch asks for it (" : " switches ask for it (")
                  + which
                  + "); that part of the plan is not in their rendered configs")
          .at(at != null ? at : platformOwner(first, feature))
          .onDevice(on.size() == 1 ? first.name() : null);
    }
  }

  /**
   * One {@code render-error} per port whose {@code lag} is not a name {@code pack}'s config takes
   * ({@link PlatformPack#lagNames()}), at that port's lag line: the device would refuse the file
   * (SONiC's YANG: {@code PortChannel[0-9]{1,4}}), so the switch does not render.
   */
  public static List<Finding> lagNames(CompiledSwitch sw, PlatformPack pack) {
    java.util.regex.Pattern names = pack.lagNames();
    if (names == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    for (dev.weft.compile.CompiledPort p : sw.ports()) {
      if (p.lag() != null && !names.matcher(p.lag()).matches()) {
        Location at = p.owner("lag");
        out.add(
            Finding.of(
                    RENDER_ERROR,
                    Severity.ERROR,
                    sw.name()
                        + " "
                        + p.name()
                        + ": platform "
                        + pack.id()
                        + " names a LAG "
                        + names.pattern()
                        + ", not "
                        + p.lag())
                .at(at != null ? at : p.owner("name"))
                .onDevice(sw.name())
                .onPort(p.name())
                .withValues(names.pattern(), p.lag()));
      }
    }
    return out;
  }

  /**
   * The owner key of the LAG limit: its intent line is a port's ({@link #firstLag}), not the
   * switch's.
   */
  private static final String LAG = "ports.lag";

  /** The {@code lag:} line of the switch's first port in a LAG, or null when none is. */
  static Location firstLag(CompiledSwitch sw) {
    for (dev.weft.compile.CompiledPort p : sw.ports()) {
      if (p.lag() != null) {
        Location at = p.owner("lag");
        return at != null ? at : p.owner("name");
      }
    }
    return null;
  }

  /**
   * The intent line that asks every switch of a platform for {@code feature}: the fabric's lossless
   * classes for buffers (headroom is sized for them), the {@code ecn} block of the first profile
   * that keeps non-ECT packets for ECN (the one platform-wide ECN limit), else as {@link #owner}.
   */
  static Location platformOwner(CompiledSwitch sw, Feature feature) {
    Location at =
        switch (feature) {
          case BUFFERS -> sw.provenance().get("lossless_priorities");
          case ECN ->
              sw.ecnProfiles().stream()
                  .filter(e -> !e.dropNonEct())
                  .map(e -> sw.provenance().get("ecn_profiles." + e.name()))
                  .filter(java.util.Objects::nonNull)
                  .findFirst()
                  .orElse(null);
          default -> null;
        };
    return at != null ? at : owner(sw, feature);
  }

  /** The intent line that asks {@code sw} for {@code feature}, else the switch's platform line. */
  public static Location owner(CompiledSwitch sw, Feature feature) {
    String key =
        switch (feature) {
          case CLASSIFICATION -> "dscp_to_priority";
          case PFC -> "lossless_priorities";
          case ECN -> "ecn_profiles";
          case SCHEDULER -> "queues";
          case WATCHDOG -> "watchdog";
          case BUFFERS, MTU -> "ports";
          case HASH -> "ecmp_hash_fields";
        };
    Location at = sw.provenance().get(key);
    return at != null ? at : sw.provenance().get("platform");
  }
}
