package dev.weft.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code weft hwsku}: SONiC hardware SKU profiles; today {@code import}. */
@Command(
    name = "hwsku",
    mixinStandardHelpOptions = true,
    subcommands = HwskuImportCommand.class,
    description =
        "SONiC hardware SKU profiles (docs/hwsku-profiles.md): import turns SONiC's device folder of a"
            + " SKU into the profile a sonic switch's hwsku names.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft hwsku import device/mellanox/x86_64-nvidia_sn5600-r0/Mellanox-SN5600-V256 --out"
          + " platform/hwsku/Mellanox-SN5600-V256.properties"
    })
final class HwskuCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: import");
  }
}
