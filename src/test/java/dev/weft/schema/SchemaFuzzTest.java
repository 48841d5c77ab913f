package dev.weft.schema;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.finding.Finding;
import dev.weft.fuzz.Fuzz;
import dev.weft.source.SourceFile;
import dev.weft.testing.TestPlatforms;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.util.List;

/**
 * The schema check on any bytes, as {@code weft validate} runs it: the YAML loader, then the quick
 * pass and the schema library on every file that parses. The file is valid or has findings that
 * each name it, never an exception. Seeds (SchemaFuzzTestInputs/): the example inventories' files,
 * whose shapes (fabric, profiles, switches, hosts, links, subnet) lead the fuzzer into every branch
 * of the schema.
 */
class SchemaFuzzTest {

  private static final YamlParser PARSER = new YamlParser(LoadLimits.defaults());
  private static final SchemaValidator SCHEMA = TestPlatforms.schemaValidator();
  private static final String FILE = "fuzz/case.yaml";

  @FuzzTest
  void anyFileIsValidOrLocatedFindings(byte[] bytes) {
    List<Finding> findings =
        Fuzz.typedOnly(
            () -> {
              ParseResult parsed = PARSER.parse(new SourceFile(FILE, bytes, null));
              return parsed.ok() ? SCHEMA.validate(FILE, parsed.root()) : parsed.findings();
            });
    assertNotNull(findings, "no answer");
    for (Finding f : findings) {
      assertTrue(
          f.location() != null && FILE.equals(f.location().file()),
          "a finding without the file: " + f);
    }
  }
}
