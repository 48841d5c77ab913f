package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.source.SourceFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads an inventory from a source, parses its files (in parallel, output in path order) and merges
 * them by the rules of intent-format §1. Does not check the schema; that is {@code SchemaValidator}'s job.
 *
 * <p>Thread-safe. Parse results are kept for the life of the loader, keyed by path and Git blob id,
 * so loading a base and a head ref with one loader ({@code weft diff}) parses an unchanged file once.
 */
public final class IntentLoader {

    private final YamlParser parser;
    private final Map<String, Parsed> parsed = new ConcurrentHashMap<>();

    /** The bytes are kept to confirm a hit: a caller's blob id is trusted to find, never to decide. */
    private record Parsed(byte[] content, ParseResult result) {}

    public IntentLoader(LoadLimits limits) {
        this.parser = new YamlParser(limits);
    }

    /** @throws SourceException when the inventory cannot be read at all (missing path, unknown ref) */
    public LoadedIntent load(InventorySource source) throws SourceException {
        List<SourceFile> sources = source.read();
        List<ParseResult> results = LargestFirst.map(sources, f -> f.content().length, this::parse);
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

    /**
     * Same path and same content give the same tree (locations name the path), so reuse it: a diff reads
     * the base and the head, which mostly share files. Content is compared, not hashed.
     */
    private ParseResult parse(SourceFile file) {
        Parsed known = parsed.get(file.path());
        if (known != null && Arrays.equals(known.content(), file.content())) {
            return known.result();
        }
        ParseResult fresh = parser.parse(file);
        parsed.put(file.path(), new Parsed(file.content(), fresh));
        return fresh;
    }
}
