package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How Weft reads one platform's live config: what to ask for ({@link #transport()}), how the reply
 * maps into the compiled switch (types, units, list order and the device's defaults normalised),
 * which part of an intended switch that reply can carry, and which features the platform cannot
 * serve over this transport at all.
 */
public interface LiveProfile {

  /** The platform id the reader stamps on what it reads (its pack's id). */
  String platform();

  LiveTransport transport();

  /**
   * Maps a reply (the whole {@code <rpc-reply>} text, or the command's output) to a compiled
   * switch.
   *
   * @param device the device name (most configs carry no hostname)
   * @param what names the source in messages, e.g. {@code leaf-1 (127.0.0.1:830) get-config}
   */
  CompiledSwitch read(String reply, String device, String what) throws ReadException;

  /**
   * The intended switch as this platform's config holds it, provenance kept: values converted to
   * the vendor model's units and granularity and back (a threshold in percent of a buffer, headroom
   * in whole microseconds), lists in the order the reader returns them, and what the model cannot
   * hold (a watchdog action it has no enumeration for) replaced by what the device reports for it.
   * Drift compares the live switch with this, so a rounding the vendor model forces is not drift;
   * what the model cannot hold is a render gap ({@link PlatformPack#renderGaps(CompiledSwitch)}).
   * Default: unchanged.
   */
  /**
   * Whether a port this reader returns without a speed is one the configuration leaves to
   * negotiation (NVUE {@code link speed auto}, EOS {@code speed auto} or no speed line), so an
   * import writes {@code speed: auto} for it. Default: yes; a platform whose port config must fix a
   * speed says no, and a port read without one is then a gap of the file, not a setting.
   */
  default boolean leavesSpeedToNegotiation() {
    return true;
  }

  /**
   * Whether the config this reader reads holds each lossless priority group's xoff, xon and size as
   * the device reserves them (SONiC's traditional buffer model: BUFFER_PROFILE), so an import can
   * keep a device's own headroom as pinned values where Weft would compute others. Default: no (a
   * platform that sizes headroom itself, or whose config holds only part of it).
   */
  default boolean readsWholeHeadroom() {
    return false;
  }

  default CompiledSwitch normalise(CompiledSwitch intended) {
    return intended;
  }

  /**
   * The intended switch with every fact removed that this platform's config does not carry,
   * normalised as {@link #read} normalises: {@code
   * expected(intended).equals(read(render(intended)))} is the round trip. Default: {@link
   * ReadBack#expected(CompiledSwitch, String, boolean)} of {@link #normalise} with the ECMP hash
   * carried unless {@link #notAudited()} names {@link Feature#HASH}.
   */
  default CompiledSwitch expected(CompiledSwitch intended) {
    return ReadBack.expected(
        normalise(intended), platform(), !notAudited().containsKey(Feature.HASH));
  }

  /** Where the platform's model keeps each value drift compares: the path drift findings name. */
  default LivePaths paths() {
    return LivePaths.NEUTRAL;
  }

  /**
   * The live switch with what this platform does not serve over {@link #transport()} ({@link
   * #notAudited()}) taken from the intended one, so that the rules on the live config do not judge
   * values the device never sent (a reply without a DSCP classifier is not a device that classifies
   * nothing); the {@code not-audited} findings say what was taken. Drift itself compares the reply
   * as read with {@link #expected}, which leaves those features out too. Default: the live switch
   * unchanged.
   */
  default CompiledSwitch withUnserved(CompiledSwitch live, CompiledSwitch intended) {
    return live;
  }

  /**
   * Features this platform does not serve over {@link #transport()}, each with the reason: reported
   * per device as {@code not-audited}, neither drift nor a silent pass.
   */
  default Map<Feature, String> notAudited() {
    return Map.of();
  }

  /**
   * How surely a saved config is this platform's, for an import that is not told the platform:
   * empty when it is not; else a rank, higher for a more specific sign (the vendor's own model 3,
   * OpenConfig with a vendor's augments 2, plain OpenConfig or a bare shape of JSON 1). The import
   * takes the pack of the highest rank.
   */
  default OptionalInt recognises(SavedConfig config) {
    return OptionalInt.empty();
  }

  /**
   * What this platform serves only over its CLI, read over SSH beside {@link #transport()} when a
   * switch names its CLI login, or empty when the transport carries everything Weft reads.
   */
  default Optional<CliAudit> cliAudit() {
    return Optional.empty();
  }

  /**
   * How this platform's switch counters are read over {@link #transport()} for {@code weft audit}'s
   * health, or empty when Weft reads none from it (its health is then {@code not-read}).
   * Per-platform live reads beyond the config (counters here; neighbours, when a pack reads them,
   * beside it) belong to the live profile, so the stages that use them ask the pack and never test
   * its id.
   */
  default Optional<CounterSource> counters() {
    return Optional.empty();
  }

  /**
   * How drifted parts of a device of this platform are brought back to intent over NETCONF, or
   * empty when Weft does not change this platform's devices ({@code weft remediate} then refuses
   * them with that reason).
   */
  default Optional<Remediation> remediation() {
    return Optional.empty();
  }

  /**
   * How drifted devices of this platform are changed when it is read over SSH commands: the
   * commands of one undoable {@link Transaction} (SONiC: a JSON Patch inside a checkpoint; Cumulus:
   * an NVUE patch applied with a confirm timer), or empty when Weft does not change them.
   */
  default Optional<Transaction> transaction() {
    return Optional.empty();
  }

  /**
   * How a drifted device's running config is laid beside this pack's rendered file for the audit's
   * config diff, or empty when the pack cannot (the dashboard then says so instead of showing a
   * diff).
   */
  default Optional<ConfigView> configView() {
    return Optional.empty();
  }

  /**
   * The entries of a saved config ({@code TABLE|key} for CONFIG_DB) that the reader takes by value
   * through a reference (a DSCP map a port binds, a scheduler a queue names): the imported plan
   * holds their values, and a render may hold them under other names, so {@code
   * import-outside-model} does not list them as dropped. Empty by default.
   */
  default java.util.Set<String> readByValue(String config) {
    return java.util.Set.of();
  }

  /**
   * The hardware SKU a saved config names (SONiC: {@code DEVICE_METADATA|localhost.hwsku}), for
   * {@code weft import} to fill in a switch's {@code hwsku} and {@code asic} when no skeleton does;
   * empty when the platform's configs name none.
   */
  default java.util.Optional<String> savedHwsku(String config) {
    return java.util.Optional.empty();
  }
}
