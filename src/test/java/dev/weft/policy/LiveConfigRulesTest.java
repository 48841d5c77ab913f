package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.compile.EcnProfile;
import dev.weft.drift.LiveRules;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A switch-config user rule also checks the live config under drift: a WRED profile lowered by hand
 * on the device (the config a device reader returns, changed as an operator would) is a live
 * finding of the user rule, pointing at the intent line that owns the expected value; the intended
 * config gives none.
 */
class LiveConfigRulesTest {

  @Test
  void aHandEditedEcnProfileIsFoundOnTheLiveConfig() throws Exception {
    Path project = Validation.project();
    Path examples = project.resolve("policies/examples");
    Path inventory = examples.resolve("ecn-min-by-port-speed/pass");
    IntentResult intent =
        TestPlatforms.intentReader().read(new WorkingTreeSource(project, inventory));
    CompileResult compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn());
    UserRules user =
        UserRules.load(List.of(examples), dev.weft.rules.builtin.BuiltInRules.catalog().ids());
    RuleCatalog catalog = dev.weft.rules.builtin.BuiltInRules.catalog().plus(user.rules());
    var meta =
        new RuleMetaLoader()
            .load(catalog, List.of(examples), user.meta(), user.claimedIds())
            .meta();
    CompiledSwitch intended = compiled.fabric().switches().get(0);
    EcnProfile ecn = intended.ecnProfiles().get(0);
    CompiledSwitch live =
        intended.toBuilder()
            .ecnProfiles(
                List.of(new EcnProfile(ecn.name(), 100_000, ecn.maxBytes(), ecn.probability())))
            .build();

    List<Finding> unchanged =
        LiveRules.liveOnly(
            intent.model(),
            compiled.fabric(),
            Map.of(intended.name(), intended),
            meta,
            Validation.TODAY,
            catalog,
            user.configRuleIds());
    List<Finding> edited =
        LiveRules.liveOnly(
            intent.model(),
            compiled.fabric(),
            Map.of(live.name(), live),
            meta,
            Validation.TODAY,
            catalog,
            user.configRuleIds());

    assertEquals(List.of(), unchanged);
    assertEquals(1, edited.size(), edited.toString());
    Finding f = edited.get(0);
    assertEquals("ecn-min-by-port-speed", f.rule());
    assertTrue(f.message().startsWith("live config: "), f.message());
    assertEquals(intended.name(), f.device());
    assertEquals("100000B", f.actual());
    assertEquals(intended.owner("ecn_profiles." + ecn.name()), f.location());
  }
}
