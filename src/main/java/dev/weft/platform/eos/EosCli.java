package dev.weft.platform.eos;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CliAudit;
import dev.weft.platform.ConfigView;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * EOS read over its CLI beside NETCONF: {@code show running-config section qos} (the DSCP map,
 * traffic class to tx-queue, the {@code qos profile}s' trust), {@code show running-config section
 * service-profile} (which profile each interface takes) and the hash section of the switch's ASIC
 * family ({@code load-sharing} on Strata, {@code load-balance} on Sand), and where the intent
 * manages DCBX {@code show running-config section dcbx} (each interface's {@code dcbx mode}; an
 * interface without one is off, EOS's default, which the running-config does not print). EOS prints
 * a section as the running-config holds it: the top-level commands that match and their
 * sub-commands ("show running-config section", EOS User Manual, Configuration Management; the text
 * form is chosen over {@code | json} because it is the same text Weft renders in {@code
 * weft-qos.eos.cfg}, so the rendered file reads back through the same parser).
 */
final class EosCli implements CliAudit {

  static final String QOS = "show running-config section qos";
  static final String SERVICE_PROFILES = "show running-config section service-profile";
  static final String STRATA_HASH = "show running-config section load-sharing";
  static final String SAND_HASH = "show running-config section load-balance";

  /** Each interface's dcbx mode line, asked for only where the intent manages DCBX. */
  static final String DCBX = "show running-config section dcbx";

  /** The whole running-config: what the CLI part of a remediation reads and changes. */
  static final String RUNNING = "show running-config";

  /** The rendered fragment that holds what the CLI serves. */
  static final String RENDERED = "weft-qos.eos.cfg";

  private final EosPack pack;

  EosCli(EosPack pack) {
    this.pack = pack;
  }

  @Override
  public String renderedFile() {
    return RENDERED;
  }

  @Override
  public List<String> commands(CompiledSwitch intended) {
    String hash = EosHash.sand(intended) ? SAND_HASH : STRATA_HASH;
    return intended.dcbx() == null
        ? List.of(QOS, SERVICE_PROFILES, hash)
        : List.of(QOS, SERVICE_PROFILES, hash, DCBX);
  }

  @Override
  public CompiledSwitch merge(CompiledSwitch read, Map<String, String> outputs, String what)
      throws ReadException {
    return EosPack.withCli(read, EosCliReader.read(outputs, what));
  }

  @Override
  public LiveProfile profile() {
    return new Both(pack);
  }

  /**
   * A configuration session ({@link EosSessionTransaction}) for the DSCP map, DSCP trust, the hash
   * and each port's DCBX mode, judged by a read of {@code show running-config} over the CLI login.
   */
  @Override
  public Optional<Session> session(CompiledSwitch intended) {
    return Optional.of(
        new Session(new SessionRead(new Both(pack), intended), new EosSessionTransaction()));
  }

  /**
   * The CLI part's read: the running-config's DSCP map, trust and hash merged into the intent as
   * NETCONF carries it ({@link EosPack#expected}), so comparing it with {@link Both}'s expectation
   * finds only what the CLI serves; the NETCONF part of the switch is judged by its own run.
   */
  private record SessionRead(Both both, CompiledSwitch intended) implements LiveProfile {

    @Override
    public String platform() {
      return both.platform();
    }

    @Override
    public LiveTransport transport() {
      return new LiveTransport.SshCommand(RUNNING);
    }

    @Override
    public CompiledSwitch read(String reply, String device, String what) throws ReadException {
      CompiledSwitch read =
          EosPack.withCli(
              both.pack().expected(intended), EosCliReader.read(Map.of(RUNNING, reply), what));
      // DCBX is judged only where the intent manages it, as drift does
      return intended.dcbx() == null ? read.toBuilder().dcbx(null).build() : read;
    }

    @Override
    public CompiledSwitch normalise(CompiledSwitch sw) {
      return both.normalise(sw);
    }

    @Override
    public CompiledSwitch expected(CompiledSwitch sw) {
      return both.expected(sw);
    }

    @Override
    public LivePaths paths() {
      return both.paths();
    }

    @Override
    public Map<Feature, String> notAudited() {
      return both.notAudited();
    }
  }

  /**
   * An EOS switch read over NETCONF and its CLI: only buffers stay {@code not-audited} (EOS serves
   * headroom as state only and sizes it on the platform).
   */
  private record Both(EosPack pack) implements LiveProfile {

    @Override
    public String platform() {
      return pack.platform();
    }

    @Override
    public LiveTransport transport() {
      return pack.transport();
    }

    @Override
    public CompiledSwitch read(String reply, String device, String what) throws ReadException {
      return pack.read(reply, device, what);
    }

    @Override
    public CompiledSwitch normalise(CompiledSwitch intended) {
      return pack.normalise(intended);
    }

    @Override
    public CompiledSwitch expected(CompiledSwitch intended) {
      return pack.expectedWithCli(intended);
    }

    @Override
    public LivePaths paths() {
      return new CliPaths();
    }

    @Override
    public CompiledSwitch withUnserved(CompiledSwitch live, CompiledSwitch intended) {
      return EosPack.buffered(live, pack.normalise(intended));
    }

    @Override
    public Map<Feature, String> notAudited() {
      return Map.of(Feature.BUFFERS, pack.notAudited().get(Feature.BUFFERS));
    }

    @Override
    public Optional<CounterSource> counters() {
      return pack.counters();
    }

    @Override
    public Optional<Remediation> remediation() {
      return pack.remediation();
    }

    @Override
    public Optional<ConfigView> configView() {
      return pack.configView();
    }
  }

  /** Where the CLI keeps what it serves: the command, as {@code show running-config} prints it. */
  private static final class CliPaths extends EosPaths {
    @Override
    public String dscp(int dscp) {
      return "cli: qos map dscp " + dscp + " to traffic-class";
    }

    @Override
    public String pcp(int pcp) {
      return "cli: qos map cos " + pcp + " to traffic-class";
    }

    @Override
    public String priorityQueue(int priority) {
      return "cli: qos map traffic-class " + priority + " to tx-queue";
    }

    @Override
    public String trustDscp(String port) {
      return "cli: interface " + port + " service-profile / qos trust dscp|cos";
    }

    @Override
    public String hash() {
      return "cli: ip load-sharing trident fields | load-balance sand profile default fields";
    }
  }
}
