package dev.weft.cli;

import dev.weft.adopt.ConfigFolder;
import dev.weft.adopt.ImportResult;
import dev.weft.adopt.Importer;
import dev.weft.adopt.RoundTrip;
import dev.weft.adopt.SubnetRoundTrip;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import dev.weft.render.OpenSmRenderer;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft import}: running configs → an intent inventory, then the proof. The new inventory is
 * validated as usual, compiled, rendered and compared with every imported config feature by feature
 * (as drift compares), so the report is the import's exceptions, what could not be expressed, and
 * the audit of the fabric as it runs today.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description =
        "Turn running configs (a weft backup repository or a folder of per-device files) into an intent"
            + " inventory, and check the round trip.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft import --from backups --skeleton inventories/roce-pod-c --out inventories/imported",
      "  weft import --live --skeleton inventories/skeleton --credentials creds.yaml --out inventories/imported"
    })
final class ImportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Option(
      names = "--from",
      paramLabel = "DIR",
      description =
          "A weft backup repository, or a folder of per-device config files (<device>.xml|json), or of"
              + " InfiniBand SM hosts' OpenSM files (<sm-host>/opensm.conf, as weft render writes them).")
  Path from;

  @Option(
      names = "--live",
      description =
          "Instead of --from: read the --skeleton's switches (platform and management)"
              + " directly, as weft backup reads them, then import what they run.")
  boolean live;

  @Mixin NetconfOptions netconf;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "INVENTORY",
      description =
          "The inventory folder to write (created; may only hold files a previous import wrote).")
  Path out;

  @Option(
      names = "--skeleton",
      paramLabel = "INVENTORY",
      description =
          "The inventory the backup was taken with: switch roles, platforms, management, ASIC, hosts and"
              + " links, which no config carries. Its QoS plan and ports are not used.")
  Path skeleton;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description =
          "The fabric's name when no skeleton gives one (default: the --out folder's name).")
  String name;

  @Override
  public Integer call() {
    ReportOutput.checkOptions(options);
    Invocation invocation = Invocation.start(spec);
    checkSource();
    Pipeline pipeline = Pipeline.from(options);
    FabricModel known = skeleton == null ? null : skeleton(pipeline);
    ConfigFolder.Contents contents;
    List<DeviceStatus> statuses = new ArrayList<>();
    String source;
    if (live) {
      LiveImport.Read read = new LiveImport(netconf).read(pipeline, skeletonSource());
      contents = read.contents();
      statuses.addAll(read.failed());
      source = "the live devices of " + skeleton.normalize().toString().replace('\\', '/');
    } else {
      try {
        contents =
            ConfigFolder.read(from, device -> platformOf(known, device), pipeline.platforms());
      } catch (IOException e) {
        throw new UsageException("--from " + from + ": " + e.getMessage());
      }
      requireSomethingToImport(contents);
      source = from.normalize().toString().replace('\\', '/');
    }
    String label = out.normalize().toString().replace('\\', '/');
    ImportResult imported =
        new Importer(pipeline.platforms())
            .run(
                contents,
                known,
                source,
                name != null
                    ? name
                    : String.valueOf(out.toAbsolutePath().normalize().getFileName()),
                label);
    List<Finding> findings = new ArrayList<>(imported.findings());
    write(imported.files());
    var reported =
        new InventoryLocator(Paths.get(""), options.sourceLimits()).locate(out, null, options.repo);
    if (!imported.files().isEmpty()) {
      Pipeline.Run run = pipeline.validate(reported);
      findings.addAll(run.findings());
      TemplateFolders folders =
          options.templates == null
              ? TemplateFolders.builtIn()
              : TemplateFolders.withOverrides(options.templates);
      if (!imported.subnetManagers().isEmpty() && run.model() != null) {
        List<Finding> trip =
            SubnetRoundTrip.check(
                run.model(), imported.subnetManagers(), new OpenSmRenderer(folders));
        findings.addAll(trip);
        statuses.addAll(smStatuses(imported, trip));
      } else if (run.compiled() != null) {
        Renderer renderer =
            new Renderer(
                folders,
                new TemplateEngine(
                    folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, pipeline.accelerators()),
                pipeline.platforms());
        List<Finding> trip =
            RoundTrip.check(run.compiled(), imported, pipeline.platforms(), renderer);
        findings.addAll(trip);
        statuses.addAll(statuses(imported, trip));
      }
      spec.commandLine()
          .getErr()
          .println(
              "weft import: "
                  + (imported.devices().size() + imported.subnetManagers().size())
                  + (imported.subnetManagers().isEmpty() ? " devices" : " subnet managers")
                  + " into "
                  + label
                  + " ("
                  + imported.files().size()
                  + " files)");
    }
    findings.sort(Finding.ORDER);
    statuses.sort(
        java.util.Comparator.comparing(DeviceStatus::name, dev.weft.compile.NaturalOrder.INSTANCE));
    return ReportOutput.write(
        options,
        spec.commandLine().getOut(),
        "import",
        reported,
        findings,
        statuses,
        pipeline.ruleMeta().meta(),
        invocation,
        null);
  }

  /**
   * Exactly one of --from and --live; --live reads the skeleton's switches, the device options need
   * it.
   */
  private void checkSource() {
    if (live == (from != null)) {
      throw new UsageException(
          "give --from DIR (a backup repository or a folder of device configs) or --live"
              + " (read the --skeleton's switches), not "
              + (live ? "both" : "neither"));
    }
    if (live && skeleton == null) {
      throw new UsageException(
          "--live needs --skeleton INVENTORY: the switches to read (platform and management)");
    }
    if (!live && (netconf.credentials != null || !netconf.devices.isEmpty())) {
      throw new UsageException(
          (netconf.credentials != null ? "--credentials" : "--device")
              + " reads devices: give it with --live");
    }
    if (!live && !Files.isDirectory(from)) {
      throw new UsageException("--from " + from + ": not a directory");
    }
  }

  /**
   * An empty folder, a folder of rendered output or one of text backups once became an empty
   * inventory with exit 0 and "0 errors" (issue 32). A folder holding nothing importable is a usage
   * error that says what it does hold.
   */
  private void requireSomethingToImport(ConfigFolder.Contents contents) {
    if (!contents.configs().isEmpty() || !contents.subnetManagers().isEmpty()) {
      return;
    }
    throw new UsageException(
        "--from "
            + from
            + ": nothing to import: "
            + whatFolderHolds(contents)
            + "; give a weft backup repository or a folder of <device>.xml and <device>.json configs read from"
            + " the devices");
  }

  /**
   * What an import folder without device configs holds, in words: its files by kind, a few names
   * each.
   */
  private String whatFolderHolds(ConfigFolder.Contents contents) {
    List<String> folders = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    List<String> others = new ArrayList<>();
    try (Stream<Path> list = Files.list(from)) {
      list.filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted()
          .limit(MAX_LISTED)
          .forEach(
              p -> {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p)) {
                  folders.add(name + "/");
                } else if (name.endsWith(".txt")
                    || name.endsWith(".cfg")
                    || name.endsWith(".conf")) {
                  texts.add(name);
                } else {
                  others.add(name);
                }
              });
    } catch (IOException e) {
      return "it cannot be listed (" + e.getMessage() + ")";
    }
    List<String> parts = new ArrayList<>();
    if (!folders.isEmpty()) {
      parts.add(
          count(folders, "folder")
              + " ("
              + sample(folders)
              + "), which looks like weft render output; import reads the configs the devices run,"
              + " as weft backup saves them");
    }
    if (!texts.isEmpty()) {
      parts.add(
          count(texts, "text file")
              + " ("
              + sample(texts)
              + "); no reader recognises them as a device's running-config");
    }
    if (!others.isEmpty()) {
      parts.add(count(others, "other file") + " (" + sample(others) + ")");
    }
    if (!contents.findings().isEmpty()) {
      parts.add(
          contents.findings().size() + " unreadable: " + contents.findings().get(0).message());
    }
    return parts.isEmpty() ? "the folder is empty" : "it holds " + String.join("; ", parts);
  }

  /** Names listed from an import folder that holds nothing to import: enough to say what it is. */
  private static final int MAX_LISTED = 10_000;

  private static String count(List<String> names, String what) {
    return names.size()
        + (names.size() == MAX_LISTED ? "+ " : " ")
        + what
        + (names.size() == 1 ? "" : "s");
  }

  private static String sample(List<String> names) {
    return String.join(", ", names.subList(0, Math.min(3, names.size())))
        + (names.size() > 3 ? ", ..." : "");
  }

  private dev.weft.source.InventorySource skeletonSource() {
    return new InventoryLocator(Paths.get(""), options.sourceLimits())
        .locate(skeleton, null, options.repo);
  }

  private FabricModel skeleton(Pipeline pipeline) {
    var source = skeletonSource();
    var intent = pipeline.read(source);
    if (intent.model() == null) {
      String first =
          intent.findings().stream()
              .filter(f -> f.severity() == Severity.ERROR)
              .findFirst()
              .map(Finding::message)
              .orElse("it does not load");
      throw new UsageException("--skeleton " + skeleton + ": " + first);
    }
    return intent.model();
  }

  private static Optional<String> platformOf(FabricModel known, String device) {
    if (known == null) {
      return Optional.empty();
    }
    return known.switches().stream()
        .filter(s -> s.name().equals(device))
        .map(Switch::platform)
        .findFirst();
  }

  /**
   * Writes the files; refuses a folder that holds anything else, so an import never mixes with
   * other intent.
   */
  private void write(Map<String, String> files) {
    try {
      if (Files.isDirectory(out)) {
        Set<String> others = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(out)) {
          walk.filter(Files::isRegularFile)
              .map(p -> out.relativize(p).toString().replace('\\', '/'))
              .filter(p -> !files.containsKey(p))
              .forEach(others::add);
        }
        if (!others.isEmpty()) {
          throw new UsageException(
              "--out "
                  + out
                  + " holds files this import does not write ("
                  + String.join(", ", others)
                  + "); give an empty or new folder");
        }
      }
      Files.createDirectories(out);
      for (Map.Entry<String, String> f : files.entrySet()) {
        Path target = out.resolve(f.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, f.getValue(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UsageException("--out " + out + ": cannot write the inventory: " + e.getMessage());
    }
  }

  /** ok for an SM whose files the subnet intent renders as they are, drift for one it does not. */
  private static List<DeviceStatus> smStatuses(ImportResult imported, List<Finding> trip) {
    Set<String> drifted = new TreeSet<>();
    trip.stream()
        .filter(f -> f.rule().equals(SubnetRoundTrip.RULE) && f.device() != null)
        .forEach(f -> drifted.add(f.device()));
    List<DeviceStatus> out = new ArrayList<>();
    for (var sm : imported.subnetManagers()) {
      out.add(
          drifted.contains(sm.host())
              ? new DeviceStatus(sm.host(), DeviceStatus.Status.DRIFT, null)
              : DeviceStatus.ok(sm.host()));
    }
    return out;
  }

  /**
   * ok for a device whose features round-trip, drift for one whose config intent cannot express.
   */
  private static List<DeviceStatus> statuses(ImportResult imported, List<Finding> trip) {
    Set<String> drifted = new TreeSet<>();
    trip.stream()
        .filter(f -> f.rule().startsWith("drift-") && f.device() != null)
        .forEach(f -> drifted.add(f.device()));
    List<DeviceStatus> out = new ArrayList<>();
    for (String d : imported.devices().keySet()) {
      out.add(
          drifted.contains(d)
              ? new DeviceStatus(d, DeviceStatus.Status.DRIFT, null)
              : DeviceStatus.ok(d));
    }
    return out;
  }
}
