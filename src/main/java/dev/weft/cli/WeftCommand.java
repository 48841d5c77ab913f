package dev.weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code weft} command; every subcommand is registered here, once. */
@Command(name = "weft",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Configuration-as-code for RoCE and InfiniBand GPU fabrics: validate, render, audit drift.",
        subcommands = {ValidateCommand.class, RenderCommand.class, RulesCommand.class, ExplainCommand.class,
                ExplainHeadroomCommand.class, GenerateCommand.class, DiffCommand.class, BackupCommand.class,
                DriftCommand.class})
final class WeftCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
