package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several reports from one run ({@code --output FORMAT=FILE}), and the older --format/--output
 * pair.
 */
class OutputTargetsTest {

  private static final Path EXAMPLE = ProjectDir.get().resolve("inventories/roce-pod-a");

  @TempDir Path tmp;

  @Test
  void formatEqualsFileValuesNameTheirFormatAndDashIsStdout() {
    OutputTargets targets =
        OutputTargets.parse(
            "text", List.of("sarif=weft.sarif", "MARKDOWN=out/comment.md", "json=-"));
    assertEquals(
        List.of(
            new OutputTargets.Target("sarif", Path.of("weft.sarif")),
            new OutputTargets.Target("markdown", Path.of("out/comment.md")),
            new OutputTargets.Target("json", null)),
        targets.targets());
  }

  @Test
  void aPlainFileTakesFormatAndNoOutputMeansFormatOnStdout() {
    assertEquals(
        List.of(new OutputTargets.Target("json", Path.of("weft.json"))),
        OutputTargets.parse("json", List.of("weft.json")).targets());
    assertEquals(
        List.of(new OutputTargets.Target("sarif", null)),
        OutputTargets.parse("sarif", List.of()).targets());
    assertEquals(
        List.of(new OutputTargets.Target("text", Path.of("./a=b"))),
        OutputTargets.parse("text", List.of("./a=b")).targets(),
        "a value whose part before '=' is not a word is a file name");
  }

  @Test
  void mistakesAreUsageErrorsThatSayWhatWasMeant() {
    UsageException typo =
        assertThrows(
            UsageException.class, () -> OutputTargets.parse("text", List.of("sarf=weft.sarif")));
    assertTrue(
        typo.getMessage().contains("--output sarf=weft.sarif: the format must be one of text, json")
            && typo.getMessage().endsWith("found 'sarf'; did you mean 'sarif'?"),
        typo.getMessage());
    UsageException twoStdout =
        assertThrows(
            UsageException.class, () -> OutputTargets.parse("text", List.of("json=-", "-")));
    assertTrue(
        twoStdout
            .getMessage()
            .contains("only one report can go to standard output, found json=- and text=-"),
        twoStdout.getMessage());
    UsageException sameFile =
        assertThrows(
            UsageException.class,
            () -> OutputTargets.parse("text", List.of("json=r.txt", "sarif=./r.txt")));
    assertTrue(
        sameFile.getMessage().contains("two reports would be written to"), sameFile.getMessage());
    UsageException noFile =
        assertThrows(UsageException.class, () -> OutputTargets.parse("text", List.of("json=")));
    assertTrue(noFile.getMessage().contains("name a file after '='"), noFile.getMessage());
    UsageException badFormat =
        assertThrows(UsageException.class, () -> OutputTargets.parse("yaml", List.of()));
    assertTrue(
        badFormat
            .getMessage()
            .startsWith(
                "--format must be one of text, json, sarif, junit, markdown, html, found 'yaml'"),
        badFormat.getMessage());
  }

  @Test
  void oneValidateRunWritesEachFormatExactlyAsASingleFormatRunDoes() throws Exception {
    Path broken = ValidateCommandTest.copyExample(tmp.resolve("pod"));
    Path leaves = broken.resolve("switches/leaves.yaml");
    Files.writeString(
        leaves,
        Files.readString(leaves)
            .replaceFirst(
                "- \\{ name: Ethernet0, profile: host-400g }",
                "- { name: Ethernet0, profile: host-400g, mtu: 1500 }"));
    CliRun multi =
        CliRun.of(
            "validate",
            broken.toString(),
            "--output",
            "sarif=" + tmp.resolve("r/weft.sarif"),
            "--output",
            "markdown=" + tmp.resolve("r/comment.md"),
            "--output",
            "json=-");
    assertEquals(1, multi.exitCode(), multi.err());
    Json.parse(multi.out());
    assertTrue(multi.out().contains("\"rule\": \"mtu-switch-nic\""), multi.out());
    for (String format : List.of("sarif", "markdown", "json")) {
      CliRun single = CliRun.of("validate", broken.toString(), "--format", format);
      String written =
          format.equals("json")
              ? multi.out()
              : Files.readString(
                  tmp.resolve(format.equals("sarif") ? "r/weft.sarif" : "r/comment.md"));
      // the run facts (start, duration, command line) differ between two runs by design
      assertEquals(
          dev.weft.testing.RunFacts.normalised(single.out()),
          dev.weft.testing.RunFacts.normalised(written),
          format + " from the multi-output run");
    }
    CliRun old =
        CliRun.of(
            "validate",
            broken.toString(),
            "--format",
            "junit",
            "--output",
            tmp.resolve("junit.xml").toString());
    assertEquals(1, old.exitCode());
    assertEquals("", old.out(), "the report went to the file");
    assertTrue(
        Files.readString(tmp.resolve("junit.xml")).contains("<failure"),
        "the --format/--output pair still works");
  }

  @Test
  void aBadOutputStopsBeforeAnyWork() {
    CliRun run = CliRun.of("validate", EXAMPLE.toString(), "--output", "htm=report.html");
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertTrue(run.err().contains("did you mean 'html'?"), run.err());
  }
}
