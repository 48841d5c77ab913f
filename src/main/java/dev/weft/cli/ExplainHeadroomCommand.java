package dev.weft.cli;

import dev.weft.compile.AsicProfileException;
import dev.weft.compile.HeadroomExplainer;
import dev.weft.compile.HeadroomTable;
import dev.weft.finding.DidYouMean;
import dev.weft.intent.IntentResult;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import dev.weft.platform.PlatformData;
import dev.weft.platform.PlatformPack;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft explain-headroom DEVICE PORT}: the PFC headroom arithmetic for one port, term by
 * term.
 */
@Command(
    name = "explain-headroom",
    mixinStandardHelpOptions = true,
    description =
        "Show how the PFC headroom (xoff, xon, size) of one switch port is computed, term by term,"
            + " and, where the switch's SONiC HWSKU has a pg_profile_lookup.ini, SONiC's own row for"
            + " the port's speed and cable length beside it; --format text, markdown or html (a page"
            + " to attach to a change review).",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft explain-headroom leaf-01 Ethernet256 inventories/roce-pod-a",
      "  weft explain-headroom leaf-01 Ethernet256 --format html --output h.html"
    })
final class ExplainHeadroomCommand implements Callable<Integer> {

  /**
   * The formats of this command: the explanation is prose with arithmetic, not a list of findings.
   */
  static final List<String> FORMATS = List.of("text", "markdown", "html");

  @Spec CommandSpec spec;

  @picocli.CommandLine.Option(
      names = "--ref",
      paramLabel = "REF",
      description =
          "Read the inventory from this Git ref instead of the working tree; no checkout.")
  String ref;

  @picocli.CommandLine.Option(
      names = "--repo",
      paramLabel = "DIR",
      description = "The Git repository. Default: the one containing the inventory.")
  Path repo;

  @picocli.CommandLine.Option(
      names = "--asic-profiles",
      paramLabel = "DIR",
      description =
          "Extra ASIC profile folder (one <asic>.properties per ASIC) overriding built-in profiles.")
  Path asicProfiles;

  @picocli.CommandLine.Option(
      names = "--hwsku-profiles",
      paramLabel = "DIR",
      description =
          "Folder of user SONiC HWSKU profiles (docs/hwsku-profiles.md); a profile's"
              + " <HWSKU>.pg_profile_lookup.ini there is the table set beside Weft's value.")
  Path hwskuProfiles;

  @picocli.CommandLine.Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text, markdown or html (default: ${DEFAULT-VALUE}).")
  String format;

  @picocli.CommandLine.Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write the explanation here instead of stdout.")
  Path output;

  @Parameters(index = "0", paramLabel = "DEVICE", description = "The switch, e.g. leaf-01.")
  String device;

  @Parameters(index = "1", paramLabel = "PORT", description = "The port, e.g. Ethernet256.")
  String port;

  @Parameters(
      index = "2",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Override
  public Integer call() {
    String format = this.format.toLowerCase(Locale.ROOT);
    if (!FORMATS.contains(format)) {
      throw new UsageException(
          "--format for explain-headroom must be one of "
              + String.join(", ", FORMATS)
              + ", found '"
              + this.format
              + "'");
    }
    var source = new InventoryLocator(Paths.get("")).locate(inventory, ref, repo);
    Pipeline pipeline =
        new Pipeline(
            List.of(),
            asicProfiles,
            null,
            java.time.LocalDate.now(),
            dev.weft.intent.StageTimer.NONE,
            Pipeline.accelerators(System.getenv()),
            dev.weft.yaml.LoadLimits.defaults(),
            PlatformData.withHwskuProfiles(hwskuProfiles));
    IntentResult intent = pipeline.read(source);
    if (intent.model() == null) {
      spec.commandLine()
          .getErr()
          .println(
              "weft: the inventory has errors; run 'weft validate' first ("
                  + intent
                      .findings()
                      .get(0)
                      .where()
                      .map(Object::toString)
                      .orElse(source.inventoryPath())
                  + ": "
                  + intent.findings().get(0).message()
                  + ")");
      return ExitCode.FINDINGS;
    }
    checkNames(intent.model());
    String text;
    int code = ExitCode.OK;
    try {
      text = HeadroomExplainer.explain(intent.model(), pipeline.asicProfiles(), device, port);
      Switch sw = intent.model().switchNamed(device).orElseThrow();
      Optional<PlatformPack> pack =
          sw.platform() == null || sw.hwsku() == null
              ? Optional.empty()
              : pipeline.platforms().pack(sw.platform());
      if (pack.isPresent()) {
        try {
          Optional<HeadroomTable> table = pack.get().headroomTable(sw.hwsku());
          if (table.isPresent()) {
            text +=
                HeadroomExplainer.beside(
                    intent.model(), pipeline.asicProfiles(), device, port, table.get());
          }
        } catch (HeadroomTable.InvalidException e) {
          // located where the fix is; Weft's own explanation above still stands
          text +=
              "the platform's own headroom table of hwsku "
                  + sw.hwsku()
                  + " cannot be read (see the error)\n";
          spec.commandLine()
              .getErr()
              .println(
                  e.where()
                      + ": error [hwsku-profile] "
                      + e.reason()
                      + (e.expected() == null
                          ? ""
                          : " (expected " + e.expected() + ", found " + e.found() + ")"));
          code = ExitCode.FINDINGS;
        }
      }
    } catch (IllegalArgumentException | AsicProfileException e) {
      throw new UsageException(e.getMessage());
    }
    write(
        switch (format) {
          case "html" -> html(text);
          case "markdown" ->
              "## PFC headroom of "
                  + device
                  + " "
                  + port
                  + "\n\n```text\n"
                  + text
                  + (text.endsWith("\n") ? "" : "\n")
                  + "```\n";
          default -> text;
        });
    return code;
  }

  /**
   * An unknown switch or port is a usage error with the closest name, as everywhere a name is
   * typed.
   */
  private void checkNames(FabricModel model) {
    Switch sw = model.switchNamed(device).orElse(null);
    if (sw == null) {
      String hint =
          DidYouMean.suggest(device, model.switches().stream().map(Switch::name).toList());
      throw new UsageException(
          "no switch named '"
              + device
              + "' in inventory "
              + model.inventory()
              + (hint == null ? "" : "; did you mean '" + hint + "'?"));
    }
    List<String> ports =
        model.effectivePorts().stream()
            .filter(p -> p.deviceName().equals(device))
            .map(p -> p.portName())
            .toList();
    if (!ports.contains(port)) {
      String hint = DidYouMean.suggest(port, ports);
      throw new UsageException(
          "switch '"
              + device
              + "' has no port '"
              + port
              + "'"
              + (hint == null ? "" : "; did you mean '" + hint + "'?"));
    }
  }

  private String html(String text) {
    String title = "PFC headroom of " + device + " " + port;
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + escape(title)
        + "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}pre{background:#f6f8fa;padding:1em}</style>\n"
        + "</head>\n<body>\n<h1>"
        + escape(title)
        + "</h1>\n<pre>"
        + escape(text)
        + "</pre>\n<p>"
        + escape("weft " + Version.VERSION)
        + "</p>\n</body>\n</html>\n";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private void write(String text) {
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
      return;
    }
    try {
      Path parent = output.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(output, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + output + ": " + e.getMessage(), e);
    }
  }
}
