package dev.weft.platform;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a reader can see of a compiled switch: the intended switch with every fact removed that the
 * platform's config does not carry, and normalised the way readers normalise. Comparing
 * {@code expected(intended, platform)} with {@code reader.read(config)} is the round-trip check for
 * rendered files and the drift check for live ones.
 *
 * <p>Not carried by any platform's config: role, ASIC and its profile, OS version, management address,
 * the CNP class, provenance, port roles, and how headroom was obtained (readers report
 * {@code origin = device}, no required xoff). A disabled watchdog keeps only its poll interval. Whether
 * the ECMP hash fields are carried is the platform's (OpenConfig has none).
 */
public final class ReadBack {
    private ReadBack() {}

    /** The watchdog readers report when no port runs one: only the poll interval is known. */
    public static CompiledWatchdog disabledWatchdog(long poll) {
        return new CompiledWatchdog(false, "drop", 200, 400, poll);
    }

    /**
     * @param platform    the platform id the reader stamps on what it reads
     * @param carriesHash whether the platform's config carries the ECMP hash fields
     */
    public static CompiledSwitch expected(CompiledSwitch sw, String platform, boolean carriesHash) {
        List<CompiledPort> ports = new ArrayList<>();
        for (CompiledPort p : sw.ports()) {
            ports.add(p.toBuilder().role(null).queues(queues(p.queues()))
                    .watchdogQueues(p.watchdog() ? p.watchdogQueues() : List.of()).headroom(headroom(p.headroom()))
                    .provenance(Map.of()).build());
        }
        CompiledWatchdog wd = sw.watchdog();
        if (wd != null && !wd.enabled()) {
            wd = disabledWatchdog(wd.pollMs());
        }
        List<EcnProfile> ecn = sw.ecnProfiles().stream().sorted(Comparator.comparing(EcnProfile::name)).toList();
        return CompiledSwitch.builder().name(sw.name()).platform(platform)
                .congestionControl(sw.congestionControl()).dscpToPriority(sw.dscpToPriority())
                .priorityToQueue(sw.priorityToQueue()).priorityToPriorityGroup(sw.priorityToPriorityGroup())
                .losslessPriorities(sw.losslessPriorities()).queues(queues(sw.queues())).ecnProfiles(ecn).watchdog(wd)
                .linkPause(sw.linkPause()).ecmpHashFields(carriesHash ? sw.ecmpHashFields() : List.of()).ports(ports)
                .build();
    }

    private static List<CompiledQueue> queues(List<CompiledQueue> queues) {
        return queues.stream().sorted(Comparator.comparingInt(CompiledQueue::queue)).toList();
    }

    private static List<PriorityGroupHeadroom> headroom(List<PriorityGroupHeadroom> headroom) {
        return headroom.stream()
                .sorted(Comparator.comparingInt(PriorityGroupHeadroom::pg))
                .map(h -> new PriorityGroupHeadroom(h.pg(), h.priorities(), h.xoff(), h.xon(), h.size(), null,
                        PriorityGroupHeadroom.DEVICE))
                .toList();
    }

    /**
     * The congestion-control mode a device's config implies: PFC with ECN marking is {@code dcqcn}, PFC
     * alone {@code pfc-only}, ECN alone {@code ecn-only}, neither null.
     */
    public static String congestionControl(Collection<Integer> lossless, List<CompiledQueue> queues) {
        boolean ecn = queues.stream().anyMatch(q -> q.ecnProfile() != null);
        if (!lossless.isEmpty()) {
            return ecn ? "dcqcn" : "pfc-only";
        }
        return ecn ? "ecn-only" : null;
    }
}
