package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A host pins NCCL to GID index 0 or 1 ({@code NCCL_IB_GID_INDEX}), which on a RoCE port are the
 * two default GIDs: Linux reserves the first entries of every RoCE GID table, one per GID type the
 * port supports (RoCE v1 and v2 on ConnectX), for a link-local fe80:: GID made from the netdev's
 * MAC ({@code gid_table_reserve_default}, {@code make_default_gid} in
 * drivers/infiniband/core/cache.c). A link-local address is never routed: from a routed host port
 * (no VLAN) it reaches no other GPU, and across leaves none, so every connection NCCL makes with
 * the pin fails or falls back. Which index holds the routable RoCE v2 GID of the host's address
 * depends on its addresses (show_gids); only the two the kernel fixes are judged.
 */
public final class GidIndexLinkLocal extends RoceRule {

  static final String ID = "gid-index-link-local";

  /** The GID table entries the kernel reserves for the default (link-local) GIDs. */
  static final int DEFAULT_GIDS = 2;

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    Integer leaves = null;
    for (Host h : model.hosts()) {
      if (h.gidIndex() == null || h.gidIndex() >= DEFAULT_GIDS) {
        continue;
      }
      String why = null;
      for (Nic n : h.nics()) {
        Endpoint peer =
            model.linkAt(h.name(), n.name()).map(l -> l.peerOf(h.name(), n.name())).orElse(null);
        EffectivePort port =
            peer == null ? null : model.effectivePortAt(peer.device(), peer.port()).orElse(null);
        if (port != null && port.vlan() == null) {
          why = "its NIC " + n.name() + " is cabled to routed port " + peer;
          break;
        }
      }
      if (why == null) {
        if (leaves == null) {
          leaves = hostFacingSwitches(model);
        }
        if (leaves < 2) {
          continue; // one switch, hosts in its VLAN: link-local reaches them
        }
        why =
            "GPUs on the other "
                + (leaves - 1)
                + " host-facing switches are reached only by routing";
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "host "
                      + h.name()
                      + " pins NCCL to GID index "
                      + h.gidIndex()
                      + ", one of the link-local default GIDs (fe80::, indexes 0 and 1) the kernel"
                      + " reserves, but "
                      + why
                      + "; a link-local GID is never routed, so NCCL's connections across the"
                      + " fabric fail. Pin the RoCE v2 GID of the port's routed address (show_gids),"
                      + " or let NCCL pick it")
              .at(Roce.at(h.at(), "gid-index"))
              .onDevice(h.name())
              .withValues(
                  "the RoCE v2 GID of a routed address (index >= " + DEFAULT_GIDS + ")",
                  "gid-index " + h.gidIndex()));
    }
  }

  private static int hostFacingSwitches(FabricModel model) {
    Set<String> switches = new HashSet<>();
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.peer() != null && model.hostNamed(ep.peer().device()).isPresent()) {
        switches.add(ep.deviceName());
      }
    }
    return switches.size();
  }
}
