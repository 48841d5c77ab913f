package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.policy.PolicyFixtures;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft test-policies DIR}: a policy folder's fixtures against their {@code # expect:}
 * markers.
 */
@Command(
    name = "test-policies",
    mixinStandardHelpOptions = true,
    description =
        "Run the pass/ and fail/ fixtures of every rule folder in DIR (user rules in CEL, or built-in"
            + " rule folders) through weft validate with DIR's rules loaded, and report every # expect: marker"
            + " that was not met and every finding no marker expects. Exit 1 when any fixture fails.",
    footerHeading = "%nExamples:%n",
    footer = {"  weft test-policies policies/examples"})
final class TestPoliciesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "DIR",
      description = "A folder of rule folders (each with rule.yaml, pass/, fail/).")
  Path dir;

  @Option(
      names = "--policies",
      paramLabel = "DIR",
      description = "More rule folders to load besides DIR (repeatable).")
  List<Path> policies = new ArrayList<>();

  @Option(
      names = "--today",
      paramLabel = "DATE",
      description =
          "Judge waiver expiry in the fixtures as of this date (YYYY-MM-DD; default: today).")
  String today;

  @Override
  public Integer call() {
    if (!Files.isDirectory(dir)) {
      throw new UsageException("test-policies: '" + dir + "' is not a directory");
    }
    LocalDate date = date();
    List<Path> dirs = new ArrayList<>(policies);
    dirs.add(0, dir);
    Pipeline pipeline = new Pipeline(dirs, null, date);
    Path cwd = Paths.get("");
    List<Finding> loading = pipeline.ruleMeta().problems();
    PrintWriter out = spec.commandLine().getOut();
    loading.forEach(f -> out.println("rule problem: " + f.location() + ": " + f.message()));
    List<PolicyFixtures.Result> results =
        PolicyFixtures.run(
            dir,
            inventory -> {
              var source = new InventoryLocator(cwd).locate(inventory, null, null);
              return new PolicyFixtures.Validated(
                  pipeline.validate(source).findings(), root(inventory, source.inventoryPath()));
            });
    int failed = 0;
    for (PolicyFixtures.Result r : results) {
      out.println((r.ok() ? "ok    " : "FAILED") + " " + r.rule() + " " + r.kind());
      r.problems().forEach(p -> out.println("         " + p));
      failed += r.ok() ? 0 : 1;
    }
    long rules = results.stream().map(PolicyFixtures.Result::rule).distinct().count();
    out.println(
        "weft test-policies "
            + dir
            + ": "
            + rules
            + " rules, "
            + (results.size() - failed)
            + " passed, "
            + failed
            + " failed"
            + (loading.isEmpty() ? "" : ", " + loading.size() + " rule problems"));
    out.flush();
    return failed == 0 && loading.isEmpty() && !results.isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
  }

  /**
   * The folder findings' paths are relative to: the inventory minus its repository-relative path.
   */
  private static Path root(Path inventory, String relative) {
    Path root = inventory.toAbsolutePath().normalize();
    int depth = relative.isEmpty() || relative.equals(".") ? 0 : Path.of(relative).getNameCount();
    for (int i = 0; i < depth && root.getParent() != null; i++) {
      root = root.getParent();
    }
    return root;
  }

  private LocalDate date() {
    if (today == null) {
      return LocalDate.now();
    }
    try {
      return LocalDate.parse(today);
    } catch (DateTimeParseException e) {
      throw new UsageException("--today must be a date like 2026-06-01, found '" + today + "'");
    }
  }
}
