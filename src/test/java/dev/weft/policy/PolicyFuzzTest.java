package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.fuzz.Fuzz;
import dev.weft.intent.IntentResult;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleEngine;
import dev.weft.rules.RuleInput;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A site's CEL policy folder on fuzzed input, loaded as {@code --policies} loads it and, when it
 * compiles, run on the example roce-pod-a: the metadata reader, the CEL parser and type checker,
 * the message templates, and the evaluation under the rule's budget. The rule loads and runs, or is
 * refused with {@code user-rule-invalid}, or stops with {@code user-rule-failed}; never an
 * exception and never the engine's {@code internal-error}. One target fuzzes the whole rule.yaml,
 * the other only the expressions inside a valid skeleton (so the fuzzer spends its time in CEL).
 * Seeds (PolicyFuzzTestInputs/): the example policies, and expressions that once exploded.
 */
class PolicyFuzzTest {

  private static final Set<String> BUILT_IN = dev.weft.rules.builtin.BuiltInRules.catalog().ids();

  /** The scopes a skeleton rule may take, picked by the input's first byte. */
  private static final List<String> SCOPES =
      List.of("fabric", "switch", "port", "link", "host", "nic", "switch-config");

  private static final RuleInput EXAMPLE = example();

  private static RuleInput example() {
    try {
      Path root = Validation.project();
      IntentResult intent =
          TestPlatforms.intentReader()
              .read(new WorkingTreeSource(root, root.resolve("inventories/roce-pod-a")));
      CompileResult compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn());
      return new RuleInput(intent.model(), compiled.fabric(), Validation.TODAY);
    } catch (Exception e) {
      throw new IllegalStateException("the example roce-pod-a does not load", e);
    }
  }

  @FuzzTest
  void anyRuleFileLoadsAndRunsOrIsRefused(byte[] bytes) throws IOException {
    loadAndRun(bytes);
  }

  /**
   * The first byte picks the scope; the rest is {@code condition NUL match NUL message}, each put
   * into a valid rule as a YAML literal block.
   */
  @FuzzTest
  void anyExpressionLoadsAndRunsOrIsRefused(byte[] bytes) throws IOException {
    String scope = SCOPES.get(Fuzz.choice(bytes, SCOPES.size()));
    List<String> x = Fuzz.parts(Fuzz.rest(bytes), 3);
    StringBuilder rule =
        new StringBuilder("id: fuzz-rule\ntitle: fuzzed\nseverity: warning\n")
            .append("scope: ")
            .append(scope)
            .append("\ncondition: ")
            .append(block(x.get(0)));
    if (!x.get(1).isBlank()) {
      rule.append("match: ").append(block(x.get(1)));
    }
    rule.append("message: ").append(block(x.get(2).isBlank() ? "fuzzed" : x.get(2)));
    loadAndRun(rule.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static String block(String text) {
    return "|-\n" + text.lines().map(l -> "  " + l).collect(Collectors.joining("\n", "", "\n"));
  }

  private static void loadAndRun(byte[] ruleYaml) throws IOException {
    Path dir = Files.createTempDirectory("weft-fuzz-policy");
    try {
      Path folder = Files.createDirectories(dir.resolve("fuzz-rule"));
      Files.write(folder.resolve("rule.yaml"), ruleYaml);
      List<Finding> findings =
          Fuzz.typedOnly(
              () -> {
                UserRules user = UserRules.load(List.of(dir), BUILT_IN);
                List<Finding> all = new ArrayList<>(user.problems());
                if (!user.rules().isEmpty()) {
                  all.addAll(
                      new RuleEngine(new RuleCatalog(user.rules()), user.meta()).run(EXAMPLE));
                }
                return all;
              });
      assertNotNull(findings, "no findings list");
      assertEquals(
          List.of(),
          findings.stream().filter(f -> RuleEngine.INTERNAL_ERROR.equals(f.rule())).toList(),
          "an internal error");
    } finally {
      FileTrees.delete(dir);
    }
  }
}
