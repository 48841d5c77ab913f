package dev.weft.cli;

import dev.weft.finding.Location;
import dev.weft.rules.compiled.PfcDeadlockCycle;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft explain-deadlock [INVENTORY]}: every cyclic buffer dependency {@code
 * pfc-deadlock-cycle} reports, hop by hop, with the file and line of each link, so the loop can be
 * followed on the cabling plan.
 */
@Command(
    name = "explain-deadlock",
    mixinStandardHelpOptions = true,
    description =
        "Show each cyclic buffer dependency between lossless links (PFC deadlock risk) hop by hop, "
            + "with the intent line of every link. Exit code 1 when there is one.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft explain-deadlock inventories/roce-pod-a",
      "  weft explain-deadlock --ref main"
    })
final class ExplainDeadlockCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Override
  public Integer call() {
    var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
    Pipeline.Run run = Pipeline.from(options).compile(source);
    PrintWriter out = spec.commandLine().getOut();
    if (run.compiled() == null) {
      spec.commandLine()
          .getErr()
          .println(
              "weft: the inventory has errors; run 'weft validate' first ("
                  + run.findings()
                      .get(0)
                      .where()
                      .map(Object::toString)
                      .orElse(source.inventoryPath())
                  + ": "
                  + run.findings().get(0).message()
                  + ")");
      return ExitCode.FINDINGS;
    }
    List<PfcDeadlockCycle.Cycle> cycles = PfcDeadlockCycle.cycles(run.compiled());
    if (cycles.isEmpty()) {
      out.println(
          "No cyclic buffer dependency: with up-down routing over the tiers (leaf, spine, super-spine),"
              + " no lossless link can wait on itself.");
      out.flush();
      return ExitCode.OK;
    }
    for (int i = 0; i < cycles.size(); i++) {
      PfcDeadlockCycle.Cycle c = cycles.get(i);
      List<Integer> ps = c.priorities();
      out.println(
          "Cycle "
              + (i + 1)
              + " of "
              + cycles.size()
              + ", lossless priorit"
              + (ps.size() == 1 ? "y " : "ies ")
              + String.join(",", ps.stream().map(String::valueOf).toList())
              + ", "
              + c.hops().size()
              + " links"
              + " (its region: "
              + c.regionLinks()
              + " directed links, "
              + c.lateralLinks()
              + " of them lateral):");
      int width = 0;
      for (PfcDeadlockCycle.Hop h : c.hops()) {
        width = Math.max(width, (h.from() + " -> " + h.to()).length());
      }
      for (int j = 0; j < c.hops().size(); j++) {
        PfcDeadlockCycle.Hop h = c.hops().get(j);
        String hop = h.from() + " -> " + h.to();
        out.printf(
            "  %2d. %-" + width + "s  %-7s (%s -> %s)  %s%n",
            j + 1,
            hop,
            h.direction(),
            h.fromRole(),
            h.toRole(),
            where(h.link()));
      }
      out.println(
          "  then back to 1: each link's buffer waits on the next link's, so with PFC on all of them the"
              + " loop can freeze.");
      PfcDeadlockCycle.Hop first = c.hops().get(0);
      if ("lateral".equals(first.direction())) {
        out.println(
            "  Break it at hop 1: the "
                + first.fromRole()
                + "-"
                + first.toRole()
                + " link "
                + first.from()
                + " - "
                + first.to()
                + " is outside the tier order; remove it or make it lossy (an exception with"
                + " pfc: false on both ends).");
      }
      if (i + 1 < cycles.size()) {
        out.println();
      }
    }
    out.flush();
    return ExitCode.FINDINGS;
  }

  private static String where(Location l) {
    return l == null ? "(no intent line)" : l.toString();
  }
}
