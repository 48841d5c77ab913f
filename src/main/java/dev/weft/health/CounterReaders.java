package dev.weft.health;

import dev.weft.compile.CompiledSwitch;
import dev.weft.live.LiveReader;
import dev.weft.model.Host;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.CounterSource;
import dev.weft.platform.Counters;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.platform.TextTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The counters of a device, read through what its platform pack serves ({@link
 * LiveProfile#counters()}: SONiC's and Cumulus's show commands over SSH, OpenConfig's {@code <get>}
 * of the queues' state over NETCONF), and of GPU hosts over SSH ({@code ethtool -S}, {@code rdma
 * statistic}). A platform whose pack serves none has no counter read; its health is {@code
 * not-read}.
 */
public final class CounterReaders {

  /**
   * Longest output parsed (the transport's reply limit bounds what is read at all): a 512-port
   * switch prints a few hundred kB.
   */
  static final int MAX_CHARS = TextTables.MAX_CHARS;

  /** The packs asked for counter sources: the built-in ones, as the renderer's. */
  private static final Platforms PACKS = Platforms.builtIn();

  /** What the answers gave: the counters read, and the answers that could not be used. */
  public record Read(Counters counters, List<CounterProblem> problems) {
    public Read {
      problems = List.copyOf(problems);
    }
  }

  private CounterReaders() {}

  /** Whether Weft reads counters from this platform at all. */
  public static boolean serves(String platform) {
    return source(platform).isPresent();
  }

  /**
   * The {@code <get>} of operational state a NETCONF switch's counters come from, or null (none, or
   * not NETCONF).
   */
  public static LiveReader.StateGet state(CompiledSwitch sw) {
    return source(sw.platform())
        .flatMap(c -> c.state(sw))
        .map(g -> new LiveReader.StateGet(g.name(), g.filter()))
        .orElse(null);
  }

  /** The commands to run on this switch (empty: its platform serves no counters to Weft). */
  public static List<String> commands(CompiledSwitch sw) {
    return source(sw.platform()).map(c -> c.commands(sw)).orElse(List.of());
  }

  /**
   * The counters in the commands' outputs.
   *
   * @param outputs command → standard output; what a device did not answer is absent
   * @param unread command → why its output could not be taken (too large, timed out): each is a
   *     problem
   */
  public static Read parse(
      CompiledSwitch sw, Map<String, String> outputs, Map<String, String> unread) {
    List<CounterProblem> problems = new ArrayList<>();
    Map<String, String> usable = usable(outputs, unread, problems);
    Counters counters =
        source(sw.platform()).map(c -> c.parse(sw, usable, problems)).orElse(Counters.NONE);
    return new Read(counters, problems);
  }

  private static Optional<CounterSource> source(String platform) {
    return PACKS.live(platform).flatMap(LiveProfile::counters);
  }

  /**
   * The commands to run on a GPU host over SSH, per RDMA NIC of the intent: {@code ethtool -S
   * <nic>} and, when the NIC names its {@code rdma-device}, {@code rdma statistic show link
   * <rdma-device>/1}.
   */
  public static List<String> commands(Host host) {
    return HostCounters.commands(nics(host));
  }

  /**
   * A host's counters, keyed by NIC (netdev) name; as {@link #parse(CompiledSwitch, Map, Map)}
   * otherwise.
   */
  public static Read parse(Host host, Map<String, String> outputs, Map<String, String> unread) {
    List<CounterProblem> problems = new ArrayList<>();
    Map<String, String> usable = usable(outputs, unread, problems);
    return new Read(HostCounters.parse(nics(host), usable, problems), problems);
  }

  /** The outputs small enough to parse; the others, and those not taken at all, are problems. */
  private static Map<String, String> usable(
      Map<String, String> outputs, Map<String, String> unread, List<CounterProblem> problems) {
    unread.forEach((command, why) -> problems.add(new CounterProblem(null, command, why)));
    Map<String, String> usable = new TreeMap<>();
    outputs.forEach(
        (command, text) -> {
          if (text.length() > MAX_CHARS) {
            problems.add(
                new CounterProblem(
                    null,
                    command,
                    "the answer has "
                        + text.length()
                        + " characters, more than the "
                        + MAX_CHARS
                        + " Weft parses; not read"));
          } else {
            usable.put(command, text);
          }
        });
    return usable;
  }

  private static List<HostCounters.Nic> nics(Host host) {
    return host.nics().stream().map(n -> new HostCounters.Nic(n.name(), n.rdmaDevice())).toList();
  }
}
