package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.platform.Platforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code weft schema} for editors: the schema it prints is the one Weft checks with (its platforms
 * from the packs), docs/intent.schema.json is that output, every example file points its
 * yaml-language-server modeline at it (ExamplesAgainstAjvTest has an independent validator check
 * them against it).
 */
class EditorSchemaTest {

  static final Path PROJECT = ProjectDir.get();
  static final Path DOCS_SCHEMA = PROJECT.resolve("docs/intent.schema.json");

  @Test
  void weftSchemaPrintsTheSchemaWithTheDocumentedIdAndThePlatformsOfThePacks() throws Exception {
    CliRun run = CliRun.of("schema");
    assertEquals(0, run.exitCode(), run.err());
    @SuppressWarnings("unchecked")
    Map<String, Object> schema = (Map<String, Object>) Json.parse(run.out());
    assertEquals(SchemaCommand.ID, schema.get("$id"));
    assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema"));
    String platforms = String.join("\", \"", Platforms.builtIn().switchPlatforms());
    assertTrue(
        run.out().contains("[\"" + platforms + "\"]"),
        "the platform enum lists every switch pack: " + platforms);
    assertTrue(!run.out().contains("@switch-platforms@"), "the marker is filled in");
  }

  @Test
  void docsIntentSchemaJsonIsWhatWeftSchemaPrints() throws Exception {
    assertEquals(
        CliRun.of("schema").out(),
        Files.readString(DOCS_SCHEMA),
        "docs/intent.schema.json is stale: ./weft schema > docs/intent.schema.json");
  }

  @Test
  void everyExampleFileCarriesTheModelinePointingAtTheSchema() throws Exception {
    List<Path> files = exampleFiles();
    assertTrue(files.size() >= 15, files.toString());
    for (Path f : files) {
      // On the last line, so the line numbers findings and tests name stay those of the content.
      List<String> lines = Files.readAllLines(f);
      String last = lines.get(lines.size() - 1);
      assertTrue(
          last.startsWith("# yaml-language-server: $schema="),
          f + " ends with the modeline: " + last);
      Path target = f.getParent().resolve(last.substring(last.indexOf('=') + 1)).normalize();
      assertEquals(DOCS_SCHEMA, target, f + " points at docs/intent.schema.json");
    }
  }

  static List<Path> exampleFiles() throws Exception {
    try (Stream<Path> s = Files.walk(PROJECT.resolve("inventories"))) {
      return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    }
  }
}
