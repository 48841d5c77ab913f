package dev.weft.model;

import java.util.List;

/**
 * The fabric-wide plan. RoCE-only parts ({@code mtu}, {@code trafficClasses}, {@code pfc},
 * {@code congestionControl}, {@code ecmp}) are null or empty for InfiniBand.
 */
public record Fabric(
        String name,
        Transport transport,
        String description,
        RoceMtu mtu,
        List<TrafficClass> trafficClasses,
        Pfc pfc,
        CongestionControl congestionControl,
        Ecmp ecmp,
        Versions versions,
        Provenance at) {

    public Fabric {
        trafficClasses = trafficClasses == null ? List.of() : List.copyOf(trafficClasses);
    }

    /** The lossless classes, in declaration order. */
    public List<TrafficClass> losslessClasses() {
        return trafficClasses.stream().filter(TrafficClass::lossless).toList();
    }
}
