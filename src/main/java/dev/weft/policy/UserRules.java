package dev.weft.policy;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleMeta;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The user rules of a run: every folder under the given policy directories whose {@code rule.yaml}
 * has a {@code condition} (a folder without one overrides a built-in rule's metadata and is left to
 * the rule catalogue). The directories come from {@code --policies DIR} (repeatable) and from a
 * project config file alike: {@link #load(List, Set)} takes the list, whoever made it.
 *
 * <p>Loading never throws for bad input: a rule that cannot be read or compiled, or whose id is a
 * built-in rule's or another user rule's, is a {@value #INVALID} finding at its file and line and
 * is not run. CEL is only loaded when at least one user rule folder exists.
 */
public final class UserRules {

  /**
   * Finding id of a user rule that cannot be loaded (bad YAML, unknown key, type error, id
   * collision).
   */
  public static final String INVALID = "user-rule-invalid";

  /**
   * Finding id of a user rule that stopped or failed while running (budget spent, evaluation
   * error).
   */
  public static final String FAILED = "user-rule-failed";

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

  private final List<Rule> rules;
  private final Map<String, RuleMeta> meta;
  private final List<Finding> problems;
  private final Map<String, Path> folders;
  private final Map<String, RuleSpec> specs;

  private UserRules(
      List<Rule> rules,
      Map<String, RuleMeta> meta,
      List<Finding> problems,
      Map<String, Path> folders,
      Map<String, RuleSpec> specs) {
    this.rules = List.copyOf(rules);
    this.meta = Collections.unmodifiableMap(new TreeMap<>(meta));
    this.problems = List.copyOf(problems);
    this.folders = Collections.unmodifiableMap(new TreeMap<>(folders));
    this.specs = Collections.unmodifiableMap(new TreeMap<>(specs));
  }

  public static UserRules none() {
    return new UserRules(List.of(), Map.of(), List.of(), Map.of(), Map.of());
  }

  /**
   * @param dirs policy directories in order (each holds one folder per rule)
   * @param builtInIds ids a user rule may not take
   */
  public static UserRules load(List<Path> dirs, Set<String> builtInIds) {
    List<Finding> problems = new ArrayList<>();
    Map<String, Path> folders = new LinkedHashMap<>();
    Map<String, RuleSpec> specs = new LinkedHashMap<>();
    YamlParser parser = new YamlParser(LoadLimits.defaults());
    for (Path dir : dirs) {
      for (Path folder : ruleFolders(dir)) {
        String id = folder.getFileName().toString();
        Path file = folder.resolve("rule.yaml");
        String shown = display(file);
        byte[] bytes = read(file, shown, problems);
        if (bytes == null) {
          continue;
        }
        ParseResult parsed = parser.parse(new SourceFile(shown, bytes, null));
        if (!parsed.ok() || !RuleSpecReader.isUserRule(parsed.root())) {
          continue; // an override of a built-in rule (or unreadable as one): the catalogue reports
          // it
        }
        if (builtInIds.contains(id)) {
          problems.add(
              invalid(
                  parsed.root().get("id").map(n -> n.location()).orElse(Location.ofFile(shown)),
                  "user rule "
                      + id
                      + " has the id of a built-in rule; give it its own id (folder and id:). To change"
                      + " the built-in rule's severity or text instead, leave out scope, match and condition"));
          folders.putIfAbsent(id, folder);
          continue;
        }
        if (folders.containsKey(id)) {
          problems.add(
              invalid(
                  Location.ofFile(shown),
                  "user rule "
                      + id
                      + " is defined twice: "
                      + display(folders.get(id).resolve("rule.yaml"))
                      + " and "
                      + shown
                      + "; ids must be unique"));
          continue;
        }
        folders.put(id, folder);
        RuleSpec spec =
            new RuleSpecReader(new String(bytes, StandardCharsets.UTF_8), shown, problems)
                .read(parsed.root(), id, display(folder));
        if (spec != null) {
          specs.put(id, spec);
        }
      }
    }
    List<Rule> rules =
        specs.isEmpty() ? List.of() : Compilation.compile(List.copyOf(specs.values()), problems);
    Map<String, RuleMeta> meta = new LinkedHashMap<>();
    for (Rule r : rules) {
      RuleSpec s = specs.get(r.id());
      // a switch-config rule checks the compiled config, and so the live config too; the others the
      // intent
      Set<RuleMeta.Scope> scope =
          s.scope() == RuleScope.SWITCH_CONFIG
              ? EnumSet.of(RuleMeta.Scope.COMPILED, RuleMeta.Scope.LIVE)
              : EnumSet.of(RuleMeta.Scope.INTENT);
      meta.put(
          r.id(),
          new RuleMeta(
              s.id(),
              s.title(),
              s.severity(),
              s.category(),
              s.rationale(),
              s.sources(),
              s.remediation(),
              s.since(),
              scope,
              Set.of(s.severity()),
              null));
    }
    problems.sort(Finding.ORDER);
    return new UserRules(rules, meta, problems, folders, specs);
  }

  /** The rules that compiled, ready for the engine. */
  public List<Rule> rules() {
    return rules;
  }

  /**
   * The ids of the rules that compiled and run on a switch's compiled config (and so also on live
   * config).
   */
  public Set<String> configRuleIds() {
    Set<String> ids = new java.util.TreeSet<>();
    rules.stream()
        .filter(r -> r instanceof CelRule c && c.onConfig())
        .forEach(r -> ids.add(r.id()));
    return ids;
  }

  /** Catalogue entries of the rules that compiled. */
  public Map<String, RuleMeta> meta() {
    return meta;
  }

  /** Why rules could not be loaded, each at its file and line. */
  public List<Finding> problems() {
    return problems;
  }

  /**
   * Every folder this loader claimed as a user rule's, valid or not (the catalogue must not read
   * them as overrides).
   */
  public Set<String> claimedIds() {
    return folders.keySet();
  }

  /** The folder of a user rule. */
  public Optional<Path> folder(String id) {
    return Optional.ofNullable(folders.get(id));
  }

  /** What {@code weft explain} adds for a user rule: where it is, its scope and its expressions. */
  public Optional<String> explain(String id) {
    RuleSpec s = specs.get(id);
    if (s == null) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder();
    out.append("User rule (CEL) in ")
        .append(s.file())
        .append(", checked on ")
        .append(s.scope().doc())
        .append('\n');
    s.variables()
        .forEach(
            (name, x) ->
                out.append("  let ").append(name).append(" = ").append(oneLine(x)).append('\n'));
    if (s.match() != null) {
      out.append("  for objects where ").append(oneLine(s.match())).append('\n');
    }
    out.append("  requires ").append(oneLine(s.condition())).append('\n');
    return Optional.of(out.toString());
  }

  private static String oneLine(RuleSpec.Expression x) {
    return x.text().strip().replaceAll("\\s*\\n\\s*", " ");
  }

  private static List<Path> ruleFolders(Path dir) {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return out; // the catalogue reports a missing --policies directory
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (!name.startsWith(".")
            && ID.matcher(name).matches()
            && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
            && Files.isRegularFile(entry.resolve("rule.yaml"), LinkOption.NOFOLLOW_LINKS)) {
          out.add(entry);
        }
      }
    } catch (IOException e) {
      return out; // the catalogue reports an unreadable directory
    }
    out.sort(null);
    return out;
  }

  private static byte[] read(Path file, String shown, List<Finding> problems) {
    try {
      if (Files.size(file) > LoadLimits.defaults().maxFileBytes()) {
        // Unread, it cannot be told from an override of a built-in rule: the catalogue, which reads
        // the same folders, reports it once (rule-metadata), as it does a file that does not parse.
        return null;
      }
      return Files.readAllBytes(file);
    } catch (IOException e) {
      problems.add(invalid(Location.ofFile(shown), "cannot read " + shown + ": " + e.getMessage()));
      return null;
    }
  }

  private static Finding invalid(Location where, String message) {
    return Finding.of(INVALID, Severity.ERROR, message).at(where);
  }

  static String display(Path p) {
    return p.toString().replace('\\', '/');
  }
}
