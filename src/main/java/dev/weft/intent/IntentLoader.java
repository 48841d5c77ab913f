package dev.weft.intent;

import dev.weft.accel.Accelerators;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import dev.weft.finding.Finding;
import dev.weft.finding.WhileProcessing;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.source.SourceFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

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
        this(limits, Accelerators.on());
    }

    /** With the run's fast-path switch ({@code WEFT_FAST}), which the YAML parser follows. */
    public IntentLoader(LoadLimits limits, Accelerators accelerators) {
        this.parser = new YamlParser(limits, accelerators);
    }

    /** @throws SourceException when the inventory cannot be read at all (missing path, unknown ref) */
    public LoadedIntent load(InventorySource source) throws SourceException {
        return load(source, file -> List.of()).intent();
    }

    /**
     * A load and, apart from its own findings, what the per-file check found (file by file, in path order),
     * and the files that did not parse (their text is all that is known of what they declare).
     */
    public record CheckedLoad(LoadedIntent intent, List<Finding> checks, List<SourceFile> unparsed) {
        public CheckedLoad {
            checks = List.copyOf(checks);
            unparsed = List.copyOf(unparsed);
        }
    }

    /**
     * As {@link #load(InventorySource)}, also running {@code perFile} on each file that parsed, in the same
     * task as its parse (while its tree is still in the processor's cache, and with no wait for the slowest
     * file between parsing and checking).
     */
    public CheckedLoad load(InventorySource source, Function<ParsedFile, List<Finding>> perFile) throws SourceException {
        List<SourceFile> sources = source.read();
        List<Checked> results = LargestFirst.map(sources, f -> f.content().length, f -> parseAndCheck(f, perFile));
        List<ParsedFile> files = new ArrayList<>(sources.size());
        List<Finding> findings = new ArrayList<>();
        List<Finding> checks = new ArrayList<>();
        List<SourceFile> unparsed = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Checked result = results.get(i);
            findings.addAll(result.parse().findings());
            checks.addAll(result.findings());
            if (result.file() != null) {
                files.add(result.file());
            } else {
                unparsed.add(sources.get(i));
            }
        }
        InventoryMerger merger = new InventoryMerger(source.inventoryPath());
        // a file that did not parse may define fabric or version: their absence from the rest is not a finding
        MapNode merged = merger.merge(files, sources.isEmpty(), !unparsed.isEmpty());
        findings.addAll(merger.findings());
        return new CheckedLoad(new LoadedIntent(source.inventoryPath(), files, merged, findings), checks, unparsed);
    }

    /** One file's parse, its parsed form (null when it did not parse) and what {@code perFile} found in it. */
    private record Checked(ParseResult parse, ParsedFile file, List<Finding> findings) {}

    private Checked parseAndCheck(SourceFile source, Function<ParsedFile, List<Finding>> perFile) {
        try {
            ParseResult result = parse(source);
            if (result.root() == null) {
                return new Checked(result, null, List.of());
            }
            ParsedFile file = new ParsedFile(source, result.root());
            return new Checked(result, file, perFile.apply(file));
        } catch (RuntimeException | StackOverflowError bug) {
            throw new WhileProcessing("input file " + source.path(), bug);     // the crash report names the file
        }
    }

    /**
     * Same path and same content give the same tree (locations name the path), so reuse it: a diff reads
     * the base and the head, which mostly share files. Content is compared, not hashed.
     */
    private ParseResult parse(SourceFile file) {
        if (!file.complete()) {
            return parser.parse(file);      // a refused or oversized file: nothing to reuse, nothing to keep
        }
        Parsed known = parsed.get(file.path());
        if (known != null && Arrays.equals(known.content(), file.content())) {
            return known.result();
        }
        ParseResult fresh = parser.parse(file);
        parsed.put(file.path(), new Parsed(file.content(), fresh));
        return fresh;
    }
}
