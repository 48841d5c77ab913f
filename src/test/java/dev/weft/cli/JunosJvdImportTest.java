package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.render.Examples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Juniper's AI/ML JVD leaf and spine (issue 31): {@code weft import} of the device's config writes
 * an intent whose scheduler is no longer an error, and that shows no drift against the config it
 * was imported from. The lossless class {@code NO-LOSS} has a scheduler with no {@code
 * transmit-rate}: it is imported as {@code scheduler: { type: dwrr }} (the platform's default
 * share, no weight invented), and what validate says of it is {@code scheduler-weights}' warning
 * that a lossless class's share is then the platform's. The render of that plan through the Junos
 * templates reads back as planned in {@code JunosCorpusReadTest}.
 *
 * <p>Validate's other errors on these files are outside the scheduler and named here as the
 * measured gap: the classifier maps 2 of 64 code points ({@code dscp-map-incomplete}). Most ports
 * fix no speed and are imported {@code speed: auto}; drift compares and finds the scheduler, ECN
 * and classification as the device runs them, and PFC and its watchdog on the ports, which have no
 * link in the import and no cable length in the config, written {@code cable-length: default}, and
 * the MTU of the ports the config sets none on, read at Junos's media MTU default: no drift.
 */
class JunosJvdImportTest {

  private static final String DIR =
      "juniper-jvd/data_center/aidc/aiml_multitenancy_backend/configuration/conf/";

  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"leaf1_qfx5240-64od.conf", "spine1_qfx5240-64od.conf"})
  void theSchedulerImportsWithoutAWeightAndShowsNoDrift(String file) throws Exception {
    Path backup = Files.createDirectories(tmp.resolve("backup"));
    Files.writeString(
        backup.resolve("jvd-1.conf"),
        Files.readString(
            Examples.projectRoot().resolve("src/test/resources/corpus").resolve(DIR + file),
            StandardCharsets.UTF_8));
    Path inventory = tmp.resolve("imported");
    CliRun imported =
        CliRun.of(
            "import",
            "--from",
            backup.toString(),
            "--out",
            inventory.toString(),
            "--format",
            "json");
    String fabric = Files.readString(inventory.resolve("fabric.yaml"), StandardCharsets.UTF_8);
    assertTrue(fabric.contains("scheduler: { type: dwrr }"), fabric);

    assertEquals(List.of(), outsideTheGap(errors(imported)), imported.out());
    CliRun validated = CliRun.of("validate", inventory.toString(), "--format", "json");
    assertEquals(List.of(), outsideTheGap(errors(validated)), validated.out());
    assertTrue(
        rules(validated).contains("scheduler-weights"),
        "the lossless class without a weight is said: " + validated.out());

    // the ports' speed, which the config does not fix for most of them, is written auto
    String written = Files.readString(inventory.resolve("profiles.yaml"), StandardCharsets.UTF_8);
    assertTrue(written.contains("  port-auto: { speed: auto }\n"), written);
    // the ports that run PFC on the device have no link in the import and no length in the
    // config: they are written with the platform's default headroom, so they import lossless
    StringBuilder switches = new StringBuilder();
    try (var files = Files.list(inventory.resolve("switches"))) {
      for (Path f : files.sorted().toList()) {
        switches.append(Files.readString(f, StandardCharsets.UTF_8));
      }
    }
    assertTrue(switches.toString().contains("cable-length: default"), switches.toString());
    CliRun drift =
        CliRun.of(
            "drift", inventory.toString(), "--from-backup", backup.toString(), "--format", "json");
    // the scheduler and the ECN profile of NO-LOSS are as the device runs them, and so are PFC
    // and its watchdog on the ports without a link (cable-length: default), and the MTU of the
    // ports the config sets none on (Junos's media MTU default): the device is clean against its
    // own import
    assertTrue(drift.out().contains("\"status\": \"ok\""), "jvd-1 is clean: " + drift.out());
    assertEquals(
        List.of(), rules(drift).stream().filter(r -> r.startsWith("drift-")).toList(), drift.out());
  }

  /** The errors that are not the measured gap named in the class comment. */
  private static List<String> outsideTheGap(List<String> errors) {
    return errors.stream()
        .filter(
            e ->
                !e.startsWith("dscp-map-incomplete: ")
                    // the import's round trip: no MTU in the config
                    && !e.startsWith("drift-mtu: "))
        .toList();
  }

  /** The error findings of a run, as {@code rule: message}. */
  private static List<String> errors(CliRun run) throws Exception {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> f : findings(run)) {
      if ("error".equals(String.valueOf(f.get("severity")))) {
        out.add(f.get("rule") + ": " + f.get("message"));
      }
    }
    return out;
  }

  private static List<String> rules(CliRun run) throws Exception {
    return findings(run).stream().map(f -> String.valueOf(f.get("rule"))).toList();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(CliRun run) throws Exception {
    assertTrue(!run.out().isBlank(), "no report (exit " + run.exitCode() + "): " + run.err());
    Object list = ((Map<String, Object>) Json.parse(run.out())).get("findings");
    return list == null ? List.of() : (List<Map<String, Object>>) list;
  }
}
