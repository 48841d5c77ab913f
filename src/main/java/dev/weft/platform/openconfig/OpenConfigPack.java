package dev.weft.platform.openconfig;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.LosslessBuffer;
import dev.weft.platform.BufferKnob;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.SavedConfig;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

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

  /** The neutral (OpenConfig-shaped) paths, with the buffer knobs where this pack renders them. */
  private static final LivePaths PATHS =
      new LivePaths() {
        @Override
        public String bufferAlpha() {
          return "/qos/buffer-allocation-profiles/buffer-allocation-profile/queues/queue/config/"
              + "dynamic-limit-scaling-factor";
        }

        @Override
        public String sharedHeadroomPool() {
          return "/qos/shared-headroom-pool/config/size";
        }

        /** openconfig-if-aggregate's leaf on the member. */
        @Override
        public String lag(String port) {
          return port(port) + "/ethernet/config/aggregate-id";
        }
      };

  /**
   * An OpenConfig LAG is an interface like any other (aggregate-id is a leafref to an interface
   * name): any name the intent's lag pattern allows.
   */
  private static final java.util.regex.Pattern LAG_NAMES =
      java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,31}");

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

  /**
   * LAG membership: each member's openconfig-if-aggregate {@code ethernet/config/aggregate-id} and
   * the LAG's interface with its {@code aggregation}, read back by the reader.
   */
  @Override
  public java.util.regex.Pattern lagNames() {
    return LAG_NAMES;
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return OpenConfigReader.read(reply, device, what);
  }

  /**
   * Both knobs: alpha as upstream's buffer allocation profile, the shared headroom pool in
   * weft-qos-ext.
   */
  @Override
  public Set<BufferKnob> bufferKnobs(CompiledSwitch sw) {
    return EnumSet.allOf(BufferKnob.class);
  }

  @Override
  public LivePaths paths() {
    return PATHS;
  }

  /**
   * What the reader sees, plus the buffer knobs as rendered: the alpha exponent where some PFC port
   * binds the profile and it has a lossless queue, the shared headroom pool when sized (the ratio
   * itself is not in the config).
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    CompiledSwitch sw =
        ReadBack.withLags(
            ReadBack.losslessFromPorts(
                ReadBack.expected(
                    normalise(intended), platform(), !notAudited().containsKey(Feature.HASH))),
            intended);
    if (sw.watchdog() != null
        && sw.watchdog().enabled()
        && sw.ports().stream().noneMatch(CompiledPort::watchdog)) {
      // the reader finds the watchdog on the ports: one no port runs reads back as off
      sw = sw.toBuilder().watchdog(ReadBack.disabledWatchdog(sw.watchdog().pollMs())).build();
    }
    LosslessBuffer b = intended.losslessBuffer();
    if (b == null) {
      return sw;
    }
    boolean bound =
        intended.ports().stream().anyMatch(p -> !p.pfcPriorities().isEmpty())
            && intended.queues().stream().anyMatch(CompiledQueue::lossless);
    return sw.toBuilder()
        .losslessBuffer(
            LosslessBuffer.of(bound ? b.dynamicTh() : null, null, b.sharedHeadroomPoolBytes()))
        .build();
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
