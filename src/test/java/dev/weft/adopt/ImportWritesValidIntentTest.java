package dev.weft.adopt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.platform.Platforms;
import dev.weft.platform.sonic.SonicHwskus;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
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

  private static final String JVD =
      "src/test/resources/corpus/juniper-jvd/data_center/aidc/aiml_multitenancy_backend/"
          + "configuration/";

  private static ImportResult importText(String text) {
    return importConfig(new DeviceConfig("sonic-1", "sonic", "backup/sonic-1.json", text, "json"));
  }

  private static ImportResult importConfig(DeviceConfig config) {
    return new Importer(Platforms.builtIn())
        .run(new ConfigFolder.Contents(List.of(config), List.of()), null, "backup", "pod", "out");
  }

  private static ImportResult importJvd(String file) throws Exception {
    String text =
        Files.readString(Examples.projectRoot().resolve(JVD + file), StandardCharsets.UTF_8);
    return importConfig(new DeviceConfig("jvd-1", "junos", "backup/jvd-1.conf", text, "conf"));
  }

  @Test
  void aJunosSchedulerWithoutATransmitRateIsWrittenWithoutAWeight() throws Exception {
    // Juniper's NO-LOSS scheduler s1 has no transmit-rate: the platform's default share
    String fabric = importJvd("conf/leaf1_qfx5240-64od.conf").files().get("fabric.yaml");
    assertTrue(fabric.contains("      scheduler: { type: dwrr }\n"), fabric);
    assertFalse(fabric.contains("weight"), fabric);
  }

  @Test
  void aConfigWithNoPortImportsItsPlanWithoutPortsAndSaysSo() throws Exception {
    ImportResult result = importJvd("snips/evo/cos/rdma-rocev2-lossless.conf");
    assertFalse(
        result.files().get("switches/leaves.yaml").contains("ports:"), result.files().toString());
    Finding f =
        result.findings().stream()
            .filter(x -> x.message().contains("the config defines no port"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(result.findings().toString()));
    assertEquals(ImportIds.OUTSIDE_MODEL, f.rule());
    assertEquals(Severity.WARNING, f.severity());
    assertEquals("backup/jvd-1.conf", f.location().file());
    assertEquals("jvd-1", f.device());
  }

  /** A SONiC port-channel's members are written with their lag, so drift compares it at once. */
  @Test
  void sonicPortChannelMembersAreWrittenWithTheirLag() throws Exception {
    CompiledFabric f =
        Examples.compile(Examples.projectRoot(), java.nio.file.Path.of("src/test/resources/lag"));
    CompiledSwitch sw = (CompiledSwitch) f.device("sonic-leaf").orElseThrow();
    String db =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, f.fabric()).text("config_db.json");
    String leaves = importText(db).files().get("switches/leaves.yaml");
    for (String member : List.of("Ethernet0", "Ethernet8")) {
      assertTrue(leaves.contains("{ name: " + member + ", profile: "), leaves);
      assertTrue(
          leaves.matches(
              "(?s).*\\{ name: " + member + ", profile: [a-z0-9-]+, lag: PortChannel1 }.*"),
          member + ": " + leaves);
    }
    assertFalse(leaves.matches("(?s).*name: Ethernet16,[^}]*lag:.*"), leaves);
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
