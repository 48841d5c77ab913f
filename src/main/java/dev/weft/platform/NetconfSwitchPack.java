package dev.weft.platform;

import java.util.Optional;

/**
 * What every pack of a switch read over NETCONF shares: the pack is its own live profile, stamps
 * its id on what it reads, and asks for its running config with one {@code <get-config>} subtree
 * filter. A subclass gives the id, title, filter and reader, and what its vendor's model cannot
 * hold (render gaps, {@link #normalise}, {@link #paths}, {@link #notAudited}).
 */
public abstract class NetconfSwitchPack implements PlatformPack, LiveProfile {

  /**
   * The {@code <get-config>} subtree filter: only the trees drift compares, so nothing else is
   * transferred.
   */
  protected abstract String subtreeFilter();

  /**
   * The folder of the project holding the YANG models this pack renders, reads and names paths in,
   * e.g. {@code yang/vendor/juniper}: the lab's netconfd loads them, and every path of {@link
   * #paths()} is checked against them.
   */
  public abstract String yangModels();

  @Override
  public final DeviceKind kind() {
    return DeviceKind.SWITCH;
  }

  @Override
  public final Optional<LiveProfile> live() {
    return Optional.of(this);
  }

  @Override
  public final String platform() {
    return id();
  }

  @Override
  public final LiveTransport transport() {
    return new LiveTransport.NetconfGetConfig(subtreeFilter());
  }

  /**
   * The rendered {@code config.xml} beside the filtered {@code <get-config>} reply, tree by tree.
   */
  @Override
  public Optional<ConfigView> configView() {
    return Optional.of(ConfigView.netconf());
  }
}
