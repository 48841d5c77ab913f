package dev.weft.testing;

import dev.weft.intent.IntentReader;
import dev.weft.platform.Platforms;
import dev.weft.schema.SchemaValidator;

/**
 * The built-in platform packs, and the intent stage wired with them, as the command line wires it.
 */
public final class TestPlatforms {

  public static final Platforms PLATFORMS = Platforms.builtIn();

  private TestPlatforms() {}

  public static IntentReader intentReader() {
    return new IntentReader(PLATFORMS.switches());
  }

  public static SchemaValidator schemaValidator() {
    return new SchemaValidator(PLATFORMS.switchPlatforms());
  }
}
