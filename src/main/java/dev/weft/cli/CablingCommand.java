package dev.weft.cli;

import dev.weft.cabling.CablingRun;
import dev.weft.live.HostReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.model.Transport;
import dev.weft.report.CablingReport;
import dev.weft.rules.RuleMeta;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft cabling}: bring-up day's check of what is plugged in against the declared links
 * (docs/cabling.md).
 */
@Command(
    name = "cabling",
    mixinStandardHelpOptions = true,
    description =
        "Reads every switch's and GPU host's LLDP neighbours and compares them with the declared links:"
            + " missing, wrong and unknown neighbours, swapped pairs. --format markdown|html writes the bring-up report:"
            + " per rail and per leaf what is right, what is wrong and the re-cabling to do.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft cabling inventories/roce-pod-a --format markdown > cabling.md",
      "  weft cabling inventories/roce-pod-a --format json"
    })
final class CablingCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Mixin NetconfOptions netconf;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Override
  public Integer call() throws InterruptedException {
    Invocation invocation = Invocation.start(spec);
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    Pipeline pipeline = Pipeline.from(options);
    Pipeline.Run run = pipeline.compile(source);
    Map<String, RuleMeta> meta = AuditRules.with(pipeline.ruleMeta().meta());
    PrintWriter out = spec.commandLine().getOut();
    if (run.compiled() == null) {
      return ReportOutput.write(
          options, out, "cabling", source, run.findings(), List.of(), meta, invocation, null);
    }
    if (run.model().fabric() != null && run.model().fabric().transport() == Transport.INFINIBAND) {
      throw new UsageException(
          "weft cabling reads LLDP on RoCE fabrics; an InfiniBand subnet's links are OpenSM's");
    }
    List<String> hostNames = DeviceTargets.hostNames(run.model(), netconf.devices);
    List<String> switchNames =
        netconf.devices.stream().filter(n -> !hostNames.contains(n)).toList();
    boolean onlyHosts = !netconf.devices.isEmpty() && switchNames.isEmpty();
    List<LiveTarget> targets =
        onlyHosts
            ? List.of()
            : DeviceTargets.select(
                run.model(), run.compiled().switches(), switchNames, netconf.credentials);
    boolean onlySwitches = !netconf.devices.isEmpty() && hostNames.isEmpty();
    List<HostReader.Target> hosts =
        onlySwitches ? List.of() : DeviceTargets.hosts(run.model(), hostNames, netconf.credentials);
    LiveSettings settings =
        new LiveSettings(
            netconf.parallel(),
            netconf.timeout(),
            netconf.hostKeys(),
            netconf.client(),
            System::getenv,
            LiveSettings.Hook.NONE,
            s -> {},
            CrashReport.forDevices());
    CablingRun.Outcome outcome =
        CablingRun.run(settings, pipeline.platforms(), run.model(), targets, hosts);
    if (options.outputs.isEmpty()
        && ("markdown".equals(options.format) || "html".equals(options.format))) {
      CablingReport report = new CablingReport(source.inventoryPath(), run.model(), outcome);
      out.print("markdown".equals(options.format) ? report.markdown() : report.html());
      out.flush();
      boolean clean =
          outcome.findings().stream().noneMatch(f -> f.severity().label().equals("error"));
      return clean ? 0 : 1;
    }
    return ReportOutput.write(
        options,
        out,
        "cabling",
        source,
        outcome.findings(),
        outcome.devices(),
        meta,
        invocation,
        null);
  }
}
