package dev.weft.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Template folders broken on purpose, for the tests of translation validation. */
public final class BrokenTemplates {

  private BrokenTemplates() {}

  /**
   * A templates folder under {@code tmp} whose SONiC template writes every ECN min threshold 4096
   * bytes above the plan's: one value changed, the rest of the file as shipped.
   */
  public static Path sonicEcnMinShifted(Path projectRoot, Path tmp) throws IOException {
    String text =
        Files.readString(
            projectRoot.resolve("templates/sonic/config_db.json.j2"), StandardCharsets.UTF_8);
    String value = "\"{{ e.min_bytes }}\"";
    assertTrue(text.contains(value), "the SONiC template writes " + value);
    Path templates = tmp.resolve("templates");
    Files.createDirectories(templates.resolve("sonic"));
    Files.writeString(
        templates.resolve("sonic/config_db.json.j2"),
        text.replace(value, "\"{{ e.min_bytes + 4096 }}\""),
        StandardCharsets.UTF_8);
    return templates;
  }
}
