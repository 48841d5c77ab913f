package dev.weft.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every map keyed by platform takes exactly the registered packs' ids: the schema spells none of
 * them (a hand-written list once refused {@code switch-os-minimum: {junos: ...}} while {@code
 * switch-os} took it).
 */
class PlatformKeyedMapsTest {

  private static final SchemaValidator VALIDATOR = TestPlatforms.schemaValidator();

  private static List<Finding> check(String map, String key) {
    String yaml =
        TestYaml.ROCE.replace(
            "  congestion-control: dcqcn\n",
            "  congestion-control: dcqcn\n  versions:\n    "
                + map
                + ": { "
                + key
                + ": \"1.0\" }\n");
    return VALIDATOR.validate("inv/f.yaml", TestYaml.parse("inv/f.yaml", yaml).root());
  }

  @ParameterizedTest
  @ValueSource(strings = {"switch-os", "switch-os-minimum"})
  void everyRegisteredSwitchPlatformIsAKey(String map) {
    for (String id : TestPlatforms.PLATFORMS.switchPlatforms()) {
      assertEquals(List.of(), check(map, id), map + " refuses the registered platform " + id);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"switch-os", "switch-os-minimum"})
  void anUnregisteredPlatformIsRefusedWithTheRegisteredOnes(String map) {
    List<Finding> findings = check(map, "no-such-os");
    assertEquals(1, findings.size(), () -> findings.toString());
    String message = findings.get(0).message();
    for (String id : TestPlatforms.PLATFORMS.switchPlatforms()) {
      assertTrue(message.contains(id), () -> message + " does not list " + id);
    }
  }

  @Test
  void theFileSpellsNoPlatform() {
    String raw = IntentSchema.raw();
    for (String id : TestPlatforms.PLATFORMS.switchPlatforms()) {
      assertTrue(!raw.contains("\"" + id + "\""), "intent.schema.json spells the platform " + id);
    }
  }
}
