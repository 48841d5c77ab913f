package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A fail fixture fires its rule with the severity rule.yaml declares, as the check itself chooses it: the
 * engine here runs without metadata, so it cannot re-level a finding and hide a check that reports the wrong
 * severity (a warning where rule.yaml, the docs and {@code --fail-on} users expect an error).
 */
class FixtureSeverityTest {

    @Test
    void everyFailFixtureFiresItsRuleAtTheDeclaredSeverity() throws Exception {
        RuleCatalog catalog = dev.weft.rules.builtin.BuiltInRules.catalog();
        Map<String, RuleMeta> meta = new RuleMetaLoader().load(catalog, List.of()).meta();
        RuleEngine unstamped = new RuleEngine(catalog, Map.of());
        Path root = RuleCatalogTest.projectDir();
        Map<String, String> wrong = new TreeMap<>();
        int judged = 0;
        for (Path folder : Files.list(RuleCatalogTest.policies()).filter(Files::isDirectory).sorted().toList()) {
            String id = folder.getFileName().toString();
            Path fail = folder.resolve("fail");
            if (!Files.isDirectory(fail) || !catalog.knows(id) || meta.get(id) == null) {
                continue;
            }
            IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, fail));
            if (intent.model() == null) {
                continue;
            }
            CompileResult compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn());
            for (Finding f : unstamped.run(new RuleInput(intent.model(), compiled.fabric(), PolicyFixtureTest.TODAY))) {
                if (f.rule().equals(id)) {
                    judged++;
                    if (f.severity() != meta.get(id).severity()) {
                        wrong.put(id, "declares " + meta.get(id).severity() + ", the check reports " + f.severity()
                                + ": " + f.message());
                    }
                }
            }
        }
        assertFalse(judged == 0, "no fail fixture fired its rule");
        assertEquals(Map.of(), wrong);
    }
}
