package dev.weft.platform.openconfig;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Feature;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.SavedConfig;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The generic OpenConfig device: openconfig-interfaces and openconfig-qos, plus {@code
 * weft-qos-ext} for what upstream OpenConfig does not model (PFC, the watchdog, priority-group
 * headroom, DSCP trust, cable length). No real switch ships {@code weft-qos-ext}: this pack is the
 * shape of a vendor-neutral OpenConfig device and the project's own test device; real switches use
 * their vendor's pack.
 */
public final class OpenConfigPack extends NetconfSwitchPack {

  /**
   * Only the two trees drift compares: a device's other config (routing, users) is never
   * transferred.
   */
  static final String FILTER =
      "<interfaces xmlns=\""
          + OpenConfigReader.IF
          + "\"/>"
          + "<qos xmlns=\""
          + OpenConfigReader.QOS
          + "\"/>";

  private static final Remediation REMEDIATION = OpenConfigRemediation.table();

  @Override
  public String id() {
    return OpenConfigReader.PLATFORM;
  }

  @Override
  public String title() {
    return "OpenConfig interfaces + qos with Weft's weft-qos-ext (NETCONF)";
  }

  @Override
  public Map<Feature, String> renderGaps() {
    return Map.of(Feature.HASH, "OpenConfig has no ECMP hash-field configuration");
  }

  /**
   * The watchdog action is per port in weft-qos-ext: the plan put the way the reader reports it
   * ({@link ReadBack#watchdogActionsAsRead}).
   */
  @Override
  public CompiledSwitch normalise(CompiledSwitch sw) {
    return ReadBack.watchdogActionsAsRead(sw);
  }

  /** Any OpenConfig tree; a vendor's augments rank higher. */
  @Override
  public OptionalInt recognises(SavedConfig config) {
    return config.xmlNaming("http://openconfig.net/yang/", 1);
  }

  @Override
  public String yangModels() {
    return "yang";
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return OpenConfigReader.read(reply, device, what);
  }

  @Override
  public Optional<Remediation> remediation() {
    return Optional.of(REMEDIATION);
  }

  @Override
  public Optional<CounterSource> counters() {
    return Optional.of(OpenConfigCounters.SOURCE);
  }

  @Override
  public Map<Feature, String> notAudited() {
    return Map.of(Feature.HASH, "OpenConfig has no ECMP hash-field configuration");
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new OpenConfigNeighbours());
  }
}
