package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.finding.Finding;
import dev.weft.fuzz.Fuzz;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule's metadata ({@code policies/<id>/rule.yaml}, built in or a site's override) on any bytes:
 * the YAML loader, then the metadata reader. The fields are read, or the file is refused with
 * findings that each name it, never an exception. Seeds (RuleMetaFuzzTestInputs/): built-in
 * rule.yaml files, an override that only changes a severity, and hostile titles.
 */
class RuleMetaFuzzTest {

  private static final YamlParser PARSER = new YamlParser(LoadLimits.defaults());
  private static final String FILE = "policies/ecn-thresholds/rule.yaml";

  @FuzzTest
  void anyRuleYamlIsMetadataOrLocatedFindings(byte[] bytes) {
    List<Finding> problems = new ArrayList<>();
    Fuzz.typedOnly(
        () -> {
          ParseResult parsed = PARSER.parse(new SourceFile(FILE, bytes, null));
          problems.addAll(parsed.findings());
          return parsed.ok()
              ? RuleMetaReader.read(parsed.root(), "ecn-thresholds", problems)
              : null;
        });
    for (Finding f : problems) {
      assertTrue(
          f.location() != null && FILE.equals(f.location().file()),
          "a finding without the file: " + f);
    }
  }
}
