package dev.weft.health;

import java.util.List;
import java.util.Map;

/**
 * The counter commands of each platform that serves them over its live transport, and how their output
 * becomes {@link Counters}. Today: SONiC over SSH ({@code show pfc counters}, {@code show queue counters},
 * {@code show pfcwd stats}). Other platforms have no counter read yet; their health is {@code not-read}.
 */
public final class CounterReaders {

    public static final String SONIC_PFC = "show pfc counters";
    public static final String SONIC_QUEUE = "show queue counters";
    public static final String SONIC_PFCWD = "show pfcwd stats";

    private CounterReaders() {}

    /** The commands to run on a device of this platform (empty: the platform serves no counters to Weft). */
    public static List<String> commands(String platform) {
        return "sonic".equals(platform) ? List.of(SONIC_PFC, SONIC_QUEUE, SONIC_PFCWD) : List.of();
    }

    /** The counters in the commands' outputs (command → stdout); what a device did not answer is absent. */
    public static Counters parse(String platform, Map<String, String> outputs) {
        if (!"sonic".equals(platform)) {
            return Counters.NONE;
        }
        return SonicCounters.parse(outputs.get(SONIC_PFC), outputs.get(SONIC_QUEUE), outputs.get(SONIC_PFCWD));
    }
}
