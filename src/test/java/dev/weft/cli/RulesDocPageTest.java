package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed docs page must be exactly what {@code weft rules --format markdown} writes, so the
 * docs never drift from the catalogue. Regenerate with {@code -Dgolden.update=true}.
 */
class RulesDocPageTest {

  private static final Path PAGE = ProjectDir.get().resolve("docs/rules.md");

  @Test
  void docsRulesPageIsGeneratedFromTheCatalogue() throws IOException {
    CliRun run = CliRun.of("rules", "--format", "markdown");
    assertEquals(0, run.exitCode(), run.err());
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(PAGE, run.out(), StandardCharsets.UTF_8);
    }
    assertTrue(
        Files.exists(PAGE),
        "docs/rules.md is missing; run: ./weft rules --format markdown > docs/rules.md");
    assertEquals(
        Files.readString(PAGE, StandardCharsets.UTF_8),
        run.out(),
        "docs/rules.md is stale; run: ./weft rules --format markdown > docs/rules.md");
  }

  @Test
  void everyRuleIdAppearsInTheTextListing() {
    CliRun markdown = CliRun.of("rules", "--format", "markdown");
    CliRun text = CliRun.of("rules");
    long ids = text.out().lines().count();
    assertTrue(ids >= 40, "expected the full catalogue, found " + ids + " rules");
    text.out()
        .lines()
        .map(l -> l.split("\\s+")[0])
        .forEach(
            id ->
                assertTrue(
                    markdown.out().contains("## " + id + "\n"),
                    id + " missing from the docs page"));
  }
}
