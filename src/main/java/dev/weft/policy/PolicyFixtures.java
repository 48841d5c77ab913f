package dev.weft.policy;

import dev.weft.finding.Finding;
import dev.weft.yaml.LoadLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code weft test-policies DIR}: every rule folder's {@code pass/} and {@code fail/} inventories
 * through the real validate pipeline, compared with their {@code # expect:} markers, as a team's CI
 * runs its own rules. A fail fixture must produce exactly its markers' findings (rule, file, line,
 * and severity where the marker gives one) and carry at least one marker of its own rule; a pass
 * fixture may only produce findings its {@code # expect-waived:} markers name. Built-in rule
 * folders are tested the same way, so {@code weft test-policies policies} runs the catalogue's own
 * fixtures.
 */
public final class PolicyFixtures {

  /** Runs the validate pipeline (with the folder's user rules) on one fixture inventory. */
  public interface Validator {
    /**
     * @return the findings, and the folder their file paths are relative to
     */
    Validated validate(Path inventory);
  }

  /** What validating one fixture gave. */
  public record Validated(List<Finding> findings, Path root) {}

  /**
   * One fixture's verdict.
   *
   * @param problems what differs from the markers, one line each; empty when the fixture passed
   */
  public record Result(String rule, String kind, Path inventory, List<String> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private PolicyFixtures() {}

  /** The rule folders of {@code dir} that have fixtures, sorted. */
  public static List<Path> ruleFolders(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
          .filter(p -> !p.getFileName().toString().startsWith("."))
          .filter(p -> Files.isRegularFile(p.resolve("rule.yaml"), LinkOption.NOFOLLOW_LINKS))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static List<Result> run(Path dir, Validator validator) {
    List<Result> results = new ArrayList<>();
    for (Path folder : ruleFolders(dir)) {
      String id = folder.getFileName().toString();
      boolean any = false;
      for (String kind : List.of("pass", "fail")) {
        Path fixture = folder.resolve(kind);
        if (Files.isDirectory(fixture, LinkOption.NOFOLLOW_LINKS)) {
          any = true;
          results.add(check(id, kind, fixture, validator));
        }
      }
      if (!any) {
        results.add(
            new Result(id, "fixtures", folder, List.of("no pass/ or fail/ fixture inventory")));
      }
    }
    return results;
  }

  private static Result check(String id, String kind, Path fixture, Validator validator) {
    Validated validated = validator.validate(fixture);
    List<ExpectMarkers.Expected> expected = new ArrayList<>();
    for (Path f : yamlFiles(fixture)) {
      String shown =
          validated.root().relativize(f.toAbsolutePath().normalize()).toString().replace('\\', '/');
      try {
        if (Files.size(f) > LoadLimits.defaults().maxFileBytes()) {
          continue; // the validation above already refused the file from its size: not read here
        }
        expected.addAll(ExpectMarkers.read(Files.readAllLines(f, StandardCharsets.UTF_8), shown));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    List<String> problems = new ArrayList<>();
    if (kind.equals("pass") && expected.stream().anyMatch(e -> !e.waived())) {
      problems.add("a pass fixture may only carry # expect-waived: markers");
    }
    if (kind.equals("fail")
        && expected.stream().noneMatch(e -> e.rule().equals(id) && !e.waived())) {
      problems.add("the fail fixture has no '# expect: " + id + "' marker");
    }
    Map<String, ExpectMarkers.Expected> want = new LinkedHashMap<>();
    expected.forEach(e -> want.put(e.key(), e));
    Map<String, Finding> got = new TreeMap<>();
    for (Finding f : validated.findings()) {
      if (f.location() == null) {
        problems.add(
            "unexpected: "
                + f.rule()
                + " "
                + f.severity().label()
                + " (no location) — "
                + f.message());
        continue;
      }
      ExpectMarkers.Expected as =
          new ExpectMarkers.Expected(
              f.rule(), f.location().file(), f.location().line(), f.waived(), null);
      got.putIfAbsent(as.key(), f);
    }
    for (ExpectMarkers.Expected e : want.values()) {
      Finding f = got.get(e.key());
      if (f == null) {
        problems.add(
            "missing: " + e.key() + (e.severity() == null ? "" : " " + e.severity().label()));
      } else if (e.severity() != null && e.severity() != f.severity()) {
        problems.add(
            "severity: "
                + e.key()
                + " expected "
                + e.severity().label()
                + ", found "
                + f.severity().label());
      }
    }
    got.forEach(
        (key, f) -> {
          if (!want.containsKey(key)) {
            problems.add(
                "unexpected: "
                    + f.location()
                    + " "
                    + f.rule()
                    + " "
                    + f.severity().label()
                    + (f.waived() ? " (waived)" : "")
                    + " — "
                    + f.message());
          }
        });
    return new Result(id, kind, fixture, problems);
  }

  private static List<Path> yamlFiles(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
