package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An independent JSON Schema validator, ajv (draft 2020-12), judges the example inventories against
 * the schema {@code weft schema} exports, each file read by the {@code yaml} package: the YAML 1.2
 * parser yaml-language-server is built on, so this is what an editor sees. A broken file must be
 * rejected too.
 */
@LabTest(
    needs = {"target/tools/ajv/node_modules/.bin/ajv", "target/tools/ajv/node_modules/.bin/yaml"})
class ExamplesAgainstAjvTest {

  static final Path PROJECT = ProjectDir.get();
  static final Path TOOLS = PROJECT.resolve("target/tools/ajv/node_modules/.bin");

  @TempDir Path tmp;

  @Test
  void ajvAcceptsEveryExampleFileAgainstTheExportedSchemaAndRejectsABrokenOne() throws Exception {
    Path schema = tmp.resolve("intent.schema.json");
    Files.writeString(schema, CliRun.of("schema").out());
    List<String> command =
        new ArrayList<>(
            List.of(
                TOOLS.resolve("ajv").toString(),
                "validate",
                "--spec=draft2020",
                "--allow-union-types",
                "--errors=line",
                "-s",
                schema.toString()));
    int n = 0;
    for (Path f : EditorSchemaTest.exampleFiles()) {
      Path json = tmp.resolve("file-" + n++ + ".json");
      toJson(f, json);
      command.add("-d");
      command.add(json.toString());
    }
    Shell.Result valid = Shell.run(tmp, Map.of(), command, 2);
    assertEquals(0, valid.exit(), valid.all());
    assertEquals(n, valid.out().lines().filter(l -> l.endsWith(" valid")).count(), valid.all());

    Path broken = tmp.resolve("broken.yaml");
    Files.writeString(
        broken,
        Files.readString(PROJECT.resolve("inventories/roce-pod-a/fabric.yaml"))
            .replaceFirst("priority: 3", "priority: 9"));
    toJson(broken, tmp.resolve("broken.json"));
    Shell.Result invalid =
        Shell.run(
            tmp,
            Map.of(),
            List.of(
                TOOLS.resolve("ajv").toString(),
                "validate",
                "--spec=draft2020",
                "--allow-union-types",
                "--errors=line",
                "-s",
                schema.toString(),
                "-d",
                tmp.resolve("broken.json").toString()),
            2);
    assertNotEquals(0, invalid.exit(), invalid.all());
    assertTrue(
        invalid.all().contains("priority") && invalid.all().contains("must be <= 7"),
        invalid.all());
  }

  /**
   * YAML to JSON with the {@code yaml} package (YAML 1.2, the parser yaml-language-server is built
   * on).
   */
  private void toJson(Path yaml, Path json) throws Exception {
    Shell.Result r =
        Shell.run(
            tmp,
            Map.of(),
            List.of(
                "bash",
                "-c",
                "\"$0\" --json --single --strict < \"$1\" > \"$2\"",
                TOOLS.resolve("yaml").toString(),
                yaml.toString(),
                json.toString()),
            2);
    assertEquals(0, r.exit(), yaml + ": " + r.all());
  }
}
