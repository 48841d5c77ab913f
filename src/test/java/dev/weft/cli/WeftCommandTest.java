package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/** The subcommand table Main registers from, against the commands themselves and what users see. */
class WeftCommandTest {

  @Test
  void eachSubcommandIsListedUnderItsOwnCommandName() {
    for (Map.Entry<String, Class<?>> entry : WeftCommand.SUBCOMMANDS.entrySet()) {
      Command command = entry.getValue().getAnnotation(Command.class);
      assertEquals(entry.getKey(), command.name(), entry.getValue().getSimpleName());
      assertEquals(
          0, command.aliases().length, "an alias would not be found by name: " + entry.getKey());
    }
  }

  @Test
  void topLevelHelpListsEverySubcommandInTableOrder() {
    CliRun run = CliRun.of("--help");
    assertEquals(0, run.exitCode(), run.err());
    int last = -1;
    for (String name : WeftCommand.SUBCOMMANDS.keySet()) {
      int at = run.out().indexOf("\n  " + name + " ");
      assertTrue(at > last, name + " listed after the one before it in:\n" + run.out());
      last = at;
    }
  }

  @Test
  void aMistypedSubcommandIsAUsageErrorThatSuggestsTheRealOne() {
    CliRun run = CliRun.of("validat", "inventories/roce-pod-a");
    assertEquals(ExitCode.USAGE, run.exitCode());
    assertTrue(run.err().contains("validate"), run.err());
  }

  @Test
  void aSubcommandRunAloneStillShowsItsOwnHelp() {
    CliRun run = CliRun.of("validate", "--help");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("Usage: weft validate"), run.out());
    for (String other : List.of("render", "drift")) {
      assertTrue(!run.out().contains("weft " + other), "only validate's help: " + run.out());
    }
  }
}
