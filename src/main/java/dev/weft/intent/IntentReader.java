package dev.weft.intent;

import dev.weft.accel.Accelerators;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.SwitchPlatforms;
import dev.weft.schema.SchemaValidator;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The intent stage in one call: load (parse + merge), check each file against the schema, then map
 * to the model, so that one pass reports every problem. Files that parse and pass the schema are
 * mapped (the mapper can trust their shape); a file with a YAML or schema error is skipped, and
 * {@link Consequences} says what follows from that so later stages leave it out. When the input has
 * errors, {@link IntentResult#model()} is null (nothing is rendered or audited from broken intent)
 * and {@link IntentResult#partialModel()} is the sound part, for the rules. Never an exception for
 * bad input.
 */
public final class IntentReader {

  private final IntentLoader loader;
  private final SchemaValidator validator;
  private final IntentMapper mapper;

  /**
   * One function for every read, so the loader knows a file it checked before need not be checked
   * again.
   */
  private final Function<ParsedFile, List<Finding>> schemaCheck;

  /**
   * @param switchPlatforms the values a switch's {@code platform} may take (the platform packs'
   *     ids)
   */
  public IntentReader(SwitchPlatforms switchPlatforms) {
    this(LoadLimits.defaults(), switchPlatforms);
  }

  /**
   * With a schema validator of its own (reading the schema is cheap: the library is compiled only
   * if needed).
   */
  public IntentReader(LoadLimits limits, SwitchPlatforms switchPlatforms) {
    this(limits, switchPlatforms, Accelerators.on());
  }

  /**
   * With the run's fast-path switch ({@code WEFT_FAST}): YAML parser and schema quick pass follow
   * it.
   */
  public IntentReader(
      LoadLimits limits, SwitchPlatforms switchPlatforms, Accelerators accelerators) {
    this(
        new IntentLoader(limits, accelerators),
        new SchemaValidator(switchPlatforms.ids(), accelerators),
        switchPlatforms);
  }

  /**
   * With a shared validator: the schema is read once per process, not once per read.
   *
   * @param switchPlatforms the platforms the validator was made with, with their transports
   */
  public IntentReader(
      IntentLoader loader, SchemaValidator validator, SwitchPlatforms switchPlatforms) {
    this.loader = loader;
    this.validator = validator;
    this.mapper = new IntentMapper(loader.accelerators(), switchPlatforms);
    this.schemaCheck = f -> validator.validate(f.source().path(), f.root());
  }

  /**
   * @throws SourceException when the inventory cannot be read at all (missing folder, unknown ref)
   */
  public IntentResult read(InventorySource source) throws SourceException {
    return read(source, StageTimer.NONE);
  }

  /**
   * As {@link #read(InventorySource)}, telling {@code timer} the wall time of load+parse, schema
   * and map.
   */
  public IntentResult read(InventorySource source, StageTimer timer) throws SourceException {
    long start = System.nanoTime();
    // Each file is checked against the schema in the task that parsed it.
    IntentLoader.CheckedLoad checked = loader.load(source, schemaCheck);
    LoadedIntent loaded = checked.intent();
    List<Finding> findings = new ArrayList<>(loaded.findings());
    findings.addAll(checked.checks());
    long checkedAt = System.nanoTime();
    timer.record("load+parse+schema", checkedAt - start);
    Set<String> invalid = new TreeSet<>();
    findings.stream()
        .filter(Consequences::isInputError)
        .filter(f -> f.location() != null)
        .forEach(f -> invalid.add(f.location().file()));
    List<ParsedFile> sound = new ArrayList<>();
    for (ParsedFile f : loaded.files()) {
      if (!invalid.contains(f.source().path())) {
        sound.add(f);
      }
    }
    MapNode tree =
        sound.size() == loaded.files().size()
            ? loaded.merged()
            : new InventoryMerger(source.inventoryPath()).merge(sound, false, true);
    Skipped skipped = Skipped.of(checked.unparsed(), loaded.files(), invalid);
    FabricModel partial = null;
    MapResult mapped = null;
    if (tree.has("fabric") && !skipped.holdsCore()) {
      mapped =
          mapper.map(
              source.inventoryPath(), tree, sound.isEmpty() ? null : sound.get(0).source().path());
      findings.addAll(mapped.findings());
      partial = mapped.model();
    }
    timer.record("map", System.nanoTime() - checkedAt);
    findings.sort(Finding.ORDER);
    List<Finding> deduped = dedupe(findings);
    Consequences consequences = skipped.consequences(deduped);
    List<Finding> reported = consequences.without(deduped);
    boolean clean = reported.stream().noneMatch(IntentReader::blocksMapping);
    return new IntentResult(loaded, clean ? partial : null, partial, reported, consequences);
  }

  private static boolean blocksMapping(Finding f) {
    return f.severity() == Severity.ERROR
        && (f.rule().equals("yaml-syntax") || f.rule().equals("schema"));
  }

  /**
   * One finding per problem. The merge and the per-file schema can see the same one (a wrong-typed
   * top-level key); and a value shared through a YAML anchor is reported once at the anchor, not
   * once per device that uses it (a mistyped {@code 400g} in an anchored NIC gave 32 identical
   * errors): the same rule, place and message, apart from the device and port, is one finding at
   * the cause.
   */
  private static List<Finding> dedupe(List<Finding> sorted) {
    List<Finding> out = new ArrayList<>(sorted.size());
    java.util.Map<String, Integer> byCause = new java.util.HashMap<>();
    for (Finding f : sorted) {
      if (f.location() == null) {
        if (out.isEmpty() || !out.get(out.size() - 1).equals(f)) {
          out.add(f);
        }
        continue;
      }
      String cause =
          f.rule()
              + "\u0000"
              + f.location()
              + "\u0000"
              + f.severity()
              + "\u0000"
              + f.genericMessage();
      Integer at = byCause.putIfAbsent(cause, out.size());
      if (at == null) {
        out.add(f);
      } else if (!sameTarget(out.get(at), f)) {
        Finding first = out.get(at);
        out.set(
            at,
            new Finding(
                first.rule(),
                first.severity(),
                first
                    .genericMessage()
                    .replace("<device>", "each device")
                    .replace("<port>", "each port"),
                first.location(),
                null,
                null,
                first.path(),
                first.expected(),
                first.actual(),
                first.waived(),
                first.waiverReason()));
      }
    }
    return out;
  }

  private static boolean sameTarget(Finding a, Finding b) {
    return java.util.Objects.equals(a.device(), b.device())
        && java.util.Objects.equals(a.port(), b.port());
  }
}
