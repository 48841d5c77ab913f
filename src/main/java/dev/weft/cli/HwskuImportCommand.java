package dev.weft.cli;

import dev.weft.platform.sonic.HwskuImport;
import dev.weft.platform.sonic.HwskuImportException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft hwsku import DIR [--out FILE]}: one SONiC SKU folder as a Weft HWSKU profile ({@link
 * HwskuImport}). A folder it cannot read is one located line on stderr and exit 1, never a trace.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description =
        "Turn SONiC's device folder of one hardware SKU (device/<vendor>/<platform>/<hwsku>/ of"
            + " sonic-buildimage) into a Weft HWSKU profile: ports from hwsku.json + platform.json or"
            + " port_config.ini, buffer pools from buffers_defaults_t1.j2, the ASIC from the platform;"
            + " with --out, the SKU's pg_profile_lookup.ini is copied beside the profile.")
final class HwskuImportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "The SKU folder, named as the HWSKU.")
  Path dir;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Write the profile here (e.g. platform/hwsku/<HWSKU>.properties) and the PG lookup table"
              + " beside it as <HWSKU>.pg_profile_lookup.ini; default: the profile on stdout.")
  Path out;

  @Option(
      names = "--asic",
      paramLabel = "ASIC",
      description =
          "The ASIC to write (e.g. spectrum-4) when the platform does not tell it; default: derived.")
  String asic;

  @Override
  public Integer call() {
    if (!Files.isDirectory(dir)) {
      throw new UsageException("hwsku import: " + dir + " is not a folder");
    }
    if (asic != null && !asic.matches("[a-z0-9][a-z0-9-]{0,63}")) {
      throw new UsageException(
          "--asic must be lower-case letters, digits and '-' (e.g. spectrum-4), found '"
              + asic
              + "'");
    }
    PrintWriter err = spec.commandLine().getErr();
    HwskuImport.Result result;
    try {
      result = new HwskuImport(dir, asic).run();
    } catch (HwskuImportException e) {
      // the place relative to the working folder, so an editor or CI annotation can open it
      String file = dir.resolve(e.where().file()).normalize().toString();
      err.println(
          file
              + ":"
              + e.where().line()
              + ":"
              + e.where().column()
              + ": error [hwsku-import] "
              + e.getMessage()
              + (e.expected() == null
                  ? ""
                  : " (expected " + e.expected() + ", found " + e.found() + ")"));
      err.flush();
      return ExitCode.FINDINGS;
    }
    if (out == null) {
      PrintWriter stdout = spec.commandLine().getOut();
      stdout.print(result.profile());
      stdout.flush();
      return ExitCode.OK;
    }
    try {
      Path parent = out.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Files.writeString(out, result.profile(), StandardCharsets.UTF_8);
      String base = out.getFileName().toString().replaceFirst("\\.properties$", "");
      Path table = out.resolveSibling(base + ".pg_profile_lookup.ini");
      if (result.pgProfileLookup().isPresent()) {
        Files.writeString(table, result.pgProfileLookup().get(), StandardCharsets.UTF_8);
      } else {
        Files.deleteIfExists(table);
      }
      err.println(
          "hwsku import: wrote "
              + out
              + (result.pgProfileLookup().isPresent() ? " and " + table : "")
              + " ("
              + result.hwsku()
              + ")");
      err.flush();
    } catch (IOException e) {
      throw new UsageException("hwsku import: cannot write " + out + ": " + e.getMessage());
    }
    return ExitCode.OK;
  }
}
