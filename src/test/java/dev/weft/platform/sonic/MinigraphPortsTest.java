package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.testing.CorpusPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MinigraphPorts} gives a port the speed {@code minigraph.py}'s {@code parse_xml} does: the
 * SKU's {@code port_config.ini}, replaced by the minigraph's DeviceInfo for the document's own
 * HWSKU, replaced by a PNG link's bandwidth; and mtu 9100 on every port.
 */
class MinigraphPortsTest {

  private static final String SKUS = "sonic-buildimage/device/";
  private static final String TESTS = "sonic-buildimage/src/sonic-config-engine/tests/";

  @TempDir Path tmp;

  @Test
  void theMinigraphOverridesTheSkuAndALinkOverridesBoth() throws Exception {
    Path ini = tmp.resolve("port_config.ini");
    Files.writeString(
        ini,
        """
        ## a licence line naming nothing
        # name       lanes   alias  index  speed
        Ethernet0    0,1     etp1   1      100000
        Ethernet2    2,3     etp2   1      100000
        Ethernet4    4,5     etp3   2      100000
        Ethernet6    6,7     etp4   2      100000
        """);
    Path minigraph = tmp.resolve("minigraph.xml");
    Files.writeString(
        minigraph,
        """
        <DeviceMiniGraph xmlns="Microsoft.Search.Autopilot.Evolution"
            xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
          <PngDec>
            <DeviceInterfaceLinks>
              <DeviceLinkBase>
                <ElementType>DeviceInterfaceLink</ElementType>
                <Bandwidth>10000</Bandwidth>
                <EndDevice>SW-1</EndDevice><EndPort>etp3</EndPort>
                <StartDevice>peer</StartDevice><StartPort>Ethernet1</StartPort>
              </DeviceLinkBase>
              <DeviceLinkBase>
                <ElementType>DeviceInterfaceLink</ElementType>
                <Bandwidth>25000</Bandwidth>
                <EndDevice>other</EndDevice><EndPort>etp4</EndPort>
                <StartDevice>peer</StartDevice><StartPort>Ethernet1</StartPort>
              </DeviceLinkBase>
              <DeviceLinkBase>
                <ElementType>LogicalLink</ElementType>
                <Bandwidth>1000</Bandwidth>
                <EndDevice>sw-1</EndDevice><EndPort>Ethernet0</EndPort>
                <StartDevice>peer</StartDevice><StartPort>Ethernet2</StartPort>
              </DeviceLinkBase>
            </DeviceInterfaceLinks>
          </PngDec>
          <DeviceInfos>
            <DeviceInfo>
              <EthernetInterfaces>
                <a:EthernetInterface><InterfaceName>etp1</InterfaceName><Speed>1000</Speed>
                </a:EthernetInterface>
              </EthernetInterfaces>
              <HwSku>Other-SKU</HwSku>
            </DeviceInfo>
            <DeviceInfo>
              <EthernetInterfaces>
                <a:EthernetInterface><InterfaceName>etp2</InterfaceName><Speed>50000</Speed>
                </a:EthernetInterface>
                <a:EthernetInterface><InterfaceName>Ethernet4</InterfaceName><Speed>40000</Speed>
                </a:EthernetInterface>
                <a:EthernetInterface><InterfaceName>etp99</InterfaceName><Speed>50000</Speed>
                </a:EthernetInterface>
              </EthernetInterfaces>
              <HwSku>My-SKU</HwSku>
            </DeviceInfo>
          </DeviceInfos>
          <Hostname>sw-1</Hostname>
          <HwSku>My-SKU</HwSku>
        </DeviceMiniGraph>
        """);
    assertEquals(
        Map.of(
            // another HWSKU's DeviceInfo and a LogicalLink change nothing
            "Ethernet0", Map.of("speed", "100000", "mtu", "9100"),
            // DeviceInfo by alias
            "Ethernet2", Map.of("speed", "50000", "mtu", "9100"),
            // DeviceInfo by name, then this device's end of a link (hostname in any case)
            "Ethernet4", Map.of("speed", "10000", "mtu", "9100"),
            // a link between two other devices changes nothing
            "Ethernet6", Map.of("speed", "100000", "mtu", "9100")),
        MinigraphPorts.read(ini, minigraph)); // etp99 is no port of the SKU: ignored
  }

  /**
   * The four devices SONiC's tests render the corpus samples for. The counts are the minigraphs'
   * own (their DeviceInfo speeds, and for the 7060X6 its two 10G links), and SN2410's {@code
   * port_config.ini} has no speed column, so every speed there is the minigraph's.
   */
  @Test
  void theCorpusDevicesHaveTheirMinigraphsSpeeds() throws Exception {
    assertEquals(
        Map.of("25000", 48, "100000", 8),
        speeds(
            "mellanox/x86_64-mlnx_msn2410-r0/ACS-MSN2410",
            "sample-mellanox-2410-t1-minigraph.xml"));
    assertEquals(
        Map.of("100000", 62, "50000", 2),
        speeds(
            "mellanox/x86_64-mlnx_msn4600c-r0/Mellanox-SN4600C-C64",
            "sample-mellanox-4600c-t1-minigraph.xml"));
    assertEquals(
        Map.of("50000", 48, "100000", 40),
        speeds(
            "mellanox/x86_64-mlnx_msn4600c-r0/Mellanox-SN4600C-D48C40",
            "sample-mellanox-4600c-t0-minigraph.xml"));
    assertEquals(
        Map.of("400000", 128, "10000", 2),
        speeds(
            "arista/x86_64-arista_7060x6_16pe_384c_b/Arista-7060X6-16PE-384C-B-O128S2",
            "sample-arista-7060x6-t0-minigraph.xml"));
    Map<String, Map<String, String>> sn2410 =
        read(
            "mellanox/x86_64-mlnx_msn2410-r0/ACS-MSN2410", "sample-mellanox-2410-t1-minigraph.xml");
    assertEquals(Map.of("speed", "25000", "mtu", "9100"), sn2410.get("Ethernet188"));
    assertEquals(Map.of("speed", "100000", "mtu", "9100"), sn2410.get("Ethernet192"));
  }

  private static Map<String, Integer> speeds(String sku, String minigraph) throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    read(sku, minigraph).values().forEach(p -> out.merge(p.get("speed"), 1, Integer::sum));
    return out;
  }

  private static Map<String, Map<String, String>> read(String sku, String minigraph)
      throws Exception {
    return MinigraphPorts.read(
        CorpusPlan.CORPUS.resolve(SKUS + sku + "/port_config.ini"),
        CorpusPlan.CORPUS.resolve(TESTS + minigraph));
  }
}
