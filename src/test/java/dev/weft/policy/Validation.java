package dev.weft.policy;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleEngine;
import dev.weft.rules.RuleInput;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.SourceException;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The validate pipeline with user rules, wired as the command line wires it (cli.Pipeline), for
 * policy tests.
 */
final class Validation {

  /** Fixtures are judged as of this date, so waiver dates in them are stable. */
  static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

  final UserRules user;
  final RuleMetaLoader.Result meta;
  private final RuleEngine engine;

  Validation(List<Path> dirs) {
    RuleCatalog builtIn = dev.weft.rules.builtin.BuiltInRules.catalog();
    user = UserRules.load(dirs, builtIn.ids());
    RuleCatalog catalog = builtIn.plus(user.rules());
    meta = new RuleMetaLoader().load(catalog, dirs, user.meta(), user.claimedIds());
    engine = new RuleEngine(catalog, meta.meta());
  }

  static Path project() {
    String dir = System.getProperty("weft.project.dir");
    return Path.of(dir == null ? "" : dir).toAbsolutePath();
  }

  /** Every finding of {@code weft validate} on one inventory, paths relative to {@code root}. */
  List<Finding> validate(Path root, Path inventory) {
    IntentResult intent;
    try {
      intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    } catch (SourceException e) {
      throw new IllegalStateException(e);
    }
    List<Finding> all = new ArrayList<>(intent.findings());
    if (intent.model() != null) {
      CompileResult compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn());
      all.addAll(compiled.findings());
      all.addAll(engine.run(new RuleInput(intent.model(), compiled.fabric(), TODAY)));
    }
    all.sort(Finding.ORDER);
    return all;
  }

  List<Finding> validate(Path inventory) {
    return validate(project(), inventory);
  }
}
