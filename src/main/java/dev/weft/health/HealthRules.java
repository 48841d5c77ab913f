package dev.weft.health;

import java.util.List;

/**
 * The ids health findings carry, with what {@code weft explain} prints for them. Like drift ids they judge a
 * device against the intent, not the intent itself, so they are described here rather than under policies/.
 */
public final class HealthRules {

    public static final String PFC_STORM = "health-pfc-storm";
    public static final String LOSSLESS_DROPS = "health-lossless-drops";
    public static final String PAUSE_RATE = "health-pause-rate";
    public static final String NO_CNP = "health-no-cnp";

    /** What one id means; {@code warning} false means error. */
    public record Description(String id, String title, boolean warning, String rationale, String remediation,
            List<String> sources) {}

    public static final List<Description> ALL = List.of(
            new Description(PFC_STORM, "The PFC watchdog detected a pause storm on a lossless queue", false,
                    "A storm means a peer kept a lossless queue paused past the watchdog's detection time: a NIC"
                            + " whose receive pipeline stalled (Microsoft, SIGCOMM'16 §4.3) or a PFC deadlock. The"
                            + " watchdog dropped or forwarded that queue's traffic to break it; RoCE on that port"
                            + " stalled meanwhile. The finding names the port, the queue (priority) and the"
                            + " storms counted since the previous audit.",
                    "Find the paused neighbour (the port's peer in the intent's links): a host NIC pausing"
                            + " continuously needs its firmware watchdog on and a reset; a switch ring points at a"
                            + " deadlock (flooding of lossless traffic, a non up-down route). Raise"
                            + " fabric.health.watchdog-storms only to accept known storms.",
                    List.of("Guo et al., RDMA over Commodity Ethernet at Scale, SIGCOMM 2016, §4.3",
                            "sonic-utilities pfcwd: show pfcwd stats")),
            new Description(LOSSLESS_DROPS, "A lossless queue dropped packets", false,
                    "PFC exists so that the RoCE queue never drops: one drop costs a go-back-N retransmission of"
                            + " the whole window and, at scale, a collective's tail latency. Drops on a lossless"
                            + " queue mean headroom too small for the cable (buffer calculation), PFC off on the"
                            + " peer, or the watchdog's drop action firing.",
                    "Check the port's PFC on both ends (weft drift), its headroom (weft explain-headroom) and"
                            + " the watchdog storms on the same queue.",
                    List.of("SONiC dynamic headroom calculation HLD", "sonic-utilities queuestat: show queue counters")),
            new Description(PAUSE_RATE, "A port sent or received PFC pause frames above the fabric's ceiling", true,
                    "Sustained PAUSE from one port spreads congestion upstream (victim flows, head-of-line"
                            + " blocking) long before a storm trips the watchdog: a slow receiver (MTT cache misses),"
                            + " ECN marking that starts after PFC, or an incast hot spot.",
                    "Look at the host behind the port (large pages for RDMA buffers), at the ECN thresholds (ECN"
                            + " must mark before XOFF) and at the job's traffic pattern; fabric.health"
                            + ".pause-frames-per-second sets the ceiling.",
                    List.of("Guo et al., SIGCOMM 2016, §4.4", "Zhu et al., DCQCN, SIGCOMM 2015")),
            new Description(NO_CNP, "RoCE traffic flowed but no CNP crossed the switch", true,
                    "On a dcqcn fabric receivers answer ECN-marked RoCE packets with CNPs, which the switch carries"
                            + " in the CNP class's queue. A night of RoCE traffic with none means ECN marking is off,"
                            + " the NICs' notification point is disabled, or CNPs are classified into another"
                            + " queue: congestion is then left to PFC alone.",
                    "Check ECN on the lossless queue (weft drift), the NICs' np/rp enablement and CNP DSCP (weft"
                            + " validate on hosts), or declare congestion-control: pfc-only if that is the intent.",
                    List.of("Gangidi et al., RDMA over Ethernet for Distributed AI Training at Meta Scale, SIGCOMM 2024")));

    private HealthRules() {}
}
