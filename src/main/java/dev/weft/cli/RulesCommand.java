package dev.weft.cli;

import dev.weft.finding.Excerpt;
import dev.weft.policy.TypeReference;
import dev.weft.rules.RuleDocs;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code weft rules}: the catalogue as a table, or as the Markdown docs page. */
@Command(
    name = "rules",
    mixinStandardHelpOptions = true,
    description = "List the rule catalogue: every rule and every finding id Weft emits.",
    footerHeading = "%nExamples:%n",
    footer = {"  weft rules", "  weft rules --format markdown > docs/rules.md"})
final class RulesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      completionCandidates = OptionValues.RuleListFormats.class,
      description =
          "text (one line per rule), markdown (the docs page) or cel-types (what a user rule in CEL sees:"
              + " scopes, types, fields, units) (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--policies",
      paramLabel = "DIR",
      description =
          "Rule folders: user rules in CEL, and overrides of built-in rules by id. Repeatable.")
  List<Path> policies = new ArrayList<>();

  @Override
  public Integer call() {
    if (format.equals("cel-types")) {
      spec.commandLine().getOut().print(TypeReference.markdown());
      spec.commandLine().getOut().flush();
      return ExitCode.OK;
    }
    Pipeline.Rules loaded = load(policies);
    List<RuleMeta> rules = catalogue(loaded);
    // titles come from rule.yaml files (user rules): their control characters are shown, not obeyed
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    switch (format) {
      case "markdown" -> out.print(RuleDocs.markdown(rules, userFolders(loaded)));
      case "text" ->
          rules.forEach(
              r ->
                  out.printf(
                      "%-30s %-8s %-16s %-14s %s%n",
                      r.id(),
                      r.effectiveSeverity().label(),
                      RuleDocs.scope(r).replace(" ", ""),
                      r.category(),
                      r.title()));
      default ->
          throw new UsageException(
              "--format for rules must be text, markdown or cel-types, found '" + format + "'");
    }
    out.flush();
    spec.commandLine().getOut().print(Excerpt.escapeControls(text.toString(), true));
    spec.commandLine().getOut().flush();
    return ExitCode.OK;
  }

  /**
   * Built-in and user rules with their metadata, as {@code weft validate --policies} would run
   * them.
   */
  static Pipeline.Rules load(List<Path> policies) {
    return new Pipeline(policies, null, LocalDate.now()).rules();
  }

  /** Each user rule's folder (the docs page links its README there, not under policies/). */
  static Map<String, String> userFolders(Pipeline.Rules loaded) {
    Map<String, String> out = new TreeMap<>();
    for (String id : loaded.user().meta().keySet()) {
      loaded
          .user()
          .folder(id)
          .ifPresent(f -> out.put(id, f.normalize().toString().replace('\\', '/')));
    }
    return out;
  }

  static List<RuleMeta> catalogue(Pipeline.Rules loaded) {
    RuleMetaLoader.Result result = loaded.meta();
    if (!result.ok()) {
      throw new UsageException(
          "the rule catalogue has problems: " + result.problems().get(0).message());
    }
    return result.meta().values().stream().sorted(Comparator.comparing(RuleMeta::id)).toList();
  }
}
