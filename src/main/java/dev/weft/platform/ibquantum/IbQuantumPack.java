package dev.weft.platform.ibquantum;

import dev.weft.model.Transport;
import dev.weft.platform.DeviceKind;
import dev.weft.platform.PlatformPack;

/**
 * NVIDIA Quantum InfiniBand switches. Their configuration lives in the subnet manager (the {@code
 * opensm} pack renders it); the switches themselves render no file of their own.
 */
public final class IbQuantumPack implements PlatformPack {

  @Override
  public String id() {
    return "ib-quantum";
  }

  @Override
  public String title() {
    return "NVIDIA Quantum InfiniBand switch (configured through the subnet manager)";
  }

  @Override
  public DeviceKind kind() {
    return DeviceKind.SWITCH;
  }

  @Override
  public Transport fabricTransport() {
    return Transport.INFINIBAND;
  }

  @Override
  public boolean sharpCapable() {
    return true;
  }

  @Override
  public boolean numberedPorts() {
    return true;
  }
}
