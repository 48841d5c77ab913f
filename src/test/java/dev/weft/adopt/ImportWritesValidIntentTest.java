package dev.weft.adopt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.platform.Platforms;
import dev.weft.platform.sonic.SonicHwskus;
import dev.weft.render.Examples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code weft import} writes from a CONFIG_DB no one here wrote (sonic-utilities' 3.0.3 test
 * config, no skeleton): the switch's SKU and ASIC from {@code DEVICE_METADATA} when Weft has a
 * profile for the SKU, a finding naming the SKU and the profiles there are when it has none, and
 * keys the schema takes (no empty {@code profiles:} or {@code ports:}, no class above 7).
 */
class ImportWritesValidIntentTest {

  private static final String FILE =
      "src/test/resources/corpus/sonic-utilities/tests/db_migrator_input/config_db/"
          + "qos_tables_db_field_value_reference_format_3_0_3.json";

  private static ImportResult importText(String text) {
    DeviceConfig config = new DeviceConfig("sonic-1", "sonic", "backup/sonic-1.json", text, "json");
    return new Importer(Platforms.builtIn())
        .run(new ConfigFolder.Contents(List.of(config), List.of()), null, "backup", "pod", "out");
  }

  private static String corpus() throws Exception {
    return Files.readString(Examples.projectRoot().resolve(FILE), StandardCharsets.UTF_8);
  }

  @Test
  void aSkuWithAProfileGivesTheSwitchItsHwskuAndAsic() throws Exception {
    String text = corpus().replace("DellEMC-Z9264f-C64", "Mellanox-SN4600C-C64");
    ImportResult result = importText(text);
    String leaves = result.files().get("switches/leaves.yaml");
    assertTrue(leaves.contains("    hwsku: Mellanox-SN4600C-C64\n"), leaves);
    assertTrue(leaves.contains("    asic: spectrum-3\n"), "the profile's ASIC: " + leaves);
    assertFalse(
        result.findings().stream()
            .anyMatch(f -> "/DEVICE_METADATA/localhost/hwsku".equals(f.path())),
        result.findings().toString());
  }

  @Test
  void aSkuWithoutAProfileIsAFindingNamingItAndTheProfiles() throws Exception {
    ImportResult result = importText(corpus());
    String leaves = result.files().get("switches/leaves.yaml");
    assertFalse(leaves.contains("hwsku:"), leaves);
    assertFalse(leaves.contains("asic:"), leaves);
    Finding f =
        result.findings().stream()
            .filter(x -> "/DEVICE_METADATA/localhost/hwsku".equals(x.path()))
            .findFirst()
            .orElseThrow(() -> new AssertionError(result.findings().toString()));
    assertEquals(ImportIds.OUTSIDE_MODEL, f.rule());
    assertEquals("backup/sonic-1.json", f.location().file());
    assertTrue(f.message().contains("DellEMC-Z9264f-C64"), f.message());
    for (String sku : SonicHwskus.BUILT_IN) {
      assertTrue(f.message().contains(sku), "lists " + sku + ": " + f.message());
    }
  }

  @Test
  void aConfigWithoutPortsOrClassifierStillWritesKeysTheSchemaTakes() throws Exception {
    // only the buffer tables: no port, no DSCP map
    ImportResult result = importText("{\"BUFFER_POOL\": {}, \"DEVICE_METADATA\": {}}");
    assertTrue(
        result.files().get("profiles.yaml").contains("profiles: {}\n"), result.files().toString());
    assertFalse(
        result.files().get("switches/leaves.yaml").contains("ports:"), result.files().toString());
    String fabric = result.files().get("fabric.yaml");
    assertTrue(
        fabric.contains("    - name: default\n      dscp: default\n      priority: 0\n"), fabric);
  }
}
