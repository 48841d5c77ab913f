package dev.weft.rules;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads rule metadata ({@code <root>/<id>/rule.yaml}) from a list of roots: the built-in catalogue
 * in the jar first, then each {@code --policies DIR} in order. A later root overrides an earlier
 * one field by field, so a site can change only a severity. Problems are {@value
 * RuleMetaReader#RULE} findings at the offending line; nothing here throws for bad input.
 *
 * <p>Only {@code rule.yaml} directly inside an id folder is read; symbolic links are not followed,
 * so a policies folder cannot make Weft read files outside it.
 */
public final class RuleMetaLoader {

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

  /** The metadata of every rule, and what was wrong with the files. */
  public record Result(Map<String, RuleMeta> meta, List<Finding> problems) {
    public Result {
      meta = Map.copyOf(meta);
      problems = List.copyOf(problems);
    }

    public boolean ok() {
      return problems.isEmpty();
    }
  }

  /** One place rule.yaml files come from. */
  public interface PolicyRoot {
    /**
     * The ids this root has a {@code rule.yaml} for.
     *
     * @param catalogIds the catalogue's ids (a root that cannot list its folders answers for these)
     */
    List<String> ids(Set<String> catalogIds, List<Finding> problems);

    /** The file of one id, or empty when this root has none. */
    Optional<SourceFile> read(String id, List<Finding> problems);
  }

  private final YamlParser parser;

  public RuleMetaLoader() {
    this(new YamlParser(LoadLimits.defaults()));
  }

  public RuleMetaLoader(YamlParser parser) {
    this.parser = parser;
  }

  /** The built-in catalogue: {@code policies/<id>/rule.yaml} resources of the jar. */
  public static PolicyRoot builtIn() {
    return new ClasspathRoot(RuleMetaLoader.class.getClassLoader());
  }

  /** A {@code --policies DIR}: one folder per rule id. */
  public static PolicyRoot directory(Path dir) {
    return new DirectoryRoot(dir, Set.of());
  }

  /**
   * A {@code --policies DIR} whose folders of the given ids belong to someone else (user rules).
   */
  public static PolicyRoot directory(Path dir, Set<String> skip) {
    return new DirectoryRoot(dir, Set.copyOf(skip));
  }

  /** Built-in metadata, then the given override directories in order. */
  public Result load(RuleCatalog catalog, List<Path> overrides) {
    List<PolicyRoot> roots = new ArrayList<>();
    roots.add(builtIn());
    overrides.forEach(d -> roots.add(directory(d)));
    return load(catalog, roots.toArray(PolicyRoot[]::new));
  }

  /**
   * Built-in metadata and rules whose metadata is given (user rules, read by their own loader),
   * then the override directories in order; the directories' folders of the given rules are not
   * read again.
   */
  public Result load(
      RuleCatalog catalog, List<Path> overrides, Map<String, RuleMeta> given, Set<String> skip) {
    List<PolicyRoot> roots = new ArrayList<>();
    roots.add(builtIn());
    overrides.forEach(d -> roots.add(directory(d, skip)));
    return load(catalog, given, roots.toArray(PolicyRoot[]::new));
  }

  /**
   * @param roots the first root must give every field of every rule; later roots may give some
   */
  public Result load(RuleCatalog catalog, PolicyRoot... roots) {
    return load(catalog, Map.of(), roots);
  }

  private Result load(RuleCatalog catalog, Map<String, RuleMeta> given, PolicyRoot... roots) {
    Set<String> known = catalog.ids();
    List<Finding> problems = new ArrayList<>();
    Map<String, RuleMetaReader.Partial> merged = new TreeMap<>();
    given.forEach((id, m) -> merged.put(id, RuleMetaReader.Partial.of(m)));
    Map<String, String> lastFile = new TreeMap<>();
    for (PolicyRoot root : roots) {
      for (String id : root.ids(known, problems)) {
        Optional<SourceFile> file = root.read(id, problems);
        if (file.isEmpty()) {
          continue;
        }
        String path = file.get().path();
        if (!known.contains(id)) {
          problems.add(
              RuleMetaReader.problem(
                  Location.ofFile(path),
                  "rule.yaml for '"
                      + id
                      + "', but this Weft has no rule with that id"
                      + Optional.ofNullable(DidYouMean.suggest(id, known))
                          .map(k -> " (did you mean " + k + "?)")
                          .orElse("")));
          continue;
        }
        ParseResult parsed = parser.parse(file.get());
        problems.addAll(parsed.findings());
        if (!parsed.ok()) {
          continue;
        }
        RuleMetaReader.Partial partial = RuleMetaReader.read(parsed.root(), id, problems);
        if (partial != null) {
          merged.put(id, partial.over(merged.get(id)));
          lastFile.put(id, path);
        }
      }
    }
    Map<String, RuleMeta> meta = new TreeMap<>();
    for (String id : known) {
      RuleMetaReader.Partial p = merged.get(id);
      if (p == null) {
        problems.add(
            Finding.of(
                RuleMetaReader.RULE,
                Severity.ERROR,
                "rule " + id + " has no metadata: policies/" + id + "/rule.yaml is missing"));
      } else if (!p.missing().isEmpty()) {
        problems.add(
            RuleMetaReader.problem(
                Location.ofFile(lastFile.get(id)),
                "rule.yaml of " + id + " lacks " + String.join(", ", p.missing())));
      } else if (!p.contradictions().isEmpty()) {
        problems.add(
            RuleMetaReader.problem(
                Location.ofFile(lastFile.get(id)),
                "rule.yaml of " + id + ": " + String.join("; ", p.contradictions())));
      } else {
        meta.put(id, p.toMeta());
      }
    }
    return new Result(meta, problems);
  }

  private record ClasspathRoot(ClassLoader loader) implements PolicyRoot {
    @Override
    public List<String> ids(Set<String> catalogIds, List<Finding> problems) {
      return List.copyOf(
          catalogIds); // a jar cannot be listed portably; the catalogue says what to look for
    }

    @Override
    public Optional<SourceFile> read(String id, List<Finding> problems) {
      String path = "policies/" + id + "/rule.yaml";
      try (InputStream in = loader.getResourceAsStream(path)) {
        if (in == null) {
          return Optional.empty();
        }
        // one byte over the limit is enough for the parser to report the file as too large
        byte[] bytes =
            in.readNBytes(
                (int) Math.min(Integer.MAX_VALUE - 8, LoadLimits.defaults().maxFileBytes() + 1));
        return Optional.of(new SourceFile(path, bytes, null));
      } catch (IOException e) {
        problems.add(
            RuleMetaReader.problem(
                Location.ofFile(path), "cannot read " + path + ": " + e.getMessage()));
        return Optional.empty();
      }
    }
  }

  private record DirectoryRoot(Path dir, Set<String> skip) implements PolicyRoot {
    @Override
    public List<String> ids(Set<String> catalogIds, List<Finding> problems) {
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        problems.add(
            Finding.of(
                RuleMetaReader.RULE,
                Severity.ERROR,
                "policies directory " + display(dir) + " does not exist or is not a directory"));
        return List.of();
      }
      List<String> ids = new ArrayList<>();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
        for (Path entry : entries) {
          String name = entry.getFileName().toString();
          if (name.startsWith(".")
              || skip.contains(name)
              || !Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
              || !Files.isRegularFile(entry.resolve("rule.yaml"), LinkOption.NOFOLLOW_LINKS)) {
            continue; // not a rule folder (README, template folder, symlink): nothing to read
          }
          if (!ID.matcher(name).matches()) {
            problems.add(
                RuleMetaReader.problem(
                    Location.ofFile(display(entry.resolve("rule.yaml"))),
                    "rule folder '" + name + "' is not a kebab-case rule id"));
            continue;
          }
          ids.add(name);
        }
      } catch (IOException e) {
        problems.add(
            Finding.of(
                RuleMetaReader.RULE,
                Severity.ERROR,
                "cannot list policies directory " + display(dir) + ": " + e.getMessage()));
      }
      ids.sort(null);
      return ids;
    }

    @Override
    public Optional<SourceFile> read(String id, List<Finding> problems) {
      Path file = dir.resolve(id).resolve("rule.yaml");
      try {
        long size = Files.size(file);
        if (size > LoadLimits.defaults().maxFileBytes()) {
          problems.add(
              RuleMetaReader.problem(
                  Location.ofFile(display(file)),
                  display(file) + " is " + size + " bytes; rule.yaml files are small"));
          return Optional.empty();
        }
        return Optional.of(new SourceFile(display(file), Files.readAllBytes(file), null));
      } catch (IOException e) {
        problems.add(
            RuleMetaReader.problem(
                Location.ofFile(display(file)),
                "cannot read " + display(file) + ": " + e.getMessage()));
        return Optional.empty();
      }
    }

    private static String display(Path p) {
      return p.toString().replace('\\', '/');
    }
  }
}
