package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * The intent stage in one call: load (parse + merge), check each file against the schema, then map
 * to the model. Mapping runs only on intent without YAML or schema errors, so it can trust the shape;
 * a broken inventory yields findings and no model, never an exception.
 */
public final class IntentReader {

    private final IntentLoader loader;
    private final Future<SchemaValidator> validator;
    private final IntentMapper mapper = new IntentMapper();

    public IntentReader() {
        this(LoadLimits.defaults());
    }

    /**
     * Starts compiling the schema at once, on its own thread: on a cold JVM that is mostly class
     * loading, which then overlaps with reading and parsing the files instead of following it.
     */
    public IntentReader(LoadLimits limits) {
        this.loader = new IntentLoader(limits);
        FutureTask<SchemaValidator> compile = new FutureTask<>(SchemaValidator::new);
        Thread compiler = new Thread(compile, "weft-schema-compile");
        compiler.setDaemon(true);
        compiler.start();
        this.validator = compile;
    }

    /** With a shared validator: the schema is compiled once per process, not once per read. */
    public IntentReader(IntentLoader loader, SchemaValidator validator) {
        this.loader = loader;
        this.validator = CompletableFuture.completedFuture(validator);
    }

    /** @throws SourceException when the inventory cannot be read at all (missing folder, unknown ref) */
    public IntentResult read(InventorySource source) throws SourceException {
        return read(source, StageTimer.NONE);
    }

    /** As {@link #read(InventorySource)}, telling {@code timer} the wall time of load+parse, schema and map. */
    public IntentResult read(InventorySource source, StageTimer timer) throws SourceException {
        long start = System.nanoTime();
        LoadedIntent loaded = loader.load(source);
        List<Finding> findings = new ArrayList<>(loaded.findings());
        long loadedAt = System.nanoTime();
        timer.record("load+parse", loadedAt - start);
        findings.addAll(validator().validateAll(loaded.files()));
        long checkedAt = System.nanoTime();
        timer.record("schema", checkedAt - loadedAt);
        FabricModel model = null;
        if (findings.stream().noneMatch(IntentReader::blocksMapping)) {
            MapResult mapped = mapper.map(loaded);
            findings.addAll(mapped.findings());
            model = mapped.findings().stream().anyMatch(IntentReader::blocksMapping) ? null : mapped.model();
        }
        timer.record("map", System.nanoTime() - checkedAt);
        findings.sort(Finding.ORDER);
        return new IntentResult(loaded, model, dedupe(findings));
    }

    private SchemaValidator validator() {
        try {
            return validator.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling the intent schema", e);
        } catch (ExecutionException e) {
            // Compiling a schema shipped in the jar cannot fail on user input: this is a bug, keep its cause.
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static boolean blocksMapping(Finding f) {
        return f.severity() == Severity.ERROR && (f.rule().equals("yaml-syntax") || f.rule().equals("schema"));
    }

    /** The merge and the per-file schema can see the same problem (e.g. a wrong-typed top-level key). */
    private static List<Finding> dedupe(List<Finding> sorted) {
        List<Finding> out = new ArrayList<>(sorted.size());
        for (Finding f : sorted) {
            if (out.isEmpty() || !out.get(out.size() - 1).equals(f)) {
                out.add(f);
            }
        }
        return out;
    }
}
