package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.render.Examples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft import --from DIR} of a folder of Junos text backups: Juniper's AI/ML design's leaf
 * and spine {@code .conf} files (the vendored {@code juniper-jvd} corpus) are recognised as Junos
 * and read, and an inventory is written.
 */
class JunosTextImportTest {

  private static final Path CONF =
      Examples.projectRoot()
          .resolve(
              "src/test/resources/corpus/juniper-jvd/data_center/aidc/aiml_multitenancy_backend"
                  + "/configuration/conf");

  @TempDir Path tmp;

  @Test
  @SuppressWarnings("unchecked")
  void aFolderOfJunosConfFilesImports() throws Exception {
    Path from = Files.createDirectories(tmp.resolve("backups"));
    for (String f : List.of("leaf1_qfx5240-64od.conf", "spine1_qfx5240-64od.conf")) {
      Files.copy(CONF.resolve(f), from.resolve(f));
    }
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of("import", "--from", from.toString(), "--out", out.toString(), "--format", "json");
    Map<String, Object> result = (Map<String, Object>) Json.parse(run.out());
    List<Map<String, Object>> findings = (List<Map<String, Object>>) result.get("findings");
    assertTrue(
        findings.stream().noneMatch(f -> f.get("rule").equals("import-unreadable")),
        run.out() + run.err());
    assertTrue(Files.isDirectory(out.resolve("switches")), run.out() + run.err());
    String switches;
    try (var files = Files.list(out.resolve("switches"))) {
      switches =
          String.join(
              "\n",
              files
                  .map(
                      p -> {
                        try {
                          return Files.readString(p);
                        } catch (java.io.IOException e) {
                          throw new java.io.UncheckedIOException(e);
                        }
                      })
                  .toList());
    }
    for (String device : List.of("leaf1_qfx5240-64od", "spine1_qfx5240-64od")) {
      assertTrue(switches.contains("name: " + device), device + " not imported: " + switches);
    }
    assertTrue(switches.contains("platform: junos"), switches);
    assertTrue(switches.contains("et-0/0/0:0"), "breakout sub-ports are ports: " + switches);
  }
}
