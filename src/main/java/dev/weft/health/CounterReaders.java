package dev.weft.health;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.live.LiveReader;
import dev.weft.model.Host;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counter commands of each platform that serves them over its live transport, and how their output
 * becomes {@link Counters}. SONiC over SSH ({@code show pfc counters}, {@code show queue counters},
 * {@code show pfcwd stats}); Cumulus Linux over SSH (NVUE's per-interface {@code counters qos pfc-stats},
 * {@code counters qos egress-queue-stats} and {@code qos pfc-watchdog status}, as JSON); OpenConfig over
 * NETCONF ({@code <get>} of the output queues' state); GPU hosts over SSH ({@code ethtool -S},
 * {@code rdma statistic}). Other platforms have no counter read yet; their health is {@code not-read}.
 */
public final class CounterReaders {

    public static final String SONIC_PFC = "show pfc counters";
    public static final String SONIC_QUEUE = "show queue counters";
    public static final String SONIC_PFCWD = "show pfcwd stats";

    /** Longest output parsed (the transport's reply limit bounds what is read at all): a 512-port switch prints a few hundred kB. */
    static final int MAX_CHARS = TextTables.MAX_CHARS;

    /**
     * An answer that could not be used: the device and command it came from are named in the finding.
     *
     * @param port    the interface the command asked about, or null (a switch-wide command)
     * @param command the command as sent
     * @param message what was expected and what was found
     */
    public record Problem(String port, String command, String message) {}

    /** What the answers gave: the counters read, and the answers that could not be used. */
    public record Read(Counters counters, List<Problem> problems) {
        public Read {
            problems = List.copyOf(problems);
        }
    }

    private CounterReaders() {}

    /** Whether Weft reads counters from this platform at all. */
    public static boolean serves(String platform) {
        return "sonic".equals(platform) || "cumulus".equals(platform) || "openconfig".equals(platform);
    }

    /** The {@code <get>} of operational state a NETCONF switch's counters come from, or null (none, or not NETCONF). */
    public static LiveReader.StateGet state(CompiledSwitch sw) {
        return "openconfig".equals(sw.platform())
                ? new LiveReader.StateGet("<get> " + OpenConfigCounters.PATH, OpenConfigCounters.FILTER) : null;
    }

    /** The commands to run on this switch (empty: its platform serves no counters to Weft). */
    public static List<String> commands(CompiledSwitch sw) {
        return switch (String.valueOf(sw.platform())) {
            case "sonic" -> List.of(SONIC_PFC, SONIC_QUEUE, SONIC_PFCWD);
            case "cumulus" -> CumulusCounters.commands(ports(sw));
            default -> List.of();
        };
    }

    /**
     * The counters in the commands' outputs.
     *
     * @param outputs command → standard output; what a device did not answer is absent
     * @param unread  command → why its output could not be taken (too large, timed out): each is a problem
     */
    public static Read parse(CompiledSwitch sw, Map<String, String> outputs, Map<String, String> unread) {
        List<Problem> problems = new ArrayList<>();
        Map<String, String> usable = usable(outputs, unread, problems);
        Counters counters = switch (String.valueOf(sw.platform())) {
            case "sonic" -> SonicCounters.parse(usable.get(SONIC_PFC), usable.get(SONIC_QUEUE), usable.get(SONIC_PFCWD));
            case "cumulus" -> CumulusCounters.parse(ports(sw), usable, problems);
            case "openconfig" -> {
                String get = "<get> " + OpenConfigCounters.PATH;
                yield usable.containsKey(get) ? OpenConfigCounters.parse(usable.get(get), get, problems) : Counters.NONE;
            }
            default -> Counters.NONE;
        };
        return new Read(counters, problems);
    }

    /**
     * The commands to run on a GPU host over SSH, per RDMA NIC of the intent: {@code ethtool -S <nic>} and, when
     * the NIC names its {@code rdma-device}, {@code rdma statistic show link <rdma-device>/1}.
     */
    public static List<String> commands(Host host) {
        return HostCounters.commands(nics(host));
    }

    /** A host's counters, keyed by NIC (netdev) name; as {@link #parse(CompiledSwitch, Map, Map)} otherwise. */
    public static Read parse(Host host, Map<String, String> outputs, Map<String, String> unread) {
        List<Problem> problems = new ArrayList<>();
        Map<String, String> usable = usable(outputs, unread, problems);
        return new Read(HostCounters.parse(nics(host), usable, problems), problems);
    }

    /** The outputs small enough to parse; the others, and those not taken at all, are problems. */
    private static Map<String, String> usable(Map<String, String> outputs, Map<String, String> unread,
            List<Problem> problems) {
        unread.forEach((command, why) -> problems.add(new Problem(null, command, why)));
        Map<String, String> usable = new TreeMap<>();
        outputs.forEach((command, text) -> {
            if (text.length() > MAX_CHARS) {
                problems.add(new Problem(null, command, "the answer has " + text.length()
                        + " characters, more than the " + MAX_CHARS + " Weft parses; not read"));
            } else {
                usable.put(command, text);
            }
        });
        return usable;
    }

    private static List<HostCounters.Nic> nics(Host host) {
        return host.nics().stream().map(n -> new HostCounters.Nic(n.name(), n.rdmaDevice())).toList();
    }

    private static List<String> ports(CompiledSwitch sw) {
        return sw.ports().stream().map(CompiledPort::name).toList();
    }
}
