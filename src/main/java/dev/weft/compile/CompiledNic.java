package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.List;
import java.util.Map;

/**
 * One RDMA NIC's effective host-side config (ConnectX-style knobs, vendor-neutral values).
 *
 * @param name the netdev ({@code eth0})
 * @param rdmaDevice the RDMA device ({@code mlx5_0}), or null
 * @param trustDscp true: {@code mlnx_qos --trust dscp}
 * @param dscpToPriority DSCP → priority, same map as the switches (ascending by DSCP)
 * @param pfc 8 entries of 0/1, index = priority ({@code mlnx_qos --pfc 0,0,0,1,0,0,0,0})
 * @param roceDscp the DSCP RoCE data is sent with, or null when the plan has no RoCE class
 * @param roceTos the full ToS byte: {@code roceDscp << 2 | 2}. The ECN field is set to ECT(0)
 *     (binary 10 = 2) because RoCE data must be ECN-capable for DCQCN marking, and configfs {@code
 *     default_roce_tos}, sysfs {@code traffic_class} and {@code NCCL_IB_TC} all take the whole
 *     byte: DSCP 26 → 106 (domain §1.1, §7)
 * @param ecnReactionPoint 8 entries of 0/1: DCQCN RP (rate limiting) per priority
 * @param ecnNotificationPoint 8 entries of 0/1: DCQCN NP (CNP generation) per priority
 * @param cnpDscp DSCP the NIC marks CNPs with, or null
 * @param cnpPriority 802.1p/priority of CNPs, or null
 * @param mtu netdev MTU
 * @param roceMtu RoCE path MTU (256..4096)
 * @param speedGbps NIC speed in Gb/s
 * @param cableLengthMetres cable length of the attached link ({@code mlnx_qos --cable_len}), or
 *     null
 * @param linkPause 802.3x global pause; false where PFC is on
 * @param peer {@code switch:port} at the other end, or null
 * @param provenance field (snake_case) → intent location that owns the value
 * @param dcbx {@code os} or {@code firmware} as the NIC's model declares, or null when not declared
 * @param roceMode the RDMA-CM default RoCE version: 2, or 1 where the NIC's model says {@code v1}
 * @param peerDevice the device part of {@code peer} (derived from it), or null
 * @param peerPort the port part of {@code peer} (derived from it), or null
 * @param knobs receive buffers, ETS and DCQCN reaction point as the intent writes them ({@link
 *     NicKnobs#NONE} when it writes none)
 */
public record CompiledNic(
    String name,
    String rdmaDevice,
    String model,
    String firmware,
    boolean trustDscp,
    Map<Integer, Integer> dscpToPriority,
    List<Integer> pfc,
    Integer roceDscp,
    Integer roceTos,
    List<Integer> ecnReactionPoint,
    List<Integer> ecnNotificationPoint,
    Integer cnpDscp,
    Integer cnpPriority,
    Integer mtu,
    Integer roceMtu,
    Integer speedGbps,
    Integer cableLengthMetres,
    boolean linkPause,
    String peer,
    Map<String, Location> provenance,
    String dcbx,
    int roceMode,
    String peerDevice,
    String peerPort,
    NicKnobs knobs) {

  /** ECN field value ECT(0) (RFC 3168), OR-ed into the ToS byte of RoCE data. */
  public static final int ECT0 = 2;

  public CompiledNic {
    dscpToPriority = FrozenSortedMap.of(dscpToPriority);
    pfc = List.copyOf(pfc);
    ecnReactionPoint = List.copyOf(ecnReactionPoint);
    ecnNotificationPoint = List.copyOf(ecnNotificationPoint);
    provenance = FrozenSortedMap.of(provenance);
    peerDevice = PeerEnd.device(peer, peerDevice);
    peerPort = PeerEnd.port(peer, peerPort);
    knobs = knobs == null ? NicKnobs.NONE : knobs;
  }

  /** The priorities with PFC on, ascending. */
  public List<Integer> pfcPriorities() {
    List<Integer> out = new java.util.ArrayList<>();
    for (int p = 0; p < pfc.size(); p++) {
      if (pfc.get(p) != 0) {
        out.add(p);
      }
    }
    return out;
  }

  /** The ToS byte for a DSCP with ECT(0) set: {@code 26 → 106}. */
  public static int tosOf(int dscp) {
    return dscp << 2 | ECT0;
  }

  public Location owner(String field) {
    return provenance.get(field);
  }
}
