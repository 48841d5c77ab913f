package dev.weft.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fabric-wide plan. RoCE-only parts ({@code mtu}, {@code trafficClasses}, {@code pfc}, {@code
 * congestionControl}, {@code ecmp}, {@code nicModels}, {@code bufferPools}) are null or empty for
 * InfiniBand.
 *
 * @param nicModels per-model NIC settings by model name, in written order (empty when none)
 * @param bufferPools shared-buffer pool shares, or null when not written
 * @param oversubscription the oversubscription target per switch tier, or null when not written
 * @param nicQos the receive buffers, ETS and DCQCN reaction point of every RDMA NIC, or null when
 *     not written
 * @param trust {@code dscp} or {@code pcp}: what every switch port classifies by unless its switch
 *     says otherwise, or null when not written (DSCP)
 * @param pcpMap the switch priority of each PCP value 0..7 (index = PCP) for switches that trust
 *     PCP, or null when not written (identity)
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
    Map<String, NicModel> nicModels,
    BufferPools bufferPools,
    Health health,
    Oversubscription oversubscription,
    NicQos nicQos,
    String trust,
    List<Integer> pcpMap) {

  /** The PCP map a switch that trusts PCP gets when the fabric writes none: PCP p → priority p. */
  public static final List<Integer> IDENTITY_PCP_MAP = List.of(0, 1, 2, 3, 4, 5, 6, 7);

  public Fabric {
    pcpMap = pcpMap == null ? null : List.copyOf(pcpMap);
    trafficClasses = trafficClasses == null ? List.of() : List.copyOf(trafficClasses);
    nicModels =
        nicModels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(nicModels));
    health = health == null && at != null ? Health.defaults(at) : health;
  }

  /**
   * The settings of NIC model {@code model}, or null when it has none (the NIC follows the plan).
   */
  public NicModel nicModel(String model) {
    return model == null ? null : nicModels.get(model);
  }

  /** The lossless classes, in declaration order. */
  public List<TrafficClass> losslessClasses() {
    return trafficClasses.stream().filter(TrafficClass::lossless).toList();
  }
}
