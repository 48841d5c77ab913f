package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad user rules (issue acceptance): a type error, an unknown field, a runaway comprehension, an
 * attempt to reach Java or a file, each a clear finding at the rule file's line and column of the
 * offending part, never a stack trace, and the run completes with the other rules' findings.
 */
class BrokenRulesTest {

  @TempDir Path dir;

  private static final Path INVENTORY =
      Validation.project().resolve("policies/examples/port-speed-cap-by-role/pass");

  /** Writes {@code <id>/rule.yaml} with the given scope and condition lines; returns the file. */
  private Path rule(String id, String scope, String... body) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(id));
    StringBuilder y =
        new StringBuilder("id: " + id + "\ntitle: t\nseverity: error\nscope: " + scope + "\n");
    for (String line : body) {
      y.append(line).append('\n');
    }
    if (!y.toString().contains("\nmessage:")) {
      y.append("message: \"found {{" + (scope.equals("fabric") ? "fabric" : scope) + "}}\"\n");
    }
    y.append("remediation: Fix it.\nsources: [\"test\"]\n");
    Path file = folder.resolve("rule.yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  /** The 1-based position of the first {@code token} after {@code after} in the file. */
  private static Location at(Path file, String after, String token) throws IOException {
    List<String> lines = Files.readAllLines(file);
    boolean seen = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int from = 0;
      if (!seen && line.contains(after)) {
        seen = true;
        from = line.indexOf(after);
      }
      if (seen && line.indexOf(token, from) >= 0) {
        return new Location(UserRules.display(file), i + 1, line.indexOf(token, from) + 1);
      }
    }
    throw new AssertionError(token + " not in " + file);
  }

  private List<Finding> load() {
    UserRules user =
        UserRules.load(List.of(dir), dev.weft.rules.builtin.BuiltInRules.catalog().ids());
    user.problems().forEach(BrokenRulesTest::noStackTrace);
    return user.problems();
  }

  private static void noStackTrace(Finding f) {
    assertFalse(
        f.message().contains("Exception")
            || f.message().contains("\tat ")
            || f.message().contains("dev.cel."),
        "a plain message, not a stack trace: " + f.message());
    assertTrue(f.location() != null, "located: " + f);
  }

  private static Finding only(List<Finding> findings, String rule) {
    List<Finding> mine = findings.stream().filter(f -> f.rule().equals(rule)).toList();
    assertEquals(1, mine.size(), "one " + rule + " finding: " + findings);
    return mine.get(0);
  }

  @Test
  void aTypeErrorIsAFindingAtTheOperator() throws IOException {
    Path file = rule("typed", "link", "condition: \"link.cable_length <= '30m'\"");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "condition", "<="), f.location());
    assertTrue(f.message().contains("'(int, string)'"), f.message());
  }

  @Test
  void anUnknownFieldIsAFindingAtItsNameWithDidYouMean() throws IOException {
    Path file =
        rule(
            "typo",
            "port",
            "condition: |",
            "  port.role == 'fabric' ||",
            "    port.spead <= speed('400G')");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "condition", "spead"), f.location());
    assertTrue(
        f.message().contains("did you mean speed?") && f.message().contains("weft.Port"),
        f.message());
  }

  @Test
  void anUnknownFieldInTheMessageIsFoundBeforeAnythingRuns() throws IOException {
    Path file =
        rule(
            "message-typo",
            "link",
            "condition: has(link.cable_length)",
            "message: \"{{ link.a.devise }} is cabled\"");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "message", "devise"), f.location());
    assertTrue(f.message().contains("did you mean device?"), f.message());
  }

  @Test
  void aTypoInALaterMessagePartIsFoundAtThatPart() throws IOException {
    // the parts are checked as one list expression; each error must still point into its own part
    Path file =
        rule(
            "message-parts",
            "link",
            "condition: has(link.cable_length)",
            "message: |",
            "  {{ link.a.device }} to {{ link.b.device }}",
            "  is {{ link.cable_lenght }} long");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "message", "cable_lenght"), f.location());
    assertTrue(f.message().contains("did you mean cable_length?"), f.message());
  }

  @Test
  void reachingForJavaIsAFindingNamingWhatARuleSees() throws IOException {
    Path file =
        rule("java", "switch", "condition: 'java.lang.Runtime.getRuntime().exec(\"rm\") == null'");
    List<Finding> problems = load();
    Finding first = problems.get(0);
    assertEquals(at(file, "condition", "java"), first.location());
    assertTrue(first.message().contains("no files, Java, network or clock"), first.message());
  }

  @Test
  void readingAFileIsAFinding() throws IOException {
    Path file = rule("file", "fabric", "condition: \"size(read('/etc/passwd')) > 0\"");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "condition", "read"), f.location());
  }

  @Test
  void buildingAnObjectIsAFinding() throws IOException {
    Path file =
        rule(
            "builds",
            "fabric",
            "condition: \"google.protobuf.Duration{seconds: 5} == duration('5s')\"");
    List<Finding> problems = load();
    assertFalse(problems.isEmpty());
    assertEquals(UserRules.display(file), problems.get(0).location().file());
    problems.forEach(BrokenRulesTest::noStackTrace);
  }

  @Test
  void aRunawayComprehensionStopsThatRuleAndTheRunCompletes() throws IOException {
    String ten = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    Path file =
        rule(
            "runaway",
            "port",
            "condition: >-",
            "  " + ten + ".all(a, " + ten + ".all(b, " + ten + ".all(c,",
            "  "
                + ten
                + ".all(d, "
                + ten
                + ".all(e, "
                + ten
                + ".all(f, a + b + c + d + e + f < port.speed))))))");
    rule("fires", "port", "condition: port.speed < 100");
    assertEquals(List.of(), load());
    Validation run = new Validation(List.of(dir));
    List<Finding> findings = run.validate(INVENTORY);
    Finding stopped = only(findings, UserRules.FAILED);
    noStackTrace(stopped);
    assertEquals(Severity.ERROR, stopped.severity());
    assertEquals(UserRules.display(file), stopped.location().file());
    int line = stopped.location().line();
    assertTrue(line == 6 || line == 7, "inside the condition: " + stopped.location());
    assertTrue(
        stopped.message().contains("runaway") && stopped.message().contains("stopped"),
        stopped.message());
    assertEquals(
        3,
        findings.stream().filter(f -> f.rule().equals("fires")).count(),
        "the other rule still ran: " + findings);
  }

  @Test
  void anEvaluationErrorIsOneFindingForTheRuleWithACount() throws IOException {
    Path file = rule("absent", "port", "condition: port.headroom_xoff > 0");
    Finding f = only(new Validation(List.of(dir)).validate(INVENTORY), UserRules.FAILED);
    noStackTrace(f);
    assertEquals(at(file, "condition", "headroom_xoff").file(), f.location().file());
    assertTrue(
        f.message().contains("on 3 of 3 port objects") && f.message().contains("has("),
        f.message());
  }

  @Test
  void anIdOfABuiltInRuleIsACollision() throws IOException {
    Path file = rule("ecn-thresholds", "fabric", "condition: \"true\"");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(at(file, "id:", "ecn-thresholds"), f.location());
    assertTrue(f.message().contains("built-in"), f.message());
  }

  @Test
  void unknownKeysAndScopesAreFoundWithDidYouMean() throws IOException {
    Path file = rule("keys", "prot", "conditon: \"true\"");
    List<Finding> problems = load();
    assertTrue(
        problems.stream()
            .anyMatch(
                f ->
                    f.message().contains("did you mean condition?")
                        && f.location().equals(new Location(UserRules.display(file), 5, 1))),
        problems.toString());
    assertTrue(
        problems.stream().anyMatch(f -> f.message().contains("did you mean port?")),
        problems.toString());
    assertTrue(
        problems.stream().anyMatch(f -> f.message().contains("has no condition")),
        problems.toString());
  }

  @Test
  void aConditionThatIsNotABooleanIsFound() throws IOException {
    Path file = rule("number", "port", "condition: port.speed");
    Finding f = only(load(), UserRules.INVALID);
    assertEquals(UserRules.display(file), f.location().file());
    assertTrue(f.message().contains("must be true or false"), f.message());
  }
}
