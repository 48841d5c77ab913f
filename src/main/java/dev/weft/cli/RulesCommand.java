package dev.weft.cli;

import dev.weft.rules.RuleDocs;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code weft rules}: the catalogue as a table, or as the Markdown docs page. */
@Command(name = "rules", mixinStandardHelpOptions = true,
        description = "List the rule catalogue: every rule and every finding id Weft emits.",
        footerHeading = "%nExamples:%n",
        footer = {"  weft rules", "  weft rules --format markdown > docs/rules.md"})
final class RulesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (one line per rule) or markdown (the docs page) (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--policies", paramLabel = "DIR", description = "Extra rule folders overriding built-in rules by id. Repeatable.")
    List<Path> policies = new ArrayList<>();

    @Override
    public Integer call() {
        List<RuleMeta> rules = catalogue(policies);
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "markdown" -> out.print(RuleDocs.markdown(rules));
            case "text" -> rules.forEach(r -> out.printf("%-30s %-8s %-16s %-14s %s%n", r.id(), r.effectiveSeverity().label(),
                    dev.weft.rules.RuleDocs.scope(r).replace(" ", ""), r.category(), r.title()));
            default -> throw new UsageException("--format for rules must be text or markdown, found '" + format + "'");
        }
        out.flush();
        return ExitCode.OK;
    }

    static List<RuleMeta> catalogue(List<Path> policies) {
        RuleMetaLoader.Result result = new Pipeline(policies, null, LocalDate.now()).ruleMeta();
        if (!result.ok()) {
            throw new UsageException("the rule catalogue has problems: " + result.problems().get(0).message());
        }
        return result.meta().values().stream().sorted(Comparator.comparing(RuleMeta::id)).toList();
    }
}
