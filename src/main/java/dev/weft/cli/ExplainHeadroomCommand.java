package dev.weft.cli;

import dev.weft.compile.AsicProfileException;
import dev.weft.compile.HeadroomExplainer;
import dev.weft.intent.IntentResult;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft explain-headroom DEVICE PORT}: the PFC headroom arithmetic for one port, term by term. */
@Command(name = "explain-headroom", mixinStandardHelpOptions = true,
        description = "Show how the PFC headroom (xoff, xon, size) of one switch port is computed, term by term.")
final class ExplainHeadroomCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Parameters(index = "0", paramLabel = "DEVICE")
    String device;

    @Parameters(index = "1", paramLabel = "PORT")
    String port;

    @Parameters(index = "2", arity = "0..1", paramLabel = "INVENTORY", description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Override
    public Integer call() {
        var source = new InventoryLocator(Paths.get(""), options.sourceLimits()).locate(inventory, options.ref, options.repo);
        Pipeline pipeline = Pipeline.from(options);
        IntentResult intent = pipeline.read(source);
        if (intent.model() == null) {
            spec.commandLine().getErr().println("weft: the inventory has errors; run 'weft validate' first ("
                    + intent.findings().get(0).where().map(Object::toString).orElse(source.inventoryPath()) + ": "
                    + intent.findings().get(0).message() + ")");
            return ExitCode.FINDINGS;
        }
        try {
            spec.commandLine().getOut().print(HeadroomExplainer.explain(intent.model(), pipeline.asicProfiles(), device, port));
        } catch (IllegalArgumentException | AsicProfileException e) {
            throw new UsageException(e.getMessage());
        }
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }
}
