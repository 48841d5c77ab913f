package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Location;
import dev.weft.health.CounterReaders;
import dev.weft.live.HostReader;
import dev.weft.live.LiveTarget;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Management;
import dev.weft.model.Switch;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.CredentialsFile;
import dev.weft.netconf.CredentialsFileException;
import dev.weft.netconf.DeviceEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The switches a device command reads: from the intent's {@code switches[].management}, narrowed by
 * {@code --device}.
 */
final class DeviceTargets {

  private DeviceTargets() {}

  /**
   * The GPU hosts {@code weft audit} reads NIC counters from: those with {@code
   * hosts[].management}, narrowed by {@code --device} when it names any host.
   */
  static List<HostReader.Target> hosts(FabricModel model, List<String> only, Path credentialsFile) {
    List<Host> managed =
        model.hosts().stream()
            .filter(h -> h.management() != null)
            .filter(h -> only.isEmpty() || only.contains(h.name()))
            .toList();
    if (managed.isEmpty()) {
      return List.of();
    }
    if (credentialsFile == null) {
      throw new UsageException(
          "--credentials FILE is required: the hosts name credentials in management");
    }
    CredentialsFile creds;
    try {
      creds = CredentialsFile.load(credentialsFile);
    } catch (CredentialsFileException e) {
      throw new UsageException("--credentials: " + e.getMessage());
    }
    List<HostReader.Target> out = new ArrayList<>();
    for (Host h : managed) {
      Management m = h.management();
      Location owner = m.at() == null ? null : m.at().self();
      List<String> commands = CounterReaders.commands(h);
      DeviceEndpoint endpoint = new DeviceEndpoint(h.name(), m.host(), m.port());
      Optional<Credentials> c =
          m.credentials() == null ? Optional.empty() : creds.get(m.credentials());
      if (c.isEmpty()) {
        out.add(
            new HostReader.Target(
                h.name(),
                commands,
                endpoint,
                null,
                owner,
                h.name()
                    + ": "
                    + (m.credentials() == null
                        ? "the intent names no credentials for it (hosts[].management.credentials)"
                        : "credential '" + m.credentials() + "' is not in " + credentialsFile)));
      } else {
        out.add(new HostReader.Target(h.name(), commands, endpoint, c.get(), owner, null));
      }
    }
    return out;
  }

  /** The names {@code --device} gives that are the inventory's hosts, not its switches. */
  static List<String> hostNames(FabricModel model, List<String> only) {
    return only.stream()
        .filter(n -> model.hosts().stream().anyMatch(h -> h.name().equals(n)))
        .toList();
  }

  /**
   * The switches {@code --device} names (all when it names none); a name that is no switch is a
   * usage error listing the switches.
   */
  static List<CompiledSwitch> switches(List<CompiledSwitch> switches, List<String> only) {
    known(switches, only);
    return switches.stream().filter(s -> only.isEmpty() || only.contains(s.name())).toList();
  }

  private static void known(List<CompiledSwitch> switches, List<String> only) {
    TreeSet<String> known = new TreeSet<>();
    switches.forEach(s -> known.add(s.name()));
    for (String name : only) {
      if (!known.contains(name)) {
        String hint = dev.weft.finding.DidYouMean.suggest(name, known);
        throw new UsageException(
            "--device "
                + name
                + ": no such switch in the inventory"
                + (hint == null ? "" : "; did you mean " + hint + "?")
                + " (switches: "
                + String.join(", ", known)
                + ")");
      }
    }
  }

  static List<LiveTarget> select(
      FabricModel model, List<CompiledSwitch> switches, List<String> only, Path credentialsFile) {
    known(switches, only);
    boolean needed = switches.stream().anyMatch(s -> only.isEmpty() || only.contains(s.name()));
    if (credentialsFile == null && needed) {
      // as weft backup: without the file no device can be logged in to
      throw new UsageException(
          "--credentials FILE is required: the switches name credentials in management");
    }
    CredentialsFile creds = null;
    if (credentialsFile != null) {
      try {
        creds = CredentialsFile.load(credentialsFile);
      } catch (CredentialsFileException e) {
        throw new UsageException("--credentials: " + e.getMessage());
      }
    }
    List<LiveTarget> out = new ArrayList<>();
    for (CompiledSwitch sw : switches) {
      if (!only.isEmpty() && !only.contains(sw.name())) {
        continue;
      }
      Management m = model.switchNamed(sw.name()).map(Switch::management).orElse(null);
      if (m == null) {
        out.add(
            new LiveTarget(
                sw,
                null,
                null,
                sw.name()
                    + ": the intent has no management address for it"
                    + " (switches[].management: host, port, credentials)"));
        continue;
      }
      DeviceEndpoint endpoint = new DeviceEndpoint(sw.name(), m.host(), m.port());
      if (m.credentials() == null) {
        out.add(
            new LiveTarget(
                sw,
                endpoint,
                null,
                sw.name()
                    + ": the intent names no credentials for it"
                    + " (switches[].management.credentials)"));
        continue;
      }
      if (creds == null) {
        out.add(
            new LiveTarget(
                sw,
                endpoint,
                null,
                sw.name()
                    + ": needs credential '"
                    + m.credentials()
                    + "' but no --credentials file was given"));
        continue;
      }
      Optional<Credentials> c = creds.get(m.credentials());
      if (c.isEmpty()) {
        out.add(
            new LiveTarget(
                sw,
                endpoint,
                null,
                sw.name() + ": credential '" + m.credentials() + "' is not in " + credentialsFile));
        continue;
      }
      Management cli = m.cli();
      if (cli == null) {
        out.add(new LiveTarget(sw, endpoint, c.get(), null));
        continue;
      }
      Optional<Credentials> cc =
          cli.credentials() == null ? Optional.empty() : creds.get(cli.credentials());
      if (cc.isEmpty()) {
        out.add(
            new LiveTarget(
                sw,
                endpoint,
                null,
                sw.name()
                    + ": "
                    + (cli.credentials() == null
                        ? "the intent names no credentials for its CLI"
                            + " (switches[].management.cli.credentials)"
                        : "CLI credential '"
                            + cli.credentials()
                            + "' is not in "
                            + credentialsFile)));
        continue;
      }
      out.add(
          new LiveTarget(
              sw,
              endpoint,
              c.get(),
              null,
              new LiveTarget.Login(
                  new DeviceEndpoint(sw.name(), cli.host(), cli.port()), cc.get())));
    }
    return out;
  }
}
