package dev.weft.config;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.source.SourceFile;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The project file {@code .weft.yaml}: defaults for the command line, so a repository says once
 * which inventory, threshold, outputs, credentials and policies its runs use. Keys at the top level
 * apply to every command that has the option; a section named after a command ({@code diff:},
 * {@code drift:}) applies to that command and wins over the top level; an option given on the
 * command line wins over both.
 *
 * <pre>
 * inventory: inventories/roce-pod-a
 * fail-on: warning
 * policies: [policies-local]
 * diff:
 *   output: { markdown: weft-comment.md, sarif: weft.sarif }
 * drift:
 *   credentials: lab/credentials.yaml
 *   known-hosts: lab/known_hosts
 *   parallel: 8
 * </pre>
 *
 * <p>Paths are relative to the folder of the file, wherever Weft runs from. The file is read with
 * the hardened YAML reader (size, depth, aliases, duplicate keys); an unknown key or a value of the
 * wrong kind is a {@code config} finding at its line, with the closest known key when it looks like
 * a typo.
 */
public final class ProjectConfig {

  /** The file name looked for. */
  public static final String FILE = ".weft.yaml";

  private static final long MAX_BYTES = 256 * 1024;

  /** The kind of value a key takes. */
  enum Kind {
    PATH,
    PATHS,
    WORD,
    INTEGER,
    OUTPUTS
  }

  /** Every key, with its kind, in the order the docs list them. */
  static final Map<String, Kind> KEYS =
      keys(
          "inventory", Kind.PATH,
          "fail-on", Kind.WORD,
          "format", Kind.WORD,
          "output", Kind.OUTPUTS,
          "policies", Kind.PATHS,
          "templates", Kind.PATH,
          "asic-profiles", Kind.PATH,
          "hwsku-profiles", Kind.PATH,
          "credentials", Kind.PATH,
          "known-hosts", Kind.PATH,
          "parallel", Kind.INTEGER,
          "timeout", Kind.WORD,
          "shard-count", Kind.INTEGER);

  /**
   * One value: its strings (one for a scalar; several for a list of paths or outputs), paths
   * already resolved against the file's folder, and where it was written.
   */
  public record Setting(String key, List<String> values, Location where) {
    public Setting {
      values = List.copyOf(values);
    }

    /** The value of a single-valued key. */
    public String value() {
      return values.get(0);
    }
  }

  private final Path file;
  private final Map<String, Setting> common;
  private final Map<String, Map<String, Setting>> sections;
  private final List<Finding> problems;

  private ProjectConfig(
      Path file,
      Map<String, Setting> common,
      Map<String, Map<String, Setting>> sections,
      List<Finding> problems) {
    this.file = file;
    this.common = Map.copyOf(common);
    this.sections = Map.copyOf(sections);
    this.problems = List.copyOf(problems);
  }

  /** No project file: every default is the built-in one. */
  public static ProjectConfig none() {
    return new ProjectConfig(null, Map.of(), Map.of(), List.of());
  }

  /**
   * The nearest {@code .weft.yaml} in {@code start} or a folder above it, stopping at the root of
   * the Git repository {@code start} is in (a folder holding {@code .git}), so a file outside the
   * repository never applies.
   */
  public static Optional<Path> find(Path start) {
    for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(FILE);
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
      if (Files.exists(dir.resolve(".git"))) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * Reads {@code file}; {@code display} is how messages name it (e.g. relative to the working
   * folder), {@code commands} the section names allowed (the subcommands). Never throws for bad
   * content: every problem is in {@link #problems()}, and the settings that were fine are kept.
   */
  public static ProjectConfig load(Path file, String display, Collection<String> commands) {
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_BYTES) {
        return failed(
            file,
            problem(
                Location.ofFile(display),
                "this file is "
                    + Files.size(file)
                    + " bytes; a project file is limited to "
                    + MAX_BYTES
                    + " bytes"));
      }
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      return failed(
          file,
          problem(Location.ofFile(display), "cannot read the project file: " + e.getMessage()));
    }
    ParseResult parsed =
        new YamlParser(new LoadLimits(MAX_BYTES, 0, 8)).parse(new SourceFile(display, bytes, null));
    if (!parsed.ok()) {
      return failed(file, parsed.findings().toArray(Finding[]::new));
    }
    return new Reader(file.toAbsolutePath().getParent(), Set.copyOf(commands))
        .read(file, parsed.root());
  }

  private static ProjectConfig failed(Path file, Finding... problems) {
    return new ProjectConfig(file, Map.of(), Map.of(), List.of(problems));
  }

  /** The file read, if any. */
  public Optional<Path> file() {
    return Optional.ofNullable(file);
  }

  /**
   * Unknown keys, values of the wrong kind, YAML problems: {@code config} (or {@code yaml-syntax})
   * findings.
   */
  public List<Finding> problems() {
    return problems;
  }

  /** The setting of {@code key} for {@code command}: its section's, else the top level's. */
  public Optional<Setting> get(String command, String key) {
    Setting own = sections.getOrDefault(command, Map.of()).get(key);
    return Optional.ofNullable(own != null ? own : common.get(key));
  }

  static Finding problem(Location where, String message) {
    return Finding.of("config", Severity.ERROR, message).at(where);
  }

  private static Map<String, Kind> keys(Object... keyThenKind) {
    Map<String, Kind> out = new LinkedHashMap<>();
    for (int i = 0; i < keyThenKind.length; i += 2) {
      out.put((String) keyThenKind[i], (Kind) keyThenKind[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  /** Turns the parsed tree into settings and problems. */
  private static final class Reader {
    private final Path base;
    private final Set<String> commands;
    private final List<Finding> problems = new ArrayList<>();

    Reader(Path base, Set<String> commands) {
      this.base = base;
      this.commands = commands;
    }

    ProjectConfig read(Path file, MapNode root) {
      Map<String, Setting> common = new LinkedHashMap<>();
      Map<String, Map<String, Setting>> sections = new LinkedHashMap<>();
      for (MapNode.Entry e : root.entries().values()) {
        if (commands.contains(e.key())) {
          if (e.value() instanceof MapNode section) {
            Map<String, Setting> own = new LinkedHashMap<>();
            section.entries().values().forEach(s -> setting(s, own, e.key() + "."));
            sections.put(e.key(), own);
          } else {
            problems.add(
                problem(
                    e.value().location(),
                    "'"
                        + e.key()
                        + "' is the section of the "
                        + e.key()
                        + " command: a mapping of its settings, e.g. "
                        + e.key()
                        + ": { fail-on: warning }"));
          }
        } else {
          setting(e, common, "");
        }
      }
      return new ProjectConfig(file, common, sections, problems);
    }

    private void setting(MapNode.Entry e, Map<String, Setting> into, String prefix) {
      Kind kind = KEYS.get(e.key());
      if (kind == null) {
        Set<String> known = new TreeSet<>(KEYS.keySet());
        if (prefix.isEmpty()) {
          known.addAll(commands);
        }
        String hint = DidYouMean.suggest(e.key(), known);
        problems.add(
            problem(
                e.keyLocation(),
                "unknown key '"
                    + prefix
                    + e.key()
                    + "'"
                    + (hint == null ? "" : "; did you mean '" + prefix + hint + "'?")
                    + " Known keys: "
                    + String.join(", ", KEYS.keySet())
                    + (prefix.isEmpty()
                        ? ", and a section per command ("
                            + String.join(", ", new TreeSet<>(commands))
                            + ")"
                        : "")));
        return;
      }
      List<String> values = values(prefix + e.key(), kind, e.value());
      if (values != null) {
        into.put(e.key(), new Setting(e.key(), values, e.value().location()));
      }
    }

    /** The strings of one value, or null (and a problem) when it is not of the key's kind. */
    private List<String> values(String key, Kind kind, Node node) {
      switch (kind) {
        case PATH -> {
          String text = text(node);
          return text == null
              ? wrong(key, node, "a path (relative to this file's folder)")
              : List.of(path(text));
        }
        case WORD -> {
          String text = text(node);
          return text == null ? wrong(key, node, "a word") : List.of(text);
        }
        case INTEGER -> {
          if (node instanceof ScalarNode s && s.value() instanceof Number n) {
            try {
              return List.of(String.valueOf(new BigDecimal(n.toString()).intValueExact()));
            } catch (ArithmeticException | NumberFormatException notInt) {
              return wrong(key, node, "a whole number");
            }
          }
          return wrong(key, node, "a whole number");
        }
        case PATHS -> {
          List<String> out = new ArrayList<>();
          for (Node item : items(node)) {
            String text = text(item);
            if (text == null) {
              return wrong(key, item, "a path or a list of paths");
            }
            out.add(path(text));
          }
          return out;
        }
        case OUTPUTS -> {
          return outputs(key, node);
        }
        default -> throw new IllegalStateException(kind.name());
      }
    }

    /**
     * {@code output}: FORMAT=FILE strings (one or a list) or a mapping FORMAT: FILE; files
     * resolved.
     */
    private List<String> outputs(String key, Node node) {
      List<String> out = new ArrayList<>();
      if (node instanceof MapNode map) {
        for (MapNode.Entry e : map.entries().values()) {
          String file = text(e.value());
          if (file == null) {
            return wrong(key + "." + e.key(), e.value(), "a file name ('-' for standard output)");
          }
          out.add(e.key() + "=" + outputFile(file));
        }
        return out;
      }
      for (Node item : items(node)) {
        String text = text(item);
        int eq = text == null ? -1 : text.indexOf('=');
        if (eq <= 0) {
          return wrong(
              key, item, "FORMAT=FILE (e.g. sarif=weft.sarif, json=- for standard output)");
        }
        out.add(text.substring(0, eq) + "=" + outputFile(text.substring(eq + 1)));
      }
      return out;
    }

    private String outputFile(String file) {
      return "-".equals(file) ? file : path(file);
    }

    private String path(String text) {
      Path p =
          Path.of(
              text.startsWith("~/") ? System.getProperty("user.home") + text.substring(1) : text);
      return (p.isAbsolute() ? p : base.resolve(p)).normalize().toString();
    }

    private static List<Node> items(Node node) {
      return node instanceof ListNode list ? list.items() : List.of(node);
    }

    private static String text(Node node) {
      if (node instanceof ScalarNode s && s.value() != null && !(s.value() instanceof Boolean)) {
        String text = s.value() instanceof String str ? str : s.text();
        return text == null || text.isBlank() ? null : text;
      }
      return null;
    }

    private List<String> wrong(String key, Node node, String expected) {
      String found =
          node instanceof MapNode
              ? "a mapping"
              : node instanceof ListNode
                  ? "a list"
                  : node instanceof ScalarNode s && s.value() == null
                      ? "nothing"
                      : "'" + ((ScalarNode) node).text() + "'";
      problems.add(
          problem(node.location(), "'" + key + "' must be " + expected + ", found " + found));
      return null;
    }
  }
}
