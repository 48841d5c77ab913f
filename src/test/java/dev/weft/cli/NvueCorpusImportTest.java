package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.testing.TestYaml;
import dev.weft.yaml.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft import --from} a folder of the NVUE revisions written from NVIDIA's guide ({@code
 * corpus/nvue-docs/}): every revision is read (none is unreadable, none fails to render) and the
 * inventory is written; a {@code qos roce} switch imports as the RoCE plan NVUE applies (DSCP 26 on
 * lossless priority 3 with ECN, CNP on strict priority 6), not as an empty one; a port whose speed
 * the revision does not fix ({@code link speed auto}, NVUE's default) is written {@code speed:
 * auto}.
 */
class NvueCorpusImportTest {

  private static final Path CORPUS =
      Examples.projectRoot().resolve("src/test/resources/corpus/nvue-docs");

  @TempDir Path tmp;

  @Test
  void everyRevisionIsReadAndImported() throws Exception {
    Path in = copy(null);
    Path out = tmp.resolve("imported");
    CliRun run =
        CliRun.of("import", "--from", in.toString(), "--out", out.toString(), "--format", "json");
    for (Map<String, Object> f : findings(run.out())) {
      String rule = String.valueOf(f.get("rule"));
      assertTrue(!rule.equals("import-unreadable") && !rule.equals("render-error"), f.toString());
    }
    String leaves = Files.readString(out.resolve("switches/leaves.yaml"));
    try (Stream<Path> files = Files.list(in)) {
      for (Path f : files.toList()) {
        String device = f.getFileName().toString().replaceAll("\\.json$", "");
        assertTrue(leaves.contains("- name: " + device + "\n"), device + " in " + leaves);
      }
    }
  }

  @Test
  void aPortOfLinkSpeedAutoIsWrittenAutoAndValidates() throws Exception {
    Path in = copy("link-speed-auto.json");
    Path out = tmp.resolve("imported");
    CliRun.of("import", "--from", in.toString(), "--out", out.toString(), "--format", "json");
    String profiles = Files.readString(out.resolve("profiles.yaml"));
    assertTrue(profiles.contains("  port-auto: { speed: auto }\n"), profiles);
    assertTrue(
        Files.readString(out.resolve("fabric.yaml")).contains("  trust: pcp\n"), "NVUE's l2");
    // the only error left is the plan's own: NVUE's default trust l2 on routed ports puts every
    // packet in PCP 0's priority (pcp-trust-routed), not a gap of the import
    CliRun validate = CliRun.of("validate", out.toString(), "--format", "json");
    List<String> errors =
        findings(validate.out()).stream()
            .filter(f -> "error".equals(f.get("severity")))
            .map(f -> String.valueOf(f.get("rule")))
            .distinct()
            .toList();
    assertEquals(List.of("pcp-trust-routed"), errors);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aQosRoceSwitchImportsAsTheRocePlan() throws Exception {
    Path in = copy("roce-lossless.json");
    Path out = tmp.resolve("imported");
    CliRun.of("import", "--from", in.toString(), "--out", out.toString(), "--format", "json");
    Map<String, Object> fabric =
        (Map<String, Object>)
            Node.plain(
                TestYaml.parse("fabric.yaml", Files.readString(out.resolve("fabric.yaml")))
                    .root()
                    .get("fabric")
                    .orElseThrow());
    List<Map<String, Object>> classes = (List<Map<String, Object>>) fabric.get("traffic-classes");
    Map<String, Object> roce = carrying(classes, 26);
    assertEquals("3", String.valueOf(roce.get("priority")), roce.toString());
    assertEquals("true", String.valueOf(roce.get("lossless")), roce.toString());
    assertEquals(
        "{min=150KB, max=1500KB, probability=100}",
        String.valueOf(roce.get("ecn")),
        roce.toString());
    Map<String, Object> cnp = carrying(classes, 48);
    assertEquals("6", String.valueOf(cnp.get("priority")), cnp.toString());
    assertEquals("{type=strict}", String.valueOf(cnp.get("scheduler")), cnp.toString());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> carrying(List<Map<String, Object>> classes, int dscp) {
    return classes.stream()
        .filter(
            c ->
                c.get("dscp") instanceof List<?> l
                    && l.stream().anyMatch(d -> String.valueOf(d).equals(String.valueOf(dscp))))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no class carries DSCP " + dscp + ": " + classes));
  }

  /** The corpus revisions (or the one named) in a folder of their own, without SOURCE. */
  private Path copy(String only) throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    try (Stream<Path> files = Files.list(CORPUS)) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.endsWith(".json") && (only == null || only.equals(name))) {
          Files.copy(f, in.resolve(name));
        }
      }
    }
    return in;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(String json) throws Exception {
    return (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings");
  }
}
