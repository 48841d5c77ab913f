package dev.weft.platform.sonic;

import java.util.List;
import java.util.Map;

/**
 * The platform facts of one SONiC hardware SKU that a loadable config_db.json carries and that Weft
 * checks the intent against: the ports the SKU has (lanes, alias, front-panel index, default speed,
 * from its {@code port_config.ini}) and the buffer pools its buffer defaults create. Loaded by
 * {@link SonicHwskus}.
 *
 * @param name the HWSKU, e.g. {@code Mellanox-SN5600-O128}
 * @param version the file's {@code profile-version}
 * @param source where it was loaded from, for messages
 * @param platform SONiC's platform string ({@code DEVICE_METADATA|localhost.platform})
 * @param asic the ASIC, as the intent's {@code asic} names it
 * @param ports port name → facts
 * @param pools pool name → pool
 */
public record SonicHwsku(
    String name,
    String version,
    String source,
    String platform,
    String asic,
    Map<String, Port> ports,
    Map<String, Pool> pools) {

  /** One port of the SKU: {@code lanes} as SONiC writes them ({@code 0,1,2,3}), speed in Mb/s. */
  public record Port(String name, String lanes, String alias, int index, long speedMbps) {}

  /** One BUFFER_POOL: type {@code ingress|egress}, mode {@code static|dynamic}, size in bytes. */
  public record Pool(String name, String type, String mode, long size) {}

  public SonicHwsku {
    ports = Map.copyOf(ports);
    pools = Map.copyOf(pools);
  }

  /** The pool names, sorted, for messages. */
  public List<String> poolNames() {
    return pools.keySet().stream().sorted().toList();
  }
}
