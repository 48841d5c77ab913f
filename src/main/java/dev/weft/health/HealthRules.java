package dev.weft.health;

import java.util.List;

/**
 * The ids health findings carry, with what {@code weft explain} prints for them. Like drift ids
 * they judge a device against the intent, not the intent itself, so they are described here rather
 * than under policies/.
 */
public final class HealthRules {

  public static final String PFC_STORM = "health-pfc-storm";
  public static final String LOSSLESS_DROPS = "health-lossless-drops";
  public static final String PAUSE_RATE = "health-pause-rate";
  public static final String NO_CNP = "health-no-cnp";
  public static final String UNREADABLE = "health-unreadable";
  public static final String HOST_PAUSE_RATE = "health-host-pause-rate";
  public static final String HOST_RX_DISCARDS = "health-host-rx-discards";
  public static final String HOST_SEQUENCE = "health-host-sequence-errors";
  public static final String HOST_NO_CNP = "health-host-no-cnp";
  public static final String IB_SYMBOL_ERRORS = "health-ib-symbol-errors";
  public static final String IB_LINK_DOWNED = "health-ib-link-downed";
  public static final String IB_LINK_RECOVERY = "health-ib-link-recovery";
  public static final String IB_RCV_ERRORS = "health-ib-rcv-errors";
  public static final String IB_XMIT_DISCARDS = "health-ib-xmit-discards";
  public static final String IB_CONGESTION = "health-ib-congestion";

  /** What one id means; {@code warning} false means error. */
  public record Description(
      String id,
      String title,
      boolean warning,
      String rationale,
      String remediation,
      List<String> sources) {}

  private static final List<String> IB_SOURCES =
      List.of(
          "InfiniBand Architecture Specification Vol. 1, PortCounters attribute",
          "infiniband-diags perfquery(8), ibqueryerrors(8)");

  public static final List<Description> ALL =
      List.of(
          new Description(
              PFC_STORM,
              "The PFC watchdog detected a pause storm on a lossless queue",
              false,
              "A storm means a peer kept a lossless queue paused past the watchdog's detection time: a NIC"
                  + " whose receive pipeline stalled (Microsoft, SIGCOMM'16 §4.3) or a PFC deadlock. The"
                  + " watchdog dropped or forwarded that queue's traffic to break it; RoCE on that port"
                  + " stalled meanwhile. The finding names the port, the queue (priority) and the"
                  + " storms counted since the previous audit.",
              "Find the paused neighbour (the port's peer in the intent's links): a host NIC pausing"
                  + " continuously needs its firmware watchdog on and a reset; a switch ring points at a"
                  + " deadlock (flooding of lossless traffic, a non up-down route). Raise"
                  + " fabric.health.watchdog-storms only to accept known storms.",
              List.of(
                  "Guo et al., RDMA over Commodity Ethernet at Scale, SIGCOMM 2016, §4.3",
                  "sonic-utilities pfcwd: show pfcwd stats")),
          new Description(
              LOSSLESS_DROPS,
              "A lossless queue dropped packets",
              false,
              "PFC exists so that the RoCE queue never drops: one drop costs a go-back-N retransmission of"
                  + " the whole window and, at scale, a collective's tail latency. Drops on a lossless"
                  + " queue mean headroom too small for the cable (buffer calculation), PFC off on the"
                  + " peer, or the watchdog's drop action firing.",
              "Check the port's PFC on both ends (weft drift), its headroom (weft explain-headroom) and"
                  + " the watchdog storms on the same queue.",
              List.of(
                  "SONiC dynamic headroom calculation HLD",
                  "sonic-utilities queuestat: show queue counters")),
          new Description(
              PAUSE_RATE,
              "A port sent or received PFC pause frames above the fabric's ceiling",
              true,
              "Sustained PAUSE from one port spreads congestion upstream (victim flows, head-of-line"
                  + " blocking) long before a storm trips the watchdog: a slow receiver (MTT cache misses),"
                  + " ECN marking that starts after PFC, or an incast hot spot.",
              "Look at the host behind the port (large pages for RDMA buffers), at the ECN thresholds (ECN"
                  + " must mark before XOFF) and at the job's traffic pattern; fabric.health"
                  + ".pause-frames-per-second sets the ceiling.",
              List.of("Guo et al., SIGCOMM 2016, §4.4", "Zhu et al., DCQCN, SIGCOMM 2015")),
          new Description(
              NO_CNP,
              "RoCE traffic flowed but no CNP crossed the switch",
              true,
              "On a dcqcn fabric receivers answer ECN-marked RoCE packets with CNPs, which the switch carries"
                  + " in the CNP class's queue. A night of RoCE traffic with none means ECN marking is off,"
                  + " the NICs' notification point is disabled, or CNPs are classified into another"
                  + " queue: congestion is then left to PFC alone.",
              "Check ECN on the lossless queue (weft drift), the NICs' np/rp enablement and CNP DSCP (weft"
                  + " validate on hosts), or declare congestion-control: pfc-only if that is the intent.",
              List.of(
                  "Gangidi et al., RDMA over Ethernet for Distributed AI Training at Meta Scale, SIGCOMM 2024")),
          new Description(
              UNREADABLE,
              "A device answered a counter command with output Weft could not use",
              true,
              "Health is judged only from counters Weft could read. An answer that is not what the platform"
                  + " prints (not JSON where NVUE was asked for JSON, a counter that is not a count, an"
                  + " object of the wrong shape), one larger than Weft parses, or one that timed out"
                  + " leaves those ports' storms and drops unseen: the device is not healthy by default."
                  + " The finding names the device, the command and what was expected and found; the"
                  + " device's other answers are still judged.",
              "Run the named command on the device by hand and compare with the platform's documented"
                  + " output (docs/audit.md lists the commands per platform); a release whose output"
                  + " changed shape is a Weft issue to report. An answer too large or too slow needs"
                  + " --max-reply-bytes or --timeout raised.",
              List.of(
                  "NVIDIA NVUE command reference: Show Commands, QoS (nv show interface <swp> counters qos ...)",
                  "sonic-utilities: show pfc counters, show queue counters, show pfcwd stats")),
          new Description(
              HOST_PAUSE_RATE,
              "A GPU host's NIC sent or received PFC pause frames above the fabric's ceiling",
              true,
              "A NIC that sends PAUSE continuously cannot drain its receive pipeline (PCIe back-pressure, MTT"
                  + " cache misses, a stalled host): it spreads congestion into the fabric and, unchecked,"
                  + " becomes a pause storm. One that receives PAUSE continuously sits behind a congested"
                  + " switch port. Counted from ethtool's rx_prio<p>_pause and tx_prio<p>_pause.",
              "Look at the host (large pages for RDMA buffers, PCIe errors, NIC firmware) and at the switch port"
                  + " it faces (the switch's own health-pause-rate); fabric.health.pause-frames-per-second"
                  + " sets the ceiling.",
              List.of(
                  "Guo et al., RDMA over Commodity Ethernet at Scale, SIGCOMM 2016, §4.3-4.4",
                  "Linux kernel documentation: mlx5 ethtool counters (rx_prio[p]_pause)")),
          new Description(
              HOST_RX_DISCARDS,
              "A GPU host's NIC dropped received packets for want of buffer",
              true,
              "rx_discards_phy counts packets the NIC's port dropped because its receive buffer was full. On a"
                  + " lossless class the NIC should have sent PAUSE first: drops mean PFC is off on the NIC"
                  + " for that priority (mlnx_qos), the NIC's buffer is misconfigured, or the host cannot"
                  + " keep up; each dropped RoCE packet costs a go-back-N retransmission.",
              "Check PFC on the NIC (weft render's host script sets it), the host's PCIe and CPU load, and the"
                  + " priority the traffic arrives on; fabric.health.lossless-drops sets the limit.",
              List.of(
                  "Linux kernel documentation: mlx5 ethtool counters (rx_discards_phy)",
                  "Guo et al., SIGCOMM 2016, §4.1")),
          new Description(
              HOST_SEQUENCE,
              "A GPU host's RDMA NIC saw packets out of sequence",
              true,
              "out_of_sequence (packets that arrived with a PSN after a gap) and packet_seq_err (NAK-sequence"
                  + " errors received) rise when RoCE packets are lost or reordered on the way: a lossy"
                  + " hop (PFC missing somewhere on the path), a flapping link, or ECMP reordering. Each"
                  + " one makes the sender go back and retransmit the window: collective tail latency.",
              "Find the drops on the path (health-lossless-drops on the switches, drift-pfc), check the links"
                  + " (FEC, errors) and whether adaptive routing reorders without the NIC expecting it."
                  + " Any rise is reported: a healthy lossless fabric reorders nothing.",
              List.of(
                  "Linux kernel documentation: mlx5 RDMA hardware counters (out_of_sequence, packet_seq_err)",
                  "Zhu et al., Congestion Control for Large-Scale RDMA Deployments (DCQCN), SIGCOMM 2015")),
          new Description(
              HOST_NO_CNP,
              "A GPU host's NIC moved RoCE traffic but exchanged no CNP",
              true,
              "On a dcqcn fabric a NIC that receives ECN-marked RoCE packets sends CNPs (np_cnp_sent) and one"
                  + " whose traffic was marked slows down on the CNPs it gets back (rp_cnp_handled). A"
                  + " night of RoCE traffic on the lossless priorities with neither means the NIC's"
                  + " notification or reaction point is disabled, ECN marking is off on the path, or the"
                  + " traffic is not on the class the switches mark: congestion is left to PFC alone.",
              "Check DCQCN on the NIC (the host script's cnp settings, /sys/class/net/<nic>/ecn), ECN on the"
                  + " switches' lossless queues (weft drift) and the DSCP the job uses; or declare"
                  + " congestion-control: pfc-only if that is the intent.",
              List.of(
                  "Zhu et al., DCQCN, SIGCOMM 2015",
                  "iproute2 rdma-statistic(8): rdma statistic show link <dev>/<port>")),
          new Description(
              IB_SYMBOL_ERRORS,
              "An InfiniBand port counted symbol errors",
              true,
              "SymbolErrorCounter counts minor errors the port's receiver saw on the physical lanes. A few a"
                  + " night are normal on long links; more point at a marginal cable, a dirty connector or"
                  + " a failing transceiver, the step before link error recoveries and a link going down."
                  + " The finding names the port, its peer in the intent's links and the count since the"
                  + " previous audit.",
              "Inspect the link named by the finding (cable, connector, transceiver temperature; mlxlink on"
                  + " NVIDIA HCAs and switches) and reseat or replace it. Raise subnet.health.symbol-errors"
                  + " only for a link whose rate is known and accepted.",
              IB_SOURCES),
          new Description(
              IB_LINK_DOWNED,
              "An InfiniBand link went down",
              false,
              "LinkDownedCounter counts the times the port's link training failed and the link went down. Every"
                  + " queue pair and collective using the link was interrupted, and the SM re-routed the"
                  + " subnet around it and back.",
              "Check the link named by the finding and its peer (ibportstate, mlxlink), the SM log for the"
                  + " traps at that time, and whether maintenance explains it; a link that keeps going down"
                  + " needs its cable replaced.",
              IB_SOURCES),
          new Description(
              IB_LINK_RECOVERY,
              "An InfiniBand link retrained",
              true,
              "LinkErrorRecoveryCounter counts successful link retrainings after errors: the link stayed up"
                  + " but stopped forwarding while it retrained. Usually the sign of a marginal cable, seen"
                  + " with symbol errors.",
              "Treat as health-ib-symbol-errors: inspect and replace the link's cable or transceiver.",
              IB_SOURCES),
          new Description(
              IB_RCV_ERRORS,
              "An InfiniBand port received packets with errors",
              true,
              "PortRcvErrors counts packets the port received and dropped for an error (bad CRC, malformed"
                  + " packet, buffer overrun). Each one costs the sender a retransmission.",
              "Inspect the link named by the finding (the peer transmits the bad packets) and compare with"
                  + " the symbol errors on the same port.",
              IB_SOURCES),
          new Description(
              IB_XMIT_DISCARDS,
              "An InfiniBand port discarded packets on transmit",
              false,
              "PortXmitDiscards counts outbound packets dropped because the port was down or congested past"
                  + " the head-of-queue lifetime: on a credit-based lossless fabric the only drops, each"
                  + " one a retransmission timeout for the flow.",
              "Look for a link that went down (health-ib-link-downed) or congestion on the port"
                  + " (health-ib-congestion) and a routing that concentrates traffic on it.",
              IB_SOURCES),
          new Description(
              IB_CONGESTION,
              "An InfiniBand port waited for credit to transmit",
              true,
              "PortXmitWait counts the ticks in which the port had data to send but its peer gave no credit:"
                  + " back-pressure from congestion further on. Sustained over a night it points at an"
                  + " oversubscribed link, a slow receiver or a routing that puts many flows on one port.",
              "Check the routing engine and its balance (ibroute, ftree root switches), the traffic's"
                  + " placement, and the receiver behind the peer. subnet.health.xmit-wait-per-second sets"
                  + " the ceiling, averaged over the night.",
              IB_SOURCES));

  private HealthRules() {}
}
