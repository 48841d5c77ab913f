package dev.weft.intent;

import dev.weft.accel.Accelerators;
import dev.weft.schema.SchemaValidator;
import dev.weft.yaml.LoadLimits;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The intent stage in one call: load (parse + merge), check each file against the schema, then map
 * to the model. Mapping runs only on intent without YAML or schema errors, so it can trust the shape;
 * a broken inventory yields findings and no model, never an exception.
 */
public final class IntentReader {

    private final IntentLoader loader;
    private final SchemaValidator validator;
    private final IntentMapper mapper = new IntentMapper();

    /** @param switchPlatforms the values a switch's {@code platform} may take (the platform packs' ids) */
    public IntentReader(Collection<String> switchPlatforms) {
        this(LoadLimits.defaults(), switchPlatforms);
    }

    /** With a schema validator of its own (reading the schema is cheap: the library is compiled only if needed). */
    public IntentReader(LoadLimits limits, Collection<String> switchPlatforms) {
        this(limits, switchPlatforms, Accelerators.on());
    }

    /** With the run's fast-path switch ({@code WEFT_FAST}): YAML parser and schema quick pass follow it. */
    public IntentReader(LoadLimits limits, Collection<String> switchPlatforms, Accelerators accelerators) {
        this(new IntentLoader(limits, accelerators), new SchemaValidator(switchPlatforms, accelerators));
    }

    /** With a shared validator: the schema is read once per process, not once per read. */
    public IntentReader(IntentLoader loader, SchemaValidator validator) {
        this.loader = loader;
        this.validator = validator;
    }

    /** @throws SourceException when the inventory cannot be read at all (missing folder, unknown ref) */
    public IntentResult read(InventorySource source) throws SourceException {
        return read(source, StageTimer.NONE);
    }

    /** As {@link #read(InventorySource)}, telling {@code timer} the wall time of load+parse, schema and map. */
    public IntentResult read(InventorySource source, StageTimer timer) throws SourceException {
        long start = System.nanoTime();
        // Each file is checked against the schema in the task that parsed it.
        IntentLoader.CheckedLoad checked = loader.load(source, f -> validator.validate(f.source().path(), f.root()));
        LoadedIntent loaded = checked.intent();
        List<Finding> findings = new ArrayList<>(loaded.findings());
        findings.addAll(checked.checks());
        long checkedAt = System.nanoTime();
        timer.record("load+parse+schema", checkedAt - start);
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
