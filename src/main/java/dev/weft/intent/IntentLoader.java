package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.source.SourceFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an inventory from a source, parses its files (in parallel, output in path order) and merges
 * them by the rules of intent-format §1. Does not check the schema; that is {@code SchemaValidator}'s job.
 */
public final class IntentLoader {

    private final YamlParser parser;

    public IntentLoader(LoadLimits limits) {
        this.parser = new YamlParser(limits);
    }

    /** @throws SourceException when the inventory cannot be read at all (missing path, unknown ref) */
    public LoadedIntent load(InventorySource source) throws SourceException {
        List<SourceFile> sources = source.read();
        List<ParseResult> results = sources.parallelStream().map(parser::parse).toList();
        List<ParsedFile> files = new ArrayList<>(sources.size());
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            ParseResult result = results.get(i);
            findings.addAll(result.findings());
            if (result.root() != null) {
                files.add(new ParsedFile(sources.get(i), result.root()));
            }
        }
        InventoryMerger merger = new InventoryMerger(source.inventoryPath());
        MapNode merged = merger.merge(files, sources.isEmpty());
        findings.addAll(merger.findings());
        return new LoadedIntent(source.inventoryPath(), files, merged, findings);
    }
}
