package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.List;
import java.util.Map;

/**
 * A switch's effective config: the device-wide QoS plan plus every port.
 *
 * @param platform {@code sonic}, {@code cumulus}, {@code eos}, {@code openconfig}, ...
 * @param asic the {@code asic} key of the intent, or null
 * @param asicProfileVersion {@code profile-version} of the ASIC profile used for headroom, or null
 * @param thresholdRoundingBytes granularity the ASIC rounds buffer thresholds to (drift tolerance),
 *     or null
 * @param managementHost NETCONF host, or null
 * @param managementPort NETCONF port, or null
 * @param congestionControl {@code dcqcn}, {@code pfc-only}, {@code ecn-only}, or null
 * @param dscpToPriority DSCP → switch priority (TC), ascending by DSCP; complete (64 entries) when
 *     the intent has a {@code dscp: default} class, otherwise only the mapped code points
 * @param priorityToQueue 8 entries: switch priority → egress queue (identity for unused priorities)
 * @param priorityToPriorityGroup 8 entries: switch priority → ingress PG (lossless p → PG p, others
 *     → PG 0, as in SONiC's own §0-style example)
 * @param losslessPriorities PFC priorities, ascending
 * @param cnpPriority the priority of the {@code role: cnp} class, or null
 * @param cnpDscp the first DSCP of the {@code role: cnp} class, or null
 * @param queues queue schedulers and ECN bindings, ascending by queue
 * @param ecnProfiles WRED-ECN profiles, by name
 * @param watchdog PFC watchdog, or null when the intent has none
 * @param linkPause 802.3x link pause (false where PFC is on)
 * @param ecmpHashFields as written in the intent
 * @param ports in natural port order ({@code Ethernet2} before {@code Ethernet10})
 * @param provenance field (snake_case) → intent location that owns the value
 * @param hwsku the {@code hwsku} key of the intent (the hardware SKU whose platform profile gives
 *     port lanes and buffer pools), or null
 * @param hashSeed the switch's ECMP hash seed (its own, else its role's), or null when none is
 *     declared
 * @param bufferPools shared-buffer pool name → percent of the buffer, as declared (empty when not)
 * @param buffer the ASIC's buffer facts from its profile, or null without a profile (or with one
 *     that gives none)
 * @param losslessBuffer the lossless PGs' buffer knobs ({@code fabric.pfc.dynamic-threshold},
 *     {@code headroom-over-subscription}) as compiled or read, or null when none is set
 * @param pcpToPriority 8 entries, PCP p → switch priority, when the switch's ports trust PCP
 *     ({@code trust: pcp}, map from {@code fabric.pcp-map}); empty when they trust DSCP (or, read
 *     back, when the device binds no PCP map)
 * @param dcbx what the switch's ports advertise in LLDP DCBX TLVs for a willing NIC: {@code ieee}
 *     (PFC, ETS configuration and ETS recommendation) or {@code off}, from {@code fabric.dcbx};
 *     null when the intent does not manage it. Read back: the ports' common state, {@code mixed}
 *     when they differ, {@code partial} when a port advertises only some of the three TLVs, null
 *     when no port sets any
 */
public record CompiledSwitch(
    String name,
    String role,
    String platform,
    String asic,
    String asicProfileVersion,
    Integer thresholdRoundingBytes,
    String osVersion,
    String managementHost,
    Integer managementPort,
    String congestionControl,
    Map<Integer, Integer> dscpToPriority,
    List<Integer> priorityToQueue,
    List<Integer> priorityToPriorityGroup,
    List<Integer> losslessPriorities,
    Integer cnpPriority,
    Integer cnpDscp,
    List<CompiledQueue> queues,
    List<EcnProfile> ecnProfiles,
    CompiledWatchdog watchdog,
    boolean linkPause,
    List<String> ecmpHashFields,
    List<CompiledPort> ports,
    Map<String, Location> provenance,
    String hwsku,
    Long hashSeed,
    Map<String, Integer> bufferPools,
    AsicBuffer buffer,
    LosslessBuffer losslessBuffer,
    List<Integer> pcpToPriority,
    String dcbx)
    implements CompiledDevice {

  /**
   * What the ASIC profile says about buffers and port speeds; each part null when the profile does
   * not say.
   *
   * @param bufferBytes the whole shared packet buffer
   * @param ingressLosslessPoolBytes the shared ingress pool lossless PGs draw from
   * @param losslessDynamicTh the lossless PGs' dynamic-threshold exponent (alpha = 2^th)
   * @param maxPortSpeedGbps the fastest port mode the ASIC offers
   */
  public record AsicBuffer(
      Long bufferBytes,
      Long ingressLosslessPoolBytes,
      Integer losslessDynamicTh,
      Long maxPortSpeedGbps) {}

  public CompiledSwitch {
    dscpToPriority = FrozenSortedMap.of(dscpToPriority);
    priorityToQueue = List.copyOf(priorityToQueue);
    priorityToPriorityGroup = List.copyOf(priorityToPriorityGroup);
    losslessPriorities = List.copyOf(losslessPriorities);
    queues = List.copyOf(queues);
    ecnProfiles = List.copyOf(ecnProfiles);
    ecmpHashFields = List.copyOf(ecmpHashFields);
    pcpToPriority = pcpToPriority == null ? List.of() : List.copyOf(pcpToPriority);
    ports = NaturalOrder.sortedByName(ports, CompiledPort::name);
    provenance = FrozenSortedMap.of(provenance);
    bufferPools =
        bufferPools == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(bufferPools));
  }

  /**
   * A switch without hardware SKU, hash seed, buffer pools or ASIC buffer facts (the form before
   * they existed).
   */
  public CompiledSwitch(
      String name,
      String role,
      String platform,
      String asic,
      String asicProfileVersion,
      Integer thresholdRoundingBytes,
      String osVersion,
      String managementHost,
      Integer managementPort,
      String congestionControl,
      Map<Integer, Integer> dscpToPriority,
      List<Integer> priorityToQueue,
      List<Integer> priorityToPriorityGroup,
      List<Integer> losslessPriorities,
      Integer cnpPriority,
      Integer cnpDscp,
      List<CompiledQueue> queues,
      List<EcnProfile> ecnProfiles,
      CompiledWatchdog watchdog,
      boolean linkPause,
      List<String> ecmpHashFields,
      List<CompiledPort> ports,
      Map<String, Location> provenance) {
    this(
        name,
        role,
        platform,
        asic,
        asicProfileVersion,
        thresholdRoundingBytes,
        osVersion,
        managementHost,
        managementPort,
        congestionControl,
        dscpToPriority,
        priorityToQueue,
        priorityToPriorityGroup,
        losslessPriorities,
        cnpPriority,
        cnpDscp,
        queues,
        ecnProfiles,
        watchdog,
        linkPause,
        ecmpHashFields,
        ports,
        provenance,
        null,
        null,
        Map.of(),
        null,
        null,
        List.of(),
        null);
  }

  /**
   * The port named {@code port}, or null. Linear: callers with many lookups should index {@link
   * #ports()}.
   */
  public CompiledPort port(String port) {
    for (CompiledPort p : ports) {
      if (p.name().equals(port)) {
        return p;
      }
    }
    return null;
  }

  /** A builder that starts empty: lists empty, maps empty, everything else unset (null/false). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this CompiledSwitch's values, to change a few of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.name = name;
    b.role = role;
    b.platform = platform;
    b.asic = asic;
    b.asicProfileVersion = asicProfileVersion;
    b.thresholdRoundingBytes = thresholdRoundingBytes;
    b.osVersion = osVersion;
    b.managementHost = managementHost;
    b.managementPort = managementPort;
    b.congestionControl = congestionControl;
    b.dscpToPriority = dscpToPriority;
    b.priorityToQueue = priorityToQueue;
    b.priorityToPriorityGroup = priorityToPriorityGroup;
    b.losslessPriorities = losslessPriorities;
    b.cnpPriority = cnpPriority;
    b.cnpDscp = cnpDscp;
    b.queues = queues;
    b.ecnProfiles = ecnProfiles;
    b.watchdog = watchdog;
    b.linkPause = linkPause;
    b.ecmpHashFields = ecmpHashFields;
    b.ports = ports;
    b.provenance = provenance;
    b.hwsku = hwsku;
    b.hashSeed = hashSeed;
    b.bufferPools = bufferPools;
    b.buffer = buffer;
    b.losslessBuffer = losslessBuffer;
    b.pcpToPriority = pcpToPriority;
    b.dcbx = dcbx;
    return b;
  }

  /**
   * Builds a CompiledSwitch by field name, so callers set what they know and a new field does not
   * touch every construction site. Unset lists and maps are empty.
   */
  public static final class Builder {
    private String name;
    private String role;
    private String platform;
    private String asic;
    private String asicProfileVersion;
    private Integer thresholdRoundingBytes;
    private String osVersion;
    private String managementHost;
    private Integer managementPort;
    private String congestionControl;
    private Map<Integer, Integer> dscpToPriority = Map.of();
    private List<Integer> priorityToQueue = List.of();
    private List<Integer> priorityToPriorityGroup = List.of();
    private List<Integer> losslessPriorities = List.of();
    private Integer cnpPriority;
    private Integer cnpDscp;
    private List<CompiledQueue> queues = List.of();
    private List<EcnProfile> ecnProfiles = List.of();
    private CompiledWatchdog watchdog;
    private boolean linkPause;
    private List<String> ecmpHashFields = List.of();
    private List<CompiledPort> ports = List.of();
    private Map<String, Location> provenance = Map.of();
    private String hwsku;
    private Long hashSeed;
    private Map<String, Integer> bufferPools = Map.of();
    private AsicBuffer buffer;
    private LosslessBuffer losslessBuffer;
    private List<Integer> pcpToPriority = List.of();
    private String dcbx;

    private Builder() {}

    public Builder dcbx(String dcbx) {
      this.dcbx = dcbx;
      return this;
    }

    public Builder pcpToPriority(List<Integer> pcpToPriority) {
      this.pcpToPriority = pcpToPriority;
      return this;
    }

    public Builder losslessBuffer(LosslessBuffer losslessBuffer) {
      this.losslessBuffer = losslessBuffer;
      return this;
    }

    public Builder hashSeed(Long hashSeed) {
      this.hashSeed = hashSeed;
      return this;
    }

    public Builder bufferPools(Map<String, Integer> bufferPools) {
      this.bufferPools = bufferPools;
      return this;
    }

    public Builder buffer(AsicBuffer buffer) {
      this.buffer = buffer;
      return this;
    }

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder role(String role) {
      this.role = role;
      return this;
    }

    public Builder platform(String platform) {
      this.platform = platform;
      return this;
    }

    public Builder asic(String asic) {
      this.asic = asic;
      return this;
    }

    public Builder asicProfileVersion(String asicProfileVersion) {
      this.asicProfileVersion = asicProfileVersion;
      return this;
    }

    public Builder thresholdRoundingBytes(Integer thresholdRoundingBytes) {
      this.thresholdRoundingBytes = thresholdRoundingBytes;
      return this;
    }

    public Builder osVersion(String osVersion) {
      this.osVersion = osVersion;
      return this;
    }

    public Builder managementHost(String managementHost) {
      this.managementHost = managementHost;
      return this;
    }

    public Builder managementPort(Integer managementPort) {
      this.managementPort = managementPort;
      return this;
    }

    public Builder congestionControl(String congestionControl) {
      this.congestionControl = congestionControl;
      return this;
    }

    public Builder dscpToPriority(Map<Integer, Integer> dscpToPriority) {
      this.dscpToPriority = dscpToPriority;
      return this;
    }

    public Builder priorityToQueue(List<Integer> priorityToQueue) {
      this.priorityToQueue = priorityToQueue;
      return this;
    }

    public Builder priorityToPriorityGroup(List<Integer> priorityToPriorityGroup) {
      this.priorityToPriorityGroup = priorityToPriorityGroup;
      return this;
    }

    public Builder losslessPriorities(List<Integer> losslessPriorities) {
      this.losslessPriorities = losslessPriorities;
      return this;
    }

    public Builder cnpPriority(Integer cnpPriority) {
      this.cnpPriority = cnpPriority;
      return this;
    }

    public Builder cnpDscp(Integer cnpDscp) {
      this.cnpDscp = cnpDscp;
      return this;
    }

    public Builder queues(List<CompiledQueue> queues) {
      this.queues = queues;
      return this;
    }

    public Builder ecnProfiles(List<EcnProfile> ecnProfiles) {
      this.ecnProfiles = ecnProfiles;
      return this;
    }

    public Builder watchdog(CompiledWatchdog watchdog) {
      this.watchdog = watchdog;
      return this;
    }

    public Builder linkPause(boolean linkPause) {
      this.linkPause = linkPause;
      return this;
    }

    public Builder ecmpHashFields(List<String> ecmpHashFields) {
      this.ecmpHashFields = ecmpHashFields;
      return this;
    }

    public Builder ports(List<CompiledPort> ports) {
      this.ports = ports;
      return this;
    }

    public Builder provenance(Map<String, Location> provenance) {
      this.provenance = provenance;
      return this;
    }

    public Builder hwsku(String hwsku) {
      this.hwsku = hwsku;
      return this;
    }

    public CompiledSwitch build() {
      return new CompiledSwitch(
          name,
          role,
          platform,
          asic,
          asicProfileVersion,
          thresholdRoundingBytes,
          osVersion,
          managementHost,
          managementPort,
          congestionControl,
          dscpToPriority,
          priorityToQueue,
          priorityToPriorityGroup,
          losslessPriorities,
          cnpPriority,
          cnpDscp,
          queues,
          ecnProfiles,
          watchdog,
          linkPause,
          ecmpHashFields,
          ports,
          provenance,
          hwsku,
          hashSeed,
          bufferPools,
          buffer,
          losslessBuffer,
          pcpToPriority,
          dcbx);
    }
  }
}
