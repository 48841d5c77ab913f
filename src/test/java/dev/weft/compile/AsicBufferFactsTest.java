package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The buffer and speed facts of ASIC profiles: sourced like the headroom constants, optional for
 * site files.
 */
class AsicBufferFactsTest {

  private static final String BASE =
      """
            # source: x
            profile-version=1
            # source: x
            cell-size=192B
            # source: x
            mac-phy-delay=0.8KiB
            # source: x
            pipeline-latency=19KiB
            # source: x
            peer-response=3.8KiB
            # source: x
            small-packet-percentage=50
            """;

  @Test
  void everyBuiltInProfileKnowsItsBufferAndFastestPort() {
    for (String asic :
        new String[] {
          "spectrum", "spectrum-2", "spectrum-3", "spectrum-4", "spectrum-5", "spectrum-6"
        }) {
      AsicProfile p = AsicProfiles.builtIn().lookup(asic).orElseThrow();
      assertTrue(p.bufferBytes() > p.ingressLosslessPoolBytes(), asic);
      assertEquals(0, p.losslessDynamicTh(), asic);
      assertTrue(p.maxPortSpeedGbps() >= 100, asic);
    }
    assertEquals(
        800L, AsicProfiles.builtIn().lookup("spectrum-4").orElseThrow().maxPortSpeedGbps());
  }

  @Test
  void aSiteProfileWithoutTheNewKeysStaysValid() {
    AsicProfile p = AsicProfiles.parse("site", "site.properties", BASE);
    assertNull(p.bufferBytes());
    assertNull(p.maxPortSpeedGbps());
  }

  @Test
  void theNewKeysNeedASourceAndAUnit() {
    AsicProfile p =
        AsicProfiles.parse(
            "site",
            "site.properties",
            BASE
                + "# source: y\nbuffer-size=1000B\n# source: y\ningress-lossless-pool=500B\n# source: y\nlossless-dynamic-th=-1\n"
                + "# source: y\nmax-port-speed=400G\n");
    assertEquals(1000L, p.bufferBytes());
    assertEquals(500L, p.ingressLosslessPoolBytes());
    assertEquals(-1, p.losslessDynamicTh());
    assertEquals(400L, p.maxPortSpeedGbps());
    AsicProfileException noSource =
        assertThrows(
            AsicProfileException.class,
            () -> AsicProfiles.parse("site", "site.properties", BASE + "buffer-size=1000B\n"));
    assertTrue(noSource.getMessage().contains("no '# source:' comment"), noSource.getMessage());
    AsicProfileException badSpeed =
        assertThrows(
            AsicProfileException.class,
            () ->
                AsicProfiles.parse(
                    "site", "site.properties", BASE + "# source: y\nmax-port-speed=400\n"));
    assertTrue(badSpeed.getMessage().contains("max-port-speed must be"), badSpeed.getMessage());
  }
}
