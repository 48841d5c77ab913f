package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.json.Json;
import dev.weft.platform.Platforms;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft schema} for editors: the schema it prints is the one Weft checks with (its platforms from
 * the packs), docs/intent.schema.json is that output, every example file points its yaml-language-server
 * modeline at it, and an independent validator (ajv, with the YAML 1.2 parser yaml-language-server uses)
 * accepts every example file against it and rejects a broken one.
 */
class EditorSchemaTest {

    static final Path PROJECT = ProjectDir.get();
    static final Path DOCS_SCHEMA = PROJECT.resolve("docs/intent.schema.json");
    static final Path TOOLS = PROJECT.resolve("target/tools/ajv/node_modules/.bin");

    @TempDir
    Path tmp;

    @Test
    void weftSchemaPrintsTheSchemaWithTheDocumentedIdAndThePlatformsOfThePacks() throws Exception {
        CliRun run = CliRun.of("schema");
        assertEquals(0, run.exitCode(), run.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) Json.parse(run.out());
        assertEquals(SchemaCommand.ID, schema.get("$id"));
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema"));
        String platforms = String.join("\", \"", Platforms.builtIn().switchPlatforms());
        assertTrue(run.out().contains("[\"" + platforms + "\"]"), "the platform enum lists every switch pack: " + platforms);
        assertTrue(!run.out().contains("@switch-platforms@"), "the marker is filled in");
    }

    @Test
    void docsIntentSchemaJsonIsWhatWeftSchemaPrints() throws Exception {
        assertEquals(CliRun.of("schema").out(), Files.readString(DOCS_SCHEMA),
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
            assertTrue(last.startsWith("# yaml-language-server: $schema="), f + " ends with the modeline: " + last);
            Path target = f.getParent().resolve(last.substring(last.indexOf('=') + 1)).normalize();
            assertEquals(DOCS_SCHEMA, target, f + " points at docs/intent.schema.json");
        }
    }

    @Test
    void ajvAcceptsEveryExampleFileAgainstTheExportedSchemaAndRejectsABrokenOne() throws Exception {
        requireAjv();
        Path schema = tmp.resolve("intent.schema.json");
        Files.writeString(schema, CliRun.of("schema").out());
        List<String> command = new ArrayList<>(List.of(TOOLS.resolve("ajv").toString(), "validate", "--spec=draft2020",
                "--allow-union-types", "--errors=line", "-s", schema.toString()));
        int n = 0;
        for (Path f : exampleFiles()) {
            Path json = tmp.resolve("file-" + n++ + ".json");
            toJson(f, json);
            command.add("-d");
            command.add(json.toString());
        }
        Shell.Result valid = Shell.run(tmp, Map.of(), command, 2);
        assertEquals(0, valid.exit(), valid.all());
        assertEquals(n, valid.out().lines().filter(l -> l.endsWith(" valid")).count(), valid.all());

        Path broken = tmp.resolve("broken.yaml");
        Files.writeString(broken, Files.readString(PROJECT.resolve("inventories/roce-pod-a/fabric.yaml"))
                .replaceFirst("priority: 3", "priority: 9"));
        toJson(broken, tmp.resolve("broken.json"));
        Shell.Result invalid = Shell.run(tmp, Map.of(), List.of(TOOLS.resolve("ajv").toString(), "validate", "--spec=draft2020",
                "--allow-union-types", "--errors=line", "-s", schema.toString(), "-d", tmp.resolve("broken.json").toString()), 2);
        assertNotEquals(0, invalid.exit(), invalid.all());
        assertTrue(invalid.all().contains("priority") && invalid.all().contains("must be <= 7"), invalid.all());
    }

    /** YAML to JSON with the {@code yaml} package (YAML 1.2, the parser yaml-language-server is built on). */
    private void toJson(Path yaml, Path json) throws Exception {
        Shell.Result r = Shell.run(tmp, Map.of(), List.of("bash", "-c", "\"$0\" --json --single --strict < \"$1\" > \"$2\"",
                TOOLS.resolve("yaml").toString(), yaml.toString(), json.toString()), 2);
        assertEquals(0, r.exit(), yaml + ": " + r.all());
    }

    private static List<Path> exampleFiles() throws Exception {
        try (Stream<Path> s = Files.walk(PROJECT.resolve("inventories"))) {
            return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
        }
    }

    private static void requireAjv() {
        if (Files.isExecutable(TOOLS.resolve("ajv")) && Files.isExecutable(TOOLS.resolve("yaml"))) {
            return;
        }
        String why = "ajv-cli and yaml not found under " + TOOLS + "; run scripts/install-test-deps";
        if ("true".equals(System.getenv("CI"))) {
            fail(why);
        }
        System.err.println("SKIPPED: " + why);
        Assumptions.abort(why);
    }
}
