package dev.weft.adopt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.finding.Finding;
import dev.weft.platform.sonic.SonicPack;
import dev.weft.render.Examples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code import-outside-model} on a CONFIG_DB no one here wrote (sonic-utilities' 3.0.1 test
 * config, references in the old {@code [TABLE|name]} form): the QoS maps, schedulers, WRED profile
 * and headroom profiles its ports and queues reference are imported by value, so they are not
 * listed as dropped even when the render names them otherwise; what Weft does not model still is.
 */
class OutsideModelCorpusTest {

  @Test
  void entriesTheReaderTookByValueAreNotListedAsDropped() throws Exception {
    String text =
        Files.readString(
            Examples.projectRoot()
                .resolve(
                    "src/test/resources/corpus/sonic-utilities/tests/db_migrator_input/config_db/"
                        + "qos_tables_db_field_value_reference_format_3_0_1.json"),
            StandardCharsets.UTF_8);
    DeviceConfig config = new DeviceConfig("sonic", "sonic", "sonic.json", text, "json");
    // a render that holds none of the device's named entries (Weft names its own)
    List<String> areas =
        OutsideModel.of(config, "{\"PORT\": {}}", new SonicPack()).stream()
            .map(Finding::path)
            .toList();
    assertEquals(
        List.of(
            "/BUFFER_PG",
            "/BUFFER_POOL",
            "/BUFFER_PROFILE",
            "/BUFFER_QUEUE",
            "/DEVICE_METADATA",
            "/PORT",
            "/PORT_QOS_MAP",
            "/QUEUE",
            "/VERSIONS"),
        areas);
    // of BUFFER_PROFILE, only the profiles without headroom (lossy and egress) are dropped
    Finding profiles =
        OutsideModel.of(config, "{\"PORT\": {}}", new SonicPack()).stream()
            .filter(f -> f.path().equals("/BUFFER_PROFILE"))
            .findFirst()
            .orElseThrow();
    assertEquals("3 not rendered", profiles.actual(), profiles.message());
  }

  /**
   * A redis dump of CONFIG_DB ({@code "PORT_QOS_MAP|Ethernet0": {...}}, sonic-utilities'
   * db_migrator inputs) is compared in config_db.json's table form: its port bindings, maps and
   * ports are not all listed as dropped because the render nests them.
   */
  @Test
  void aRedisDumpIsComparedInTableForm() throws Exception {
    String text =
        Files.readString(
            Examples.projectRoot()
                .resolve(
                    "src/test/resources/corpus/sonic-utilities/tests/db_migrator_input/config_db/"
                        + "qos_map_table_input.json"),
            StandardCharsets.UTF_8);
    DeviceConfig config = new DeviceConfig("sonic", "sonic", "sonic.json", text, "json");
    String rendered =
        """
        {"PORT": {"Ethernet0": {"speed": "1000"}, "Ethernet92": {"speed": "1000"},
                  "Ethernet96": {"speed": "1000"}, "Ethernet100": {"speed": "1000"}},
         "PORT_QOS_MAP": {"Ethernet0": {}, "Ethernet92": {}, "Ethernet96": {}, "Ethernet100": {}}}
        """;
    List<String> areas =
        OutsideModel.of(config, rendered, new SonicPack()).stream().map(Finding::path).toList();
    // the single maps are taken by value; only the database's version is outside the model
    assertEquals(List.of("/VERSIONS"), areas);
  }
}
