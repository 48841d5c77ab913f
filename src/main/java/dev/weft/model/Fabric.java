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
        Provenance at,
        Health health) {

    public Fabric {
        trafficClasses = trafficClasses == null ? List.of() : List.copyOf(trafficClasses);
        health = health == null && at != null ? Health.defaults(at) : health;
    }

    /** A fabric with the default health thresholds. */
    public Fabric(String name, Transport transport, String description, RoceMtu mtu, List<TrafficClass> trafficClasses,
            Pfc pfc, CongestionControl congestionControl, Ecmp ecmp, Versions versions, Provenance at) {
        this(name, transport, description, mtu, trafficClasses, pfc, congestionControl, ecmp, versions, at, null);
    }

    /** The lossless classes, in declaration order. */
    public List<TrafficClass> losslessClasses() {
        return trafficClasses.stream().filter(TrafficClass::lossless).toList();
    }
}
