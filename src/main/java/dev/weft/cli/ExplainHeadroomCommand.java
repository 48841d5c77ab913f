package dev.weft.cli;

import dev.weft.compile.AsicProfileException;
import dev.weft.compile.AsicProfiles;
import dev.weft.compile.HeadroomExplainer;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentReader;
import dev.weft.intent.IntentResult;
import dev.weft.source.SourceException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft explain-headroom DEVICE PORT [INVENTORY]}: the PFC headroom arithmetic of one switch port, term
 * by term, with the intent lines its inputs come from. Inventory errors are listed and exit 1; an unknown
 * device or port, or a switch without a usable ASIC profile, is a usage error (exit 2).
 */
@Command(name = "explain-headroom", mixinStandardHelpOptions = true,
        description = "Show the PFC headroom (xoff, xon, size) of one switch port, term by term.")
final class ExplainHeadroomCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DEVICE", description = "Switch name.")
    String device;

    @Parameters(index = "1", paramLabel = "PORT", description = "Port name, e.g. Ethernet0.")
    String port;

    @Parameters(index = "2", arity = "0..1", paramLabel = "INVENTORY",
            description = "Inventory folder (default: the only folder under inventories/).")
    Path inventory;

    @Option(names = "--ref", paramLabel = "REF", description = "Read the inventory from this Git ref instead of the working tree.")
    String ref;

    @Option(names = "--repo", paramLabel = "DIR", description = "The Git repository. Default: the one containing the inventory.")
    Path repo;

    @Option(names = "--asic-profiles", paramLabel = "DIR",
            description = "Extra ASIC profile folder (one <asic>.properties per ASIC) overriding built-in profiles.")
    Path asicProfiles;

    @Override
    public Integer call() {
        IntentResult intent;
        try {
            intent = new IntentReader().read(new InventoryLocator(Path.of("")).locate(inventory, ref, repo));
        } catch (SourceException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (intent.model() == null) {
            PrintWriter err = spec.commandLine().getErr();
            for (Finding f : intent.findings()) {
                err.println((f.location() == null ? "" : f.location() + ": ") + f.rule() + ": " + f.message());
            }
            err.println("weft: the inventory has errors; headroom is explained only for a valid inventory");
            err.flush();
            return ExitCode.FINDINGS;
        }
        AsicProfiles profiles = asicProfiles == null ? AsicProfiles.builtIn() : AsicProfiles.withDirectory(asicProfiles);
        try {
            out.print(HeadroomExplainer.explain(intent.model(), profiles, device, port));
        } catch (IllegalArgumentException | AsicProfileException e) {
            throw new UsageException(e.getMessage());
        }
        out.flush();
        return ExitCode.OK;
    }
}
