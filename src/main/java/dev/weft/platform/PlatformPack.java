package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.HeadroomTable;
import dev.weft.finding.Finding;
import dev.weft.model.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything Weft knows about one platform, in one place: its id (the {@code platform} value of the
 * intent), what kind of device it configures, the template folder it renders with, what it cannot
 * express, and how a running device of this platform is read back ({@link LiveProfile}).
 *
 * <p>A platform is one pack: a package {@code dev.weft.platform.<id>} with one class implementing
 * this interface (listed in {@code META-INF/services/dev.weft.platform.PlatformPack}), its
 * templates under {@code templates/<id>/}, its live reader, and, for NETCONF platforms, its vendor
 * models under {@code yang/vendor/} and the lab recipe that loads them. The intent schema's
 * platform list and the live registry follow from the packs, so adding one edits no list elsewhere.
 *
 * <p>Whatever differs between platforms is asked of the pack, never decided by testing its id
 * outside {@code dev.weft.platform}: what it cannot render ({@link #renderGaps}), SHARP and
 * numbered ports ({@link #sharpCapable}, {@link #numberedPorts}), and through {@link #live()} how a
 * device is read. Reads of a running device beyond its config (its counters, {@link
 * LiveProfile#counters()}) belong to the live profile: a further per-platform live read (LLDP
 * neighbours) goes beside {@code counters()}, as an optional source with its commands or {@code
 * <get>} and its parser, so the stage using it asks the pack.
 */
public interface PlatformPack {

  /** The intent's {@code platform} value, e.g. {@code sonic}; lower case, digits and '-'. */
  String id();

  /** One line for docs and messages, e.g. {@code SONiC (community), CONFIG_DB JSON}. */
  String title();

  DeviceKind kind();

  /**
   * The fabric transport a switch of this platform belongs to (the intent checks a switch against
   * it).
   */
  default Transport fabricTransport() {
    return Transport.ROCE_V2;
  }

  /**
   * This pack with the project's own platform data ({@code hwsku-profiles}); a pack that reads none
   * returns itself.
   */
  default PlatformPack withData(PlatformData data) {
    return this;
  }

  /**
   * A fingerprint of the project's platform files this pack reads ({@link #withData}), so a render
   * cache entry made before one of them changed is not kept; "" when it reads none.
   */
  default String dataFingerprint() {
    return "";
  }

  /** The folder under {@code templates/} this platform renders with. */
  default String templateFolder() {
    return id();
  }

  /**
   * Parts of the plan the platform's rendered config cannot carry, each with the reason: the
   * renderer reports each one that the intent uses as a {@code render-gap} finding, never silently.
   */
  default Map<Feature, String> renderGaps() {
    return Map.of();
  }

  /**
   * The lossless-buffer knobs of {@code fabric.pfc} this switch's rendered config carries; each
   * other knob the intent sets is a {@code render-gap} at its line ({@link RenderGaps}). Default:
   * none.
   */
  default java.util.Set<BufferKnob> bufferKnobs(CompiledSwitch sw) {
    return java.util.Set.of();
  }

  /**
   * Whether this platform's rendered config classifies by 802.1p PCP where a switch trusts PCP
   * (intent {@code trust: pcp}: a PCP map bound on its ports) and its reader reads that map back.
   * Default: no; a switch that trusts PCP is then a {@code render-gap} at its {@code trust} line.
   */
  default boolean classifiesByPcp() {
    return false;
  }

  /**
   * Whether this platform's rendered config sets what its ports advertise in LLDP DCBX TLVs (intent
   * {@code fabric.dcbx}) and its reader reads it back. Default: no; a fabric that writes {@code
   * dcbx} is then one {@code render-gap} note per platform at that line, and the switches keep
   * their own.
   */
  default boolean carriesDcbx() {
    return false;
  }

  /**
   * Whether this platform's rendered config holds which link aggregation group each port joins
   * (intent {@code lag:}) and its reader reads it back. Default: no; a fabric with a {@code lag:}
   * on such a platform is one {@code render-gap} note per platform at the first such line, and the
   * members render as separate ports (each still with its own PFC, headroom and watchdog).
   */
  default boolean carriesLag() {
    return lagNames() != null; // a platform that renders LAGs names the ones its config takes
  }

  /**
   * The LAG names this platform's config takes (SONiC's {@code PortChannel<n>}, Junos' {@code
   * ae<n>}), or null: any, for a platform that does not render LAGs. A name it does not take stops
   * the switch's render at that port's {@code lag} line ({@link RenderGaps#lagNames}), as the
   * device would refuse the file.
   */
  default java.util.regex.Pattern lagNames() {
    return null;
  }

  /**
   * Why this platform's rendered config has no DCBX setting, and what its switches then advertise:
   * the reason of its {@code render-gap} note where a fabric writes {@code dcbx}. Default: Weft's
   * config has no setting, so the switches keep their own.
   */
  default String dcbxGap() {
    return "Weft's "
        + id()
        + " config has no setting for the LLDP DCBX TLVs its ports advertise: the switches keep"
        + " their own, and a willing NIC (dcbx: firmware) takes whatever they send";
  }

  /**
   * What this switch's rendered config cannot carry: {@link #renderGaps()} for the features the
   * switch uses, plus value-level gaps a pack adds by overriding (a watchdog action the vendor
   * model has no enumeration for, a hash field it cannot select). In feature order.
   */
  default List<RenderGap> renderGaps(CompiledSwitch sw) {
    List<RenderGap> out = new ArrayList<>();
    renderGaps()
        .forEach(
            (feature, reason) -> {
              if (feature.usedBy(sw)) {
                out.add(RenderGap.ofPlatform(feature, reason)); // the same for every switch
              }
            });
    out.sort((a, b) -> a.feature().compareTo(b.feature()));
    return out;
  }

  /**
   * The port MTUs the platform's configuration model accepts, or empty when the model states no
   * range Weft can rely on (the device then judges, and drift reads back what it kept). Declared
   * from the vendored model the pack renders for, never from memory: PortMtuRangeTest reads each
   * declared range back out of that model.
   */
  default Optional<PortMtuRange> portMtuRange() {
    return Optional.empty();
  }

  /**
   * What this platform needs from a switch before its files can be rendered and loaded, checked
   * against the platform's own facts (SONiC: the HWSKU profile's ports, ASIC and buffer pools). An
   * error stops the switch's render ({@code render-error}); a warning says the rendered file is
   * incomplete. {@code weft validate} reports both.
   */
  default List<Finding> renderChecks(CompiledSwitch sw) {
    return List.of();
  }

  /**
   * Platform facts the switch's templates need beyond the compiled switch (SONiC: the HWSKU's port
   * lanes and buffer pools; the platform's spelling of the ECMP hash fields), as plain template
   * values (maps, lists, strings, numbers) under keys that do not clash with the compiled switch's.
   */
  default Map<String, Object> templateData(CompiledSwitch sw) {
    return Map.of();
  }

  /**
   * The hardware SKUs the platform has a profile for (SONiC: the built-in HWSKU profiles and the
   * project's), in order; empty when the platform uses none.
   */
  default List<String> hwskus() {
    return List.of();
  }

  /**
   * The ASIC of a hardware SKU the platform has a profile for, as the intent's {@code asic} names
   * it (SONiC: the profile's {@code asic}); empty when the platform or the SKU has none, or its
   * profile cannot be read (rendering says why).
   */
  default Optional<String> hwskuAsic(String hwsku) {
    return Optional.empty();
  }

  /**
   * The platform's own PFC headroom table for a switch of this hardware SKU (SONiC: the HWSKU's
   * {@code pg_profile_lookup.ini}, built-in or the project's), for {@code weft explain-headroom} to
   * set beside Weft's computed value; empty when the platform or the SKU has none.
   *
   * @throws HeadroomTable.InvalidException when the table exists but cannot be read, located in it
   */
  default Optional<HeadroomTable> headroomTable(String hwsku)
      throws HeadroomTable.InvalidException {
    return Optional.empty();
  }

  /**
   * Whether the switch builds SHARP in-network aggregation trees (NVIDIA Quantum): {@code
   * ib-sharp-prereq} warns about every other switch of a subnet with SHARP enabled.
   */
  default boolean sharpCapable() {
    return false;
  }

  /**
   * Whether the switch's ports are numbers the subnet manager knows without the intent listing them
   * (InfiniBand switches): a link may name such a port of the switch without its declaring it.
   */
  default boolean numberedPorts() {
    return false;
  }

  /** How a running device of this platform is read, or empty when it cannot be audited. */
  default Optional<LiveProfile> live() {
    return Optional.empty();
  }

  /**
   * How a device of this platform lists its LLDP neighbours in the session the audit opens, or
   * empty when Weft reads none from it (the cabling audit then says the neighbours are not served).
   */
  default Optional<NeighbourReader> neighbours() {
    return Optional.empty();
  }
}
