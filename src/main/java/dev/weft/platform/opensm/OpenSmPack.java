package dev.weft.platform.opensm;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.PlatformPack;

/**
 * The InfiniBand subnet manager: opensm.conf, partitions.conf, qos-policy.conf and the root GUIDs.
 */
public final class OpenSmPack implements PlatformPack {

  @Override
  public String id() {
    return "opensm";
  }

  @Override
  public String title() {
    return "OpenSM subnet manager files";
  }

  @Override
  public DeviceKind kind() {
    return DeviceKind.SUBNET_MANAGER;
  }
}
