package dev.weft.cabling;

import dev.weft.compile.CompiledSwitch;
import dev.weft.live.LiveReader;
import dev.weft.platform.DeviceKind;
import dev.weft.platform.Neighbour;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the audit asks a device for its neighbours, by its platform pack's {@link NeighbourReader},
 * and the {@link Observation} made of the answer: an SSH command run beside the counter commands,
 * or a NETCONF {@code <get>} in the same session.
 */
public final class NeighbourReads {

  private final Platforms platforms;

  public NeighbourReads(Platforms platforms) {
    this.platforms = platforms;
  }

  /** The platform of GPU hosts: the pack of kind host (hosts carry no platform field). */
  public String hostPlatform() {
    return platforms.all().stream()
        .filter(p -> p.kind() == DeviceKind.HOST)
        .map(p -> p.id())
        .findFirst()
        .orElse("host");
  }

  private Optional<NeighbourReader> reader(String platform) {
    return platforms.pack(platform).flatMap(p -> p.neighbours());
  }

  /** The SSH commands to run for the neighbours (none, or the one). */
  public List<String> commands(String platform) {
    return reader(platform)
        .map(
            r ->
                r.query() instanceof NeighbourReader.Command c
                    ? List.of(c.command())
                    : List.<String>of())
        .orElse(List.of());
  }

  /** {@code commands} plus the neighbour command of the switch's platform. */
  public List<String> plus(List<String> commands, CompiledSwitch sw) {
    List<String> more = commands(sw.platform());
    return more.isEmpty()
        ? commands
        : java.util.stream.Stream.concat(commands.stream(), more.stream()).toList();
  }

  /** The NETCONF state read of the neighbours, or null. */
  public LiveReader.StateGet state(CompiledSwitch sw) {
    return reader(sw.platform())
        .map(
            r ->
                r.query() instanceof NeighbourReader.StateGet g
                    ? new LiveReader.StateGet(g.path(), g.filter())
                    : null)
        .orElse(null);
  }

  /** The observation of a device that was read, from its outputs. */
  public Observation observe(
      String platform, String device, Map<String, String> outputs, Map<String, String> unread) {
    Optional<NeighbourReader> reader = reader(platform);
    if (reader.isEmpty()) {
      return Observation.notServed(
          device, "Weft reads no neighbours from platform " + platform + " yet");
    }
    NeighbourReader.Query query = reader.get().query();
    String key =
        query instanceof NeighbourReader.Command c
            ? c.command()
            : ((NeighbourReader.StateGet) query).path();
    String reply = outputs.get(key);
    if (reply == null) {
      String why = unread.get(key);
      return Observation.notServed(
          device,
          why != null ? "`" + key + "`: " + why : "the device does not answer `" + key + "`");
    }
    try {
      List<Neighbour> neighbours = reader.get().read(reply, device);
      return Observation.read(device, neighbours);
    } catch (ReadException e) {
      return Observation.notServed(device, "unreadable answer: " + e.getMessage());
    } catch (NeighbourReader.NotServed e) {
      return Observation.notServed(device, e.getMessage());
    }
  }
}
