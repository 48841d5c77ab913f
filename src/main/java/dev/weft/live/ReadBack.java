package dev.weft.live;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a reader can see of a compiled switch: the intended switch with every fact removed that the
 * platform's config does not carry, and normalised the way readers normalise. Comparing
 * {@code expected(intended, platform)} with {@code reader.read(config)} is the round-trip check for
 * rendered files and the drift check for live ones.
 *
 * <p>Not carried by either platform: role, ASIC and its profile, OS version, management address,
 * the CNP class, provenance, port roles, and how headroom was obtained (readers report
 * {@code origin = device}, no required xoff). A disabled watchdog keeps only its poll interval.
 * OpenConfig additionally carries no ECMP hash fields.
 */
public final class ReadBack {
    private ReadBack() {}

    /** The watchdog readers report when no port runs one: only the poll interval is known. */
    static CompiledWatchdog disabledWatchdog(long poll) {
        return new CompiledWatchdog(false, "drop", 200, 400, poll);
    }

    public static CompiledSwitch expected(CompiledSwitch sw, String platform) {
        boolean openconfig = OpenConfigReader.PLATFORM.equals(platform);
        List<CompiledPort> ports = new ArrayList<>();
        for (CompiledPort p : sw.ports()) {
            ports.add(new CompiledPort(p.name(), p.speedGbps(), p.mtu(), p.cableLengthMetres(), null, p.peer(),
                    p.trustDscp(), p.pfcPriorities(), p.priorityToQueue(), p.pfcPriorityToQueue(), queues(p.queues()),
                    p.watchdog(), p.watchdog() ? p.watchdogQueues() : List.of(), p.linkPause(), headroom(p.headroom()),
                    Map.of()));
        }
        CompiledWatchdog wd = sw.watchdog();
        if (wd != null && !wd.enabled()) {
            wd = disabledWatchdog(wd.pollMs());
        }
        List<EcnProfile> ecn = sw.ecnProfiles().stream().sorted(Comparator.comparing(EcnProfile::name)).toList();
        return new CompiledSwitch(sw.name(), null, platform, null, null, null, null, null, null,
                sw.congestionControl(), sw.dscpToPriority(), sw.priorityToQueue(), sw.priorityToPriorityGroup(),
                sw.losslessPriorities(), null, null, queues(sw.queues()), ecn, wd, sw.linkPause(),
                openconfig ? List.of() : sw.ecmpHashFields(), ports, Map.of());
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
}
