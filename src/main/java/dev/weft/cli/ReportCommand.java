package dev.weft.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code weft report}: work on reports already written; today {@code merge}. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    subcommands = ReportMergeCommand.class,
    description = "Work on reports weft wrote: merge combines the shard reports of one audit.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft report merge shard-1.json shard-2.json shard-3.json shard-4.json --history backups"
    })
final class ReportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: merge");
  }
}
