package dev.weft.live;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.List;

/** Test helpers for round trips. */
final class RoundTrips {
    private RoundTrips() {}

    /**
     * The switch with a fixed device-reported headroom (xoff 65536, xon 19456) on each lossless PG of
     * ports that have none: EOS derives headroom on the switch, so an EOS leaf has no computed headroom
     * to render as SONiC or OpenConfig.
     */
    static CompiledSwitch withDeviceHeadroom(CompiledSwitch sw) {
        List<CompiledPort> ports = new ArrayList<>();
        for (CompiledPort p : sw.ports()) {
            List<PriorityGroupHeadroom> headroom = p.headroom();
            if (headroom.isEmpty() && !p.pfcPriorities().isEmpty()) {
                headroom = new ArrayList<>();
                for (int priority : p.pfcPriorities()) {
                    int pg = sw.priorityToPriorityGroup().get(priority);
                    headroom.add(new PriorityGroupHeadroom(pg, List.of(priority), 65_536, 19_456, 84_992, null,
                            PriorityGroupHeadroom.DEVICE));
                }
            }
            ports.add(new CompiledPort(p.name(), p.speedGbps(), p.mtu(), p.cableLengthMetres(), p.role(), p.peer(),
                    p.trustDscp(), p.pfcPriorities(), p.priorityToQueue(), p.pfcPriorityToQueue(), p.queues(), p.watchdog(),
                    p.watchdogQueues(), p.linkPause(), headroom, p.provenance()));
        }
        return new CompiledSwitch(sw.name(), sw.role(), sw.platform(), sw.asic(), sw.asicProfileVersion(),
                sw.thresholdRoundingBytes(), sw.osVersion(), sw.managementHost(), sw.managementPort(), sw.congestionControl(),
                sw.dscpToPriority(), sw.priorityToQueue(), sw.priorityToPriorityGroup(), sw.losslessPriorities(), sw.cnpPriority(),
                sw.cnpDscp(), sw.queues(), sw.ecnProfiles(), sw.watchdog(), sw.linkPause(), sw.ecmpHashFields(), ports,
                sw.provenance());
    }
}
