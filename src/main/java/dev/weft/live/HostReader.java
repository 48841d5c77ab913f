package dev.weft.live;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Location;
import dev.weft.netconf.CommandSession;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfException;
import dev.weft.netconf.Timeouts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads GPU hosts' NIC counters over SSH for {@code weft audit}: one session per host (host key
 * checked, the same login and failure reasons as a switch), the counter commands run in it, each
 * output kept. A host that cannot be reached is {@code unreachable} with a {@code
 * device-unreachable} finding; the others complete.
 */
public final class HostReader {

  /**
   * One host to read.
   *
   * @param name the host's name in the intent
   * @param commands the counter commands to run
   * @param endpoint where it listens, or null when {@code problem} says why not
   * @param credentials how to log in, or null when {@code problem} says why not
   * @param owner the intent line of its management block, where findings about reaching it point
   * @param problem why it cannot even be tried (an unknown credential), or null
   */
  public record Target(
      String name,
      List<String> commands,
      DeviceEndpoint endpoint,
      Credentials credentials,
      Location owner,
      String problem) {
    public Target {
      commands = List.copyOf(commands);
      if (problem == null && (endpoint == null || credentials == null)) {
        throw new IllegalArgumentException(
            "a host target needs an endpoint and credentials, or a problem");
      }
    }
  }

  private final LiveSettings settings;

  public HostReader(LiveSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /**
   * One reading per host, sorted by name: {@link Reading#outputs()} and {@link Reading#unread()}
   * hold the counters.
   */
  public List<Reading> read(List<Target> targets) throws InterruptedException {
    List<Target> sorted = new ArrayList<>(targets);
    sorted.sort(Comparator.comparing(Target::name));
    try (NetconfClient client = new NetconfClient(settings.client(), settings.env())) {
      return DevicePool.run(
          sorted,
          settings.parallel(),
          "weft-host",
          t -> read(client, t),
          (t, e) ->
              LiveReader.error(
                  t.name(),
                  t.owner(),
                  "internal",
                  DevicePool.describe(t.name(), e, settings.crashes().record(t.name(), e))),
          r -> {});
    }
  }

  private Reading read(NetconfClient client, Target t) throws InterruptedException {
    if (t.problem() != null) {
      return LiveReader.error(t.name(), t.owner(), "not-configured", t.problem());
    }
    CommandSession session;
    try {
      session =
          client.openCommands(
              t.endpoint(), t.credentials(), settings.hostKeys(), Timeouts.all(settings.timeout()));
    } catch (NetconfException e) {
      return LiveReader.unreachable(t.name(), t.owner(), e.reason().label(), e.getMessage());
    }
    try (session) {
      settings.hook().connected(t.name());
      Map<String, String> outputs = new TreeMap<>();
      Map<String, String> unread = new TreeMap<>();
      LiveReader.runCounters(session, t.name(), t.commands(), outputs, unread);
      return new Reading(
          t.name(), DeviceStatus.ok(t.name()), List.of(), null, null, null, outputs, unread);
    }
  }
}
