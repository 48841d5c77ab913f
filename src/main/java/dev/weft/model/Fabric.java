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
 * @param dcbx {@code ieee} or {@code off}: what every switch port advertises in LLDP DCBX TLVs for
 *     a willing NIC, or null when not written (not managed: nothing rendered, nothing audited)
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
    List<Integer> pcpMap,
    String dcbx) {

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

  /**
   * A builder: a fabric has many optional parts, and a caller (the mapper, a test fixture) sets
   * only those it has, by name, rather than passing a row of nulls.
   */
  public static Builder builder(String name, Transport transport) {
    return new Builder().name(name).transport(transport);
  }

  /** A builder holding this fabric's parts, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.name = name;
    b.transport = transport;
    b.description = description;
    b.mtu = mtu;
    b.trafficClasses = trafficClasses;
    b.pfc = pfc;
    b.congestionControl = congestionControl;
    b.ecmp = ecmp;
    b.versions = versions;
    b.at = at;
    b.nicModels = nicModels;
    b.bufferPools = bufferPools;
    b.health = health;
    b.oversubscription = oversubscription;
    b.nicQos = nicQos;
    b.trust = trust;
    b.dcbx = dcbx;
    b.pcpMap = pcpMap;
    return b;
  }

  /** Sets a fabric's parts by name; unset parts are null (or empty), as the mapper leaves them. */
  public static final class Builder {
    private String name;
    private Transport transport;
    private String description;
    private RoceMtu mtu;
    private List<TrafficClass> trafficClasses;
    private Pfc pfc;
    private CongestionControl congestionControl;
    private Ecmp ecmp;
    private Versions versions;
    private Provenance at;
    private Map<String, NicModel> nicModels;
    private BufferPools bufferPools;
    private Health health;
    private Oversubscription oversubscription;
    private NicQos nicQos;
    private String trust;
    private String dcbx;
    private List<Integer> pcpMap;

    private Builder() {}

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder transport(Transport transport) {
      this.transport = transport;
      return this;
    }

    public Builder description(String description) {
      this.description = description;
      return this;
    }

    public Builder mtu(RoceMtu mtu) {
      this.mtu = mtu;
      return this;
    }

    public Builder trafficClasses(List<TrafficClass> trafficClasses) {
      this.trafficClasses = trafficClasses;
      return this;
    }

    public Builder pfc(Pfc pfc) {
      this.pfc = pfc;
      return this;
    }

    public Builder congestionControl(CongestionControl congestionControl) {
      this.congestionControl = congestionControl;
      return this;
    }

    public Builder ecmp(Ecmp ecmp) {
      this.ecmp = ecmp;
      return this;
    }

    public Builder versions(Versions versions) {
      this.versions = versions;
      return this;
    }

    public Builder at(Provenance at) {
      this.at = at;
      return this;
    }

    public Builder nicModels(Map<String, NicModel> nicModels) {
      this.nicModels = nicModels;
      return this;
    }

    public Builder bufferPools(BufferPools bufferPools) {
      this.bufferPools = bufferPools;
      return this;
    }

    public Builder health(Health health) {
      this.health = health;
      return this;
    }

    public Builder oversubscription(Oversubscription oversubscription) {
      this.oversubscription = oversubscription;
      return this;
    }

    public Builder nicQos(NicQos nicQos) {
      this.nicQos = nicQos;
      return this;
    }

    public Builder dcbx(String dcbx) {
      this.dcbx = dcbx;
      return this;
    }

    public Builder trust(String trust) {
      this.trust = trust;
      return this;
    }

    public Builder pcpMap(List<Integer> pcpMap) {
      this.pcpMap = pcpMap;
      return this;
    }

    public Fabric build() {
      return new Fabric(
          name,
          transport,
          description,
          mtu,
          trafficClasses,
          pfc,
          congestionControl,
          ecmp,
          versions,
          at,
          nicModels,
          bufferPools,
          health,
          oversubscription,
          nicQos,
          trust,
          pcpMap,
          dcbx);
    }
  }
}
