package dev.weft.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options every pipeline command shares (cli.md "Common options"). */
final class CommonOptions {

    @Option(names = "--ref", paramLabel = "REF",
            description = "Read the inventory from this Git ref (branch, tag, commit, HEAD~1) instead of the working tree; no checkout.")
    String ref;

    @Option(names = "--repo", paramLabel = "DIR",
            description = "The Git repository (work tree or bare). Default: the one containing the inventory.")
    Path repo;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: text, json, sarif, junit, markdown, html (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report here instead of stdout.")
    Path output;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "error",
            description = "Exit 1 when a finding is at or above: error, warning, info, never (default: ${DEFAULT-VALUE}).")
    String failOn;

    @Option(names = "--policies", paramLabel = "DIR",
            description = "Extra rule folders; a rule here overrides the built-in one with the same id. Repeatable.")
    List<Path> policies = new ArrayList<>();

    @Option(names = "--templates", paramLabel = "DIR",
            description = "Template folder overriding built-in templates by relative path.")
    Path templates;

    @Option(names = "--asic-profiles", paramLabel = "DIR",
            description = "Extra ASIC profile folder (one <asic>.properties per ASIC) overriding built-in profiles.")
    Path asicProfiles;

    @Option(names = "--max-file-bytes", paramLabel = "BYTES", defaultValue = "16777216",
            description = "Largest inventory file read; a larger one is a finding (default: ${DEFAULT-VALUE}; docs/limits.md).")
    long maxFileBytes;

    @Option(names = "--max-inventory-bytes", paramLabel = "BYTES", defaultValue = "33554432",
            description = "Largest inventory (all files together) read; a larger one is a usage error. Raise the heap"
                    + " with it (WEFT_MAX_HEAP) (default: ${DEFAULT-VALUE}; docs/limits.md).")
    long maxInventoryBytes;

    /** The source limits of {@code --max-file-bytes} and {@code --max-inventory-bytes}. */
    dev.weft.source.SourceLimits sourceLimits() {
        if (maxFileBytes < 1024 || maxInventoryBytes < 1024) {
            throw new UsageException("--max-file-bytes and --max-inventory-bytes must be at least 1024, got "
                    + maxFileBytes + " and " + maxInventoryBytes);
        }
        return new dev.weft.source.SourceLimits(Math.min(maxFileBytes, Integer.MAX_VALUE - 8), maxInventoryBytes);
    }
}
