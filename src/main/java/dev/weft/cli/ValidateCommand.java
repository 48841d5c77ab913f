package dev.weft.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft validate}: load, schema-check and run every rule on the intent and its compiled config. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Load the inventory, check it against the schema and run every policy rule on the intent and on the compiled per-device config.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INVENTORY", description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Override
    public Integer call() {
        ReportOutput.checkOptions(options);
        var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
        Pipeline.Run run = Pipeline.from(options).validate(source);
        return ReportOutput.write(options, spec.commandLine().getOut(), "validate", source.inventoryPath(),
                run.findings(), List.of(), run.rules());
    }
}
