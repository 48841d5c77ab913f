package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AsicProfilesTest {

  @Test
  void builtInSpectrum4IsReadWithUnits() {
    AsicProfile p = AsicProfiles.builtIn().lookup("spectrum-4").orElseThrow();
    assertEquals(192, p.cellSizeBytes());
    assertEquals(0, new BigDecimal("819.2").compareTo(p.macPhyDelayBytes()));
    assertEquals(0, new BigDecimal("19456").compareTo(p.pipelineLatencyBytes()));
    assertEquals(50, p.smallPacketPercentage());
    assertEquals("1", p.version());
    assertEquals(192, p.thresholdRoundingBytes());
  }

  @Test
  void unknownAsicHasNoProfile() {
    assertTrue(AsicProfiles.builtIn().lookup("tomahawk-5").isEmpty());
    assertTrue(
        AsicProfiles.builtIn().lookup("../spectrum-4").isEmpty(),
        "names cannot walk out of the folder");
  }

  @Test
  void siteDirectoryWinsOverBuiltIn(@TempDir Path dir) throws IOException {
    String text =
        Files.readString(
                Path.of(
                    System.getProperty("weft.project.dir", "."),
                    "src/main/resources/dev/weft/compile/asic/spectrum-4.properties"))
            .replace("cell-size=192B", "cell-size=256B");
    Files.writeString(dir.resolve("spectrum-4.properties"), text);
    assertEquals(
        256, AsicProfiles.withDirectory(dir).lookup("spectrum-4").orElseThrow().cellSizeBytes());
    assertEquals(
        144, AsicProfiles.withDirectory(dir).lookup("spectrum-3").orElseThrow().cellSizeBytes());
  }

  @Test
  void valueWithoutSourceIsRejected() {
    String text =
        """
                # source: ours
                profile-version=1
                # source: x
                cell-size=192B
                mac-phy-delay=0.8KiB
                # source: x
                pipeline-latency=19KiB
                # source: x
                peer-response=3.8KiB
                # source: x
                small-packet-percentage=50
                """;
    AsicProfileException e =
        assertThrows(
            AsicProfileException.class, () -> AsicProfiles.parse("x", "x.properties", text));
    assertEquals(
        "x.properties:5: key 'mac-phy-delay' has no '# source:' comment above it; every value must name its source",
        e.getMessage());
  }

  @Test
  void sizeWithoutUnitIsRejected() {
    String text =
        """
                # source: ours
                profile-version=1
                # source: x
                cell-size=192
                # source: x
                mac-phy-delay=0.8KiB
                # source: x
                pipeline-latency=19KiB
                # source: x
                peer-response=3.8KiB
                # source: x
                small-packet-percentage=50
                """;
    AsicProfileException e =
        assertThrows(
            AsicProfileException.class, () -> AsicProfiles.parse("x", "x.properties", text));
    assertEquals(
        "x.properties:4: cell-size must be a number with unit B or KiB (e.g. 192B, 0.8KiB), found '192'",
        e.getMessage());
  }

  @Test
  void missingKeyIsNamed() {
    AsicProfileException e =
        assertThrows(
            AsicProfileException.class,
            () -> AsicProfiles.parse("x", "x.properties", "# source: ours\nprofile-version=1\n"));
    assertEquals("x.properties: missing key 'cell-size'", e.getMessage());
  }
}
