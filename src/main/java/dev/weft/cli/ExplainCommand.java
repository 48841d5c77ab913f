package dev.weft.cli;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Excerpt;
import dev.weft.rules.RuleMeta;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft explain RULE}: what the rule checks, why, how to fix it, and where the facts come
 * from.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description =
        "Explain one rule or finding id (any id a report carries, e.g. schema or drift-pfc): what, why, how to fix, sources.",
    footerHeading = "%nExamples:%n",
    footer = {"  weft explain pfc-watchdog-disabled", "  weft explain drift-pfc"})
final class ExplainCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "RULE",
      completionCandidates = OptionValues.RuleIds.class,
      description = "Rule or finding id, e.g. pfc-watchdog-disabled, schema, drift-pfc.")
  String ruleId;

  @Option(
      names = "--policies",
      paramLabel = "DIR",
      description =
          "Rule folders: user rules in CEL, and overrides of built-in rules by id. Repeatable.")
  List<Path> policies = new ArrayList<>();

  @Override
  public Integer call() {
    Pipeline.Rules loaded = RulesCommand.load(policies);
    RulesCommand.catalogue(loaded); // refuses a catalogue with problems
    List<RuleMeta> rules =
        List.copyOf(AuditRules.with(loaded.meta().meta()).values()); // drift and health ids too
    RuleMeta rule =
        rules.stream()
            .filter(r -> r.id().equals(ruleId))
            .findFirst()
            .orElseThrow(
                () ->
                    new UsageException(
                        "no rule '"
                            + ruleId
                            + "'; 'weft rules' lists them"
                            + hint(
                                DidYouMean.suggest(
                                    ruleId, rules.stream().map(RuleMeta::id).toList()))));
    // a rule's metadata comes from a file (a user rule's rule.yaml): its control characters are
    // shown, not
    // sent to the terminal, where a title holding escapes cleared the screen and set the title
    // (issue 32)
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    out.println(rule.id() + " — " + rule.title());
    out.println(
        "severity: "
            + dev.weft.rules.RuleDocs.severities(rule)
            + "   scope: "
            + dev.weft.rules.RuleDocs.scope(rule)
            + "   category: "
            + rule.category()
            + "   since: "
            + rule.since());
    if (rule.tool()) {
      out.println(
          dev.weft.rules.RuleCatalog.WAIVABLE_BUILT_IN_FINDINGS.contains(rule.id())
              ? "(a finding of Weft itself, not a policy rule: it has no fixtures; a waiver may"
                  + " accept it like any rule's finding)"
              : "(a finding of Weft itself, not a policy rule: it has no fixtures and cannot be"
                  + " waived)");
    }
    loaded
        .user()
        .explain(rule.id())
        .ifPresent(
            readme -> {
              out.println();
              out.print(readme);
            });
    out.println();
    out.println("Why");
    out.println("  " + rule.rationale().strip().replace("\n", "\n  "));
    out.println();
    out.println("How to fix");
    out.println("  " + rule.remediation().strip().replace("\n", "\n  "));
    if (!rule.sources().isEmpty()) {
      out.println();
      out.println("Sources");
      rule.sources().forEach(s -> out.println("  - " + s));
    }
    out.flush();
    PrintWriter terminal = spec.commandLine().getOut();
    terminal.print(Excerpt.escapeControls(text.toString(), true));
    terminal.flush();
    return ExitCode.OK;
  }

  private static String hint(String suggestion) {
    return suggestion == null ? "" : "; did you mean '" + suggestion + "'?";
  }
}
