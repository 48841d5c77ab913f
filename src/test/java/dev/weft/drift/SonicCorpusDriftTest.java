package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.platform.sonic.SonicPack;
import dev.weft.render.Examples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Drift of a SONiC switch no one here configured against {@code inventories/roce-pod-a}'s leaf-01:
 * each corpus file that is a whole CONFIG_DB (sonic-utilities' test configs, with a PORT table) is
 * read as leaf-01's running config. What drift reports must be differences of value: no finding
 * compares the names of ECN profiles (the device's {@code AZURE_LOSSLESS} against Weft's per-class
 * names; a device that marks nothing at all is told so), and no headroom the device computes itself
 * (dynamic buffer model) is compared by value.
 */
class SonicCorpusDriftTest {

  private static final String DIR =
      "src/test/resources/corpus/sonic-utilities/tests/db_migrator_input/config_db/";

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "qos_tables_db_field_value_reference_format_3_0_1.json",
        "qos_tables_db_field_value_reference_format_3_0_3.json",
        "qos_map_table_input.json",
        "reclaiming-buffer-dynamic-double-pools-input.json",
        "reclaiming-buffer-dynamic-single-pool-input.json",
        "reclaiming-buffer-traditional-single-pool-input.json"
      })
  void againstRocePodAOnlyValuesDiffer(String file) throws Exception {
    SonicPack sonic = new SonicPack();
    CompiledSwitch compiled =
        (CompiledSwitch) Examples.compile("roce-pod-a").device("leaf-01").orElseThrow();
    CompiledSwitch intended = DriftAudit.comparable(compiled, sonic);
    String text =
        Files.readString(Examples.projectRoot().resolve(DIR + file), StandardCharsets.UTF_8);
    CompiledSwitch live = SonicConfigDbReader.read(text, "leaf-01", file);
    List<Finding> findings =
        Drift.compare(
            intended, live, Tolerance.of(intended), sonic.paths(), sonic.notAudited().keySet());
    Set<String> names = new TreeSet<>();
    intended.ecnProfiles().stream().map(EcnProfile::name).forEach(names::add);
    live.ecnProfiles().stream().map(EcnProfile::name).forEach(names::add);
    for (Finding f : findings) {
      assertFalse(
          names.contains(f.expected()) || names.contains(f.actual()),
          "a profile name compared, not its values: " + f);
      // a device that marks with a profile of any name has the intent's profile's counterpart
      assertFalse(
          !live.ecnProfiles().isEmpty()
              && isEcn(f)
              && f.message().contains("does not exist on the device"),
          f.toString());
    }
    Set<String> dynamic = new TreeSet<>();
    live.ports().stream()
        .filter(p -> p.headroom().stream().anyMatch(PriorityGroupHeadroom::dynamic))
        .forEach(p -> dynamic.add(p.name()));
    for (Finding f : findings) {
      if (f.rule().equals(DriftRules.BUFFERS) && f.port() != null && dynamic.contains(f.port())) {
        assertTrue(
            f.path() == null
                || !f.path().contains("/xoff")
                    && !f.path().contains("/xon")
                    && !f.path().contains("/size"),
            "device-computed headroom compared: " + f);
      }
    }
    long notAudited =
        findings.stream()
            .filter(f -> f.rule().equals(DriftRules.NOT_AUDITED))
            .filter(f -> f.message().contains("computed by the device"))
            .count();
    boolean compared =
        intended.ports().stream()
            .anyMatch(p -> dynamic.contains(p.name()) && !p.headroom().isEmpty());
    assertEquals(compared ? 1 : 0, notAudited, findings.toString());
  }

  private static boolean isEcn(Finding f) {
    return f.rule().equals(DriftRules.ECN);
  }
}
