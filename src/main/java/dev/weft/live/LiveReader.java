package dev.weft.live;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.log.Log;
import dev.weft.netconf.CommandFailedException;
import dev.weft.netconf.CommandSession;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfException;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.Reply;
import dev.weft.netconf.Timeouts;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.w3c.dom.Element;

/**
 * Reads many devices' running config, at most {@code parallel} at a time in {@link DevicePool},
 * each through its platform pack's live profile. Every device gets exactly one {@link Reading},
 * whatever happens to the others: one that cannot be reached is {@code unreachable} with a {@code
 * device-unreachable} finding naming the reason (refused, timeout, auth, host-key, ...); one that
 * answered but not usably (session lost mid-read, a reply too large or malformed, a DTD, no live
 * profile for its platform, a reader that failed) is {@code error} with a {@code device-error}
 * finding; one whose reply breaks its platform's model (a list entry without its key, a number out
 * of range, an unknown enumeration) is {@code error} with a {@code reply-invalid} finding naming
 * the path. Secrets never reach a message: the NETCONF layer names where a password comes from, not
 * what it is.
 */
public final class LiveReader {

  /** A device that could not be reached. */
  public static final String UNREACHABLE = "device-unreachable";

  /** A device that answered, but whose config could not be used. */
  public static final String DEVICE_ERROR = "device-error";

  /** A device whose reply breaks its platform's model; the finding names the path. */
  public static final String REPLY_INVALID = "reply-invalid";

  /** What to read. */
  public enum Mode {
    /**
     * The part of the config the platform's live profile compares, parsed into a compiled switch.
     */
    DRIFT,
    /** The whole running config as the device sends it, unparsed (backup). */
    WHOLE_CONFIG,
    /**
     * The nightly audit: the drift read, then in the same session the {@link Audit} extras: the
     * whole config (NETCONF: a second get-config; a command's output already is the whole config)
     * and the counter commands.
     */
    AUDIT
  }

  /**
   * What an {@link Mode#AUDIT} read takes besides the drift read.
   *
   * @param wholeConfig read the whole config for a backup
   * @param commands the counter commands to run on a device read by SSH command (none: no health
   *     read)
   * @param state the operational state to {@code <get>} from a NETCONF device for its counters, or
   *     null
   */
  public record Audit(
      boolean wholeConfig,
      java.util.function.Function<CompiledSwitch, List<String>> commands,
      java.util.function.Function<CompiledSwitch, StateGet> state,
      java.util.function.Function<CompiledSwitch, StateGet> neighbours) {
    public static final Audit NONE = new Audit(false, sw -> List.of());

    /** Without a NETCONF neighbour read. */
    public Audit(
        boolean wholeConfig,
        java.util.function.Function<CompiledSwitch, List<String>> commands,
        java.util.function.Function<CompiledSwitch, StateGet> state) {
      this(wholeConfig, commands, state, sw -> null);
    }

    /** Without a NETCONF state read. */
    public Audit(
        boolean wholeConfig, java.util.function.Function<CompiledSwitch, List<String>> commands) {
      this(wholeConfig, commands, sw -> null);
    }
  }

  /**
   * A {@code <get>} of operational state in the audit's NETCONF session.
   *
   * @param name what the reading's {@link Reading#outputs()} keys the reply by (names the path
   *     asked for)
   * @param filter the subtree filter
   */
  public record StateGet(String name, String filter) {}

  private static final Log LOG = Log.of(LiveReader.class);

  private final LiveSettings settings;
  private final Platforms platforms;

  public LiveReader(LiveSettings settings, Platforms platforms) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.platforms = Objects.requireNonNull(platforms, "platforms");
  }

  /** One reading per target, sorted by device name. */
  public List<Reading> read(List<LiveTarget> targets, Mode mode) throws InterruptedException {
    return read(targets, mode, Audit.NONE);
  }

  /** One reading per target, sorted by device name; {@code audit} says what an audit read adds. */
  public List<Reading> read(List<LiveTarget> targets, Mode mode, Audit audit)
      throws InterruptedException {
    List<LiveTarget> sorted = new ArrayList<>(targets);
    sorted.sort(Comparator.comparing(LiveTarget::name));
    AtomicInteger done = new AtomicInteger();
    try (NetconfClient client = new NetconfClient(settings.client(), settings.env())) {
      return DevicePool.run(
          sorted,
          settings.parallel(),
          "weft-read",
          t -> timed(client, t, mode, audit),
          (t, e) -> internal(t, e, settings.crashes()),
          r ->
              settings
                  .progress()
                  .accept(done.incrementAndGet() + "/" + sorted.size() + " devices"));
    }
  }

  private Reading timed(NetconfClient client, LiveTarget t, Mode mode, Audit audit)
      throws InterruptedException {
    long start = System.nanoTime();
    Reading r = read(client, t, mode, audit);
    LOG.info(
        "%s: %s in %d ms%s",
        t.name(),
        r.status().status().label(),
        (System.nanoTime() - start) / 1_000_000,
        r.status().reason() == null ? "" : " (" + r.status().reason() + ")");
    return r;
  }

  private Reading read(NetconfClient client, LiveTarget t, Mode mode, Audit audit)
      throws InterruptedException {
    String name = t.name();
    if (t.problem() != null) {
      return error(t, "not-configured", t.problem());
    }
    LiveProfile profile = platforms.live(t.intended().platform()).orElse(null);
    if (mode != Mode.WHOLE_CONFIG && profile == null) {
      return error(
          t, "no-live-profile", name + ": " + platforms.missingLive(t.intended().platform()));
    }
    LiveTransport transport =
        profile == null ? new LiveTransport.NetconfGetConfig("") : profile.transport();
    if (transport instanceof LiveTransport.SshCommand command) {
      return readByCommand(client, t, mode, profile, command.command(), audit);
    }
    LiveTransport.NetconfGetConfig netconf = (LiveTransport.NetconfGetConfig) transport;
    NetconfSession session;
    try {
      session =
          client.connect(
              t.endpoint(), t.credentials(), settings.hostKeys(), Timeouts.all(settings.timeout()));
    } catch (NetconfException e) {
      if (e.reason() == NetconfException.Reason.REPLY_TOO_LARGE) {
        return error(t, e.reason().label(), e.getMessage()); // it answered, but not usably
      }
      // refused, timeout, host-key, auth, netconf-error, protocol (not SSH, not NETCONF): it cannot
      // be read
      return unreachable(t, e.reason().label(), e.getMessage());
    }
    try (session) {
      settings.hook().connected(name);
      Reply reply = session.getConfig(mode == Mode.WHOLE_CONFIG ? null : netconf.subtreeFilter());
      String text = reply.text();
      CompiledSwitch live =
          mode != Mode.WHOLE_CONFIG
              ? profile.read(text, name, t.endpoint().label() + " get-config")
              : null;
      if (live != null && t.cli() != null && profile.cliAudit().isPresent()) {
        CliRead cli = readCli(client, t, profile.cliAudit().get(), live);
        if (cli.failed() != null) {
          return cli.failed();
        }
        live = cli.live();
      }
      // Only a backup keeps a DOM tree: drift and audit compare `live`, and a tree per device held
      // until every
      // device is read grew the live heap by ~90 KB per audited device (scripts/bench-drift
      // --sustained).
      Element data = mode == Mode.WHOLE_CONFIG ? reply.data() : null;
      if (mode == Mode.AUDIT && audit.wholeConfig()) {
        data = session.getConfig(null).data(); // the backup, in the same session
      }
      Map<String, String> outputs = new TreeMap<>();
      Map<String, String> unread = new TreeMap<>();
      StateGet state = mode == Mode.AUDIT ? audit.state().apply(t.intended()) : null;
      StateGet neighbours = mode == Mode.AUDIT ? audit.neighbours().apply(t.intended()) : null;
      if (neighbours
          != null) { // the LLDP state model, in the same session; an rpc-error: not served
        getState(session, name, neighbours, outputs, unread);
      }
      if (state != null) {
        try {
          outputs.put(state.name(), session.get(state.filter()).text());
        } catch (NetconfException e) {
          if (e.reason() == NetconfException.Reason.NETCONF_ERROR) {
            // the server holds no such state (rpc-error): not served, which health says
            LOG.info("%s: %s gave no counters: %s", name, state.name(), e.getMessage());
          } else {
            unread.put(state.name(), e.getMessage() + " (reason: " + e.reason().label() + ")");
          }
        }
      }
      return new Reading(
          name, DeviceStatus.ok(name), List.of(), kept(mode, text), data, live, outputs, unread);
    } catch (NetconfException e) {
      return error(t, e.reason().label(), e.getMessage());
    } catch (ReadException e) {
      return replyInvalid(t, e);
    }
  }

  private static void getState(
      NetconfSession session,
      String name,
      StateGet get,
      Map<String, String> outputs,
      Map<String, String> unread)
      throws NetconfException {
    try {
      outputs.put(get.name(), session.get(get.filter()).text());
    } catch (NetconfException e) {
      if (e.reason() != NetconfException.Reason.NETCONF_ERROR) {
        unread.put(get.name(), e.getMessage() + " (reason: " + e.reason().label() + ")");
      } else {
        LOG.info("%s: %s is not served: %s", name, get.name(), e.getMessage());
      }
    }
  }

  /** The NETCONF read with the CLI's part merged in, or the reading of a CLI that failed. */
  private record CliRead(CompiledSwitch live, Reading failed) {}

  /**
   * What the platform serves only over its CLI, in a second SSH session to the switch's CLI login:
   * the same host-key check and timeouts as every login. A CLI that cannot be reached leaves the
   * device unreachable (its CLI half cannot be judged), one whose output does not parse is an
   * error.
   */
  private CliRead readCli(
      NetconfClient client, LiveTarget t, dev.weft.platform.CliAudit audit, CompiledSwitch live)
      throws InterruptedException, ReadException {
    LiveTarget.Login login = t.cli();
    CommandSession session;
    try {
      session =
          client.openCommands(
              login.endpoint(),
              login.credentials(),
              settings.hostKeys(),
              Timeouts.all(settings.timeout()));
    } catch (NetconfException e) {
      return new CliRead(
          null,
          unreachable(
              t, e.reason().label(), "CLI " + login.endpoint().label() + ": " + e.getMessage()));
    }
    try (session) {
      Map<String, String> outputs = new TreeMap<>();
      for (String command : audit.commands(t.intended())) {
        outputs.put(command, session.run(command));
      }
      return new CliRead(audit.merge(live, outputs, login.endpoint().label() + " CLI"), null);
    } catch (NetconfException e) {
      return new CliRead(
          null,
          error(t, e.reason().label(), "CLI " + login.endpoint().label() + ": " + e.getMessage()));
    }
  }

  /**
   * A platform whose running config is a command's output (SONiC, Cumulus NVUE): one SSH session,
   * the same login and failure reasons as NETCONF, the command's standard output as the config
   * text. A backup keeps the same text (the command prints the whole running config).
   */
  private Reading readByCommand(
      NetconfClient client,
      LiveTarget t,
      Mode mode,
      LiveProfile profile,
      String command,
      Audit audit)
      throws InterruptedException {
    String name = t.name();
    CommandSession session;
    try {
      session =
          client.openCommands(
              t.endpoint(), t.credentials(), settings.hostKeys(), Timeouts.all(settings.timeout()));
    } catch (NetconfException e) {
      return unreachable(t, e.reason().label(), e.getMessage());
    }
    try (session) {
      settings.hook().connected(name);
      String text = session.run(command);
      CompiledSwitch live =
          mode != Mode.WHOLE_CONFIG
              ? profile.read(text, name, t.endpoint().label() + " `" + command + "`")
              : null;
      Map<String, String> outputs = new TreeMap<>();
      Map<String, String> unread = new TreeMap<>();
      if (mode == Mode.AUDIT) {
        runCounters(session, name, audit.commands().apply(t.intended()), outputs, unread);
      }
      return new Reading(
          name, DeviceStatus.ok(name), List.of(), kept(mode, text), null, live, outputs, unread);
    } catch (NetconfException e) {
      return error(t, e.reason().label(), e.getMessage());
    } catch (ReadException e) {
      return error(t, "unreadable-config", e.getMessage());
    }
  }

  /**
   * The reply text a reading keeps: a drift read is done with it once {@code live} is made of it;
   * an audit's config diff and a backup still need it.
   */
  private static String kept(Mode mode, String text) {
    return mode == Mode.DRIFT ? null : text;
  }

  /**
   * The reading of a device whose reply breaks its platform's model (a list entry without its key,
   * a number out of range, an unknown enumeration): {@code error} with a {@code reply-invalid}
   * finding naming the path.
   */
  public static Reading replyInvalid(LiveTarget t, ReadException e) {
    Finding f =
        Finding.of(REPLY_INVALID, Severity.ERROR, e.getMessage())
            .at(t.owner())
            .onDevice(t.name())
            .withPath(e.path());
    return new Reading(
        t.name(),
        new DeviceStatus(t.name(), DeviceStatus.Status.ERROR, REPLY_INVALID),
        List.of(f),
        null,
        null,
        null);
  }

  /**
   * The reading of a device whose processing threw: {@code error}, reason {@code internal}, the
   * trace kept.
   */
  public static Reading internal(LiveTarget t, Throwable e, LiveSettings.CrashRecorder crashes) {
    return error(t, "internal", DevicePool.describe(t.name(), e, crashes.record(t.name(), e)));
  }

  /**
   * The reading of a device that could not be reached, with its {@code device-unreachable} finding.
   */
  public static Reading unreachable(LiveTarget t, String reason, String message) {
    return unreachable(t.name(), t.owner(), reason, message);
  }

  /**
   * The same for a device that is not a switch target (a GPU host): {@code owner} is its management
   * line.
   */
  static Reading unreachable(String device, Location owner, String reason, String message) {
    Finding f =
        Finding.of(UNREACHABLE, Severity.ERROR, message + " (reason: " + reason + ")")
            .at(owner)
            .onDevice(device)
            .withValues("reachable", reason);
    return new Reading(
        device,
        new DeviceStatus(device, DeviceStatus.Status.UNREACHABLE, reason),
        List.of(f),
        null,
        null,
        null);
  }

  /**
   * The reading of a device that answered but could not be used, with its {@code device-error}
   * finding.
   */
  public static Reading error(LiveTarget t, String reason, String message) {
    return error(t.name(), t.owner(), reason, message);
  }

  /** The same for a device that is not a switch target (a GPU host). */
  static Reading error(String device, Location owner, String reason, String message) {
    Finding f =
        Finding.of(DEVICE_ERROR, Severity.ERROR, message + " (reason: " + reason + ")")
            .at(owner)
            .onDevice(device);
    return new Reading(
        device,
        new DeviceStatus(device, DeviceStatus.Status.ERROR, reason),
        List.of(f),
        null,
        null,
        null);
  }

  /**
   * Runs an audit's counter commands in an open session, each output into {@code outputs}; a
   * command the device lacks is left out (its counters are not served, which health says), one that
   * failed on the way goes to {@code unread} with the reason.
   */
  static void runCounters(
      CommandSession session,
      String device,
      List<String> commands,
      Map<String, String> outputs,
      Map<String, String> unread)
      throws InterruptedException {
    for (String command : commands) {
      try {
        outputs.put(command, session.run(command));
      } catch (CommandFailedException e) {
        LOG.info("%s: `%s` gave no counters: %s", device, command, e.getMessage());
      } catch (NetconfException e) {
        unread.put(command, e.getMessage() + " (reason: " + e.reason().label() + ")");
      }
    }
  }
}
