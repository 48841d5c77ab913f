package dev.weft.platform.connectx;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.PlatformPack;
import java.util.Optional;

/**
 * GPU hosts with NVIDIA ConnectX / BlueField RDMA NICs: the host QoS script and the NCCL
 * environment.
 */
public final class ConnectxPack implements PlatformPack {

  @Override
  public String id() {
    return "connectx";
  }

  @Override
  public String title() {
    return "GPU host RDMA NICs (ConnectX), roce-qos.sh + nccl.env";
  }

  @Override
  public DeviceKind kind() {
    return DeviceKind.HOST;
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new ConnectxNeighbours());
  }
}
