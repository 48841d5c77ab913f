package dev.weft.model;

import java.util.List;

/**
 * Per-model NIC settings ({@code fabric.nic-models.<model>}): what a NIC model does differently
 * from the fabric plan. Every field may be null (not written): the NIC then follows the plan. A NIC
 * whose {@code model} has no entry follows the plan entirely.
 *
 * @param trust {@code dscp} or {@code pcp}: what the NIC classifies received traffic by
 * @param pfc the priorities the NIC runs PFC on (empty: none)
 * @param dscpMap {@code fabric} (the NIC gets the fabric's DSCP map) or {@code nic-default} (the
 *     NIC keeps its firmware default, priority = DSCP >> 3, for NICs that cannot remap)
 * @param roceTos the ToS byte every ToS source of the NIC uses (RDMA-CM default, sysfs traffic
 *     class, NCCL_IB_TC)
 * @param cnpDscp the DSCP the NIC marks CNPs with
 * @param cnpPriority the priority the NIC sends CNPs on
 * @param dcqcn false for a NIC that does not run DCQCN (no reaction or notification point)
 * @param linkPause IEEE 802.3x global pause on the NIC
 * @param dcbx {@code os} (static settings from the host) or {@code firmware} (negotiated, willing)
 * @param roceMode {@code v1} or {@code v2}: the RDMA-CM default RoCE mode
 * @param description as written, or null
 * @param nicQos receive buffers, ETS and DCQCN reaction point of this model, each key replacing the
 *     fabric's {@code nic-qos}, or null
 */
public record NicModel(
    String name,
    String trust,
    List<Integer> pfc,
    String dscpMap,
    Integer roceTos,
    Integer cnpDscp,
    Integer cnpPriority,
    Boolean dcqcn,
    Boolean linkPause,
    String dcbx,
    String roceMode,
    Provenance at,
    String description,
    NicQos nicQos) {

  public NicModel {
    pfc = pfc == null ? null : List.copyOf(pfc);
  }

  /** A model without NIC QoS knobs. */
  public NicModel(
      String name,
      String trust,
      List<Integer> pfc,
      String dscpMap,
      Integer roceTos,
      Integer cnpDscp,
      Integer cnpPriority,
      Boolean dcqcn,
      Boolean linkPause,
      String dcbx,
      String roceMode,
      Provenance at,
      String description) {
    this(
        name,
        trust,
        pfc,
        dscpMap,
        roceTos,
        cnpDscp,
        cnpPriority,
        dcqcn,
        linkPause,
        dcbx,
        roceMode,
        at,
        description,
        null);
  }

  public static final String NIC_DEFAULT_MAP = "nic-default";
}
