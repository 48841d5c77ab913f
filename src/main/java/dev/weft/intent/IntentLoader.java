package dev.weft.intent;

import dev.weft.accel.Accelerators;
import dev.weft.finding.Finding;
import dev.weft.finding.WhileProcessing;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

/**
 * Reads an inventory from a source, parses its files (in parallel, output in path order) and merges
 * them by the rules of intent-format §1. Does not check the schema; that is {@code
 * SchemaValidator}'s job.
 *
 * <p>Thread-safe. Each file's parse and per-file check are kept for the life of the loader, keyed
 * by path and confirmed by content, so loading a base and a head ref with one loader ({@code weft
 * diff}) parses and checks an unchanged file once, even when the two sides load at the same time on
 * two threads: the second to reach a file waits for the first one's result.
 */
public final class IntentLoader {

  private final YamlParser parser;
  private final Map<String, Known> known = new ConcurrentHashMap<>();

  /**
   * A file's parse and check, started by the first load that reached it. The bytes are kept to
   * confirm a hit (a caller's blob id could name other content: the bytes decide; comparing costs a
   * fraction of parsing).
   */
  private record Known(
      SourceFile source, Function<ParsedFile, List<Finding>> perFile, FutureTask<Checked> task) {
    boolean sameInput(SourceFile other) {
      return Arrays.equals(source.content(), other.content());
    }
  }

  private final Accelerators accelerators;

  public IntentLoader(LoadLimits limits) {
    this(limits, Accelerators.on());
  }

  /** With the run's fast-path switch ({@code WEFT_FAST}), which the YAML parser follows. */
  public IntentLoader(LoadLimits limits, Accelerators accelerators) {
    this.parser = new YamlParser(limits, accelerators);
    this.accelerators = accelerators;
  }

  /** The run's fast-path switch, which the mapper's unit parsing follows too. */
  public Accelerators accelerators() {
    return accelerators;
  }

  /**
   * @throws SourceException when the inventory cannot be read at all (missing path, unknown ref)
   */
  public LoadedIntent load(InventorySource source) throws SourceException {
    return load(source, file -> List.of()).intent();
  }

  /**
   * A load and, apart from its own findings, what the per-file check found (file by file, in path
   * order), and the files that did not parse (their text is all that is known of what they
   * declare).
   */
  public record CheckedLoad(LoadedIntent intent, List<Finding> checks, List<SourceFile> unparsed) {
    public CheckedLoad {
      checks = List.copyOf(checks);
      unparsed = List.copyOf(unparsed);
    }
  }

  /**
   * As {@link #load(InventorySource)}, also running {@code perFile} on each file that parsed, in
   * the same task as its parse (while its tree is still in the processor's cache, and with no wait
   * for the slowest file between parsing and checking).
   */
  public CheckedLoad load(InventorySource source, Function<ParsedFile, List<Finding>> perFile)
      throws SourceException {
    List<SourceFile> sources = source.read();
    List<Checked> results =
        LargestFirst.map(sources, f -> f.content().length, f -> parseAndCheck(f, perFile));
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
    // a file that did not parse may define fabric or version: their absence from the rest is not a
    // finding
    MapNode merged = merger.merge(files, sources.isEmpty(), !unparsed.isEmpty());
    findings.addAll(merger.findings());
    return new CheckedLoad(
        new LoadedIntent(source.inventoryPath(), files, merged, findings), checks, unparsed);
  }

  /**
   * One file's parse, its parsed form (null when it did not parse) and what {@code perFile} found
   * in it.
   */
  private record Checked(ParseResult parse, ParsedFile file, List<Finding> findings) {}

  private Checked parseAndCheck(SourceFile source, Function<ParsedFile, List<Finding>> perFile) {
    if (!source.complete()) {
      return check(
          source, parser.parse(source), perFile); // a refused or oversized file: nothing to keep
    }
    Known mine =
        new Known(
            source, perFile, new FutureTask<>(() -> check(source, parser.parse(source), perFile)));
    Known found =
        known.compute(
            source.path(), (path, old) -> old != null && old.sameInput(source) ? old : mine);
    if (found == mine) {
      mine.task().run();
    }
    Checked result = joined(found.task(), source);
    if (found == mine || result.file() == null) {
      return result;
    }
    // Same path and content give the same tree (locations name the path), told as this side's file;
    // a
    // different check runs on it afresh.
    ParsedFile file = new ParsedFile(source, result.file().root());
    return new Checked(
        result.parse(), file, found.perFile() == perFile ? result.findings() : perFile.apply(file));
  }

  private Checked check(
      SourceFile source, ParseResult result, Function<ParsedFile, List<Finding>> perFile) {
    try {
      if (result.root() == null) {
        return new Checked(result, null, List.of());
      }
      ParsedFile file = new ParsedFile(source, result.root());
      return new Checked(result, file, perFile.apply(file));
    } catch (RuntimeException | StackOverflowError bug) {
      throw new WhileProcessing(
          "input file " + source.path(), bug); // the crash report names the file
    }
  }

  /** The task's result; what it threw is thrown here, as if this thread had parsed the file. */
  private static Checked joined(FutureTask<Checked> task, SourceFile source) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WhileProcessing("input file " + source.path(), e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new WhileProcessing("input file " + source.path(), e.getCause());
    }
  }
}
