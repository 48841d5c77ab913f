package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.accel.Accelerators;
import dev.weft.accel.FastMode;
import dev.weft.finding.Finding;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The YAML loader (the fast path and snakeyaml behind it) on any bytes: a tree, or findings that
 * each name the file, never an exception, always within the bound. The seeds
 * (YamlLoaderFuzzTestInputs/) are the example inventory files, some with a value that broke a
 * reader before, and YAML-ish fragments.
 */
class YamlLoaderFuzzTest {

  private static final YamlParser PARSER = new YamlParser(LoadLimits.defaults());

  @FuzzTest
  void anyBytesAreATreeOrAFinding(byte[] bytes) {
    ParseResult result =
        Fuzz.typedOnly(() -> PARSER.parse(new SourceFile("fuzz/case.yaml", bytes, null)));
    assertNotNull(result, "no result");
    assertTrue(result.ok() || !result.findings().isEmpty(), "neither a tree nor a finding");
    for (Finding f : result.findings()) {
      assertTrue(
          f.location() != null && "fuzz/case.yaml".equals(f.location().file()),
          "finding without the file: " + f);
    }
  }

  /**
   * The fast path and snakeyaml agree on every input they both accept ({@code WEFT_FAST=verify}):
   * the hand-written parser may decline a file, never read it differently.
   */
  @FuzzTest
  void theFastPathAndSnakeyamlAgree(byte[] bytes) {
    Accelerators verify = new Accelerators(FastMode.VERIFY);
    Fuzz.typedOnly(
        () ->
            new YamlParser(LoadLimits.defaults(), verify)
                .parse(new SourceFile("fuzz/case.yaml", bytes, null)));
    assertEquals(
        List.of(), verify.takeDivergences(), () -> new String(bytes, StandardCharsets.UTF_8));
  }
}
