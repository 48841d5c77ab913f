package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.model.FabricModel;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleEngine;
import dev.weft.rules.RuleInput;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.LabTest;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agreement the other way round: every inventory Weft accepts (the InfiniBand example and every
 * passing {@code ib-*} fixture) renders files the real OpenSM takes without a parse error, an
 * unrecognised token, an ignored value or a fallback routing engine. Together with the fail
 * fixtures (Weft rejects what OpenSM would reject or silently ignore) this keeps Weft's checks and
 * OpenSM's parser in step.
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim"})
class OpenSmAgreementTest {

  @TempDir static Path tmp;

  static List<Path> accepted() throws Exception {
    Path root = OpenSmTestRenderer.projectDir();
    List<Path> out = new ArrayList<>(List.of(root.resolve("inventories/ib-pod-b")));
    try (Stream<Path> dirs = Files.list(root.resolve("policies"))) {
      dirs.filter(d -> d.getFileName().toString().startsWith("ib-"))
          .sorted()
          .forEach(d -> out.add(d.resolve("pass")));
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> openSmAcceptsWhatWeftAccepts() throws Exception {
    Path root = OpenSmTestRenderer.projectDir();
    RuleCatalog catalog = dev.weft.rules.builtin.BuiltInRules.catalog();
    RuleEngine engine =
        new RuleEngine(catalog, new RuleMetaLoader().load(catalog, List.of()).meta());
    return accepted().stream()
        .map(
            dir ->
                DynamicTest.dynamicTest(
                    root.relativize(dir).toString(),
                    () -> {
                      IntentResult intent =
                          TestPlatforms.intentReader().read(new WorkingTreeSource(root, dir));
                      assertNotNull(intent.model(), intent.findings().toString());
                      List<Finding> findings = new ArrayList<>(intent.findings());
                      findings.addAll(
                          engine.run(
                              new RuleInput(intent.model(), null, LocalDate.of(2026, 6, 1))));
                      assertEquals(
                          List.of(),
                          findings.stream().filter(f -> !f.waived()).toList(),
                          "Weft must accept " + dir);

                      FabricModel model = intent.model();
                      Path work = Files.createTempDirectory(tmp, "agree-");
                      IbLab.Prepared files = IbLab.prepare(model, work.resolve("render"));
                      try (IbLab lab = new IbLab(root, work.resolve("lab"))) {
                        lab.up(files.net(), files.sms());
                        assertEquals(
                            List.of(),
                            lab.query("errors").lines(),
                            "OpenSM reported problems for " + dir);
                        String engineWanted =
                            model.subnet().routingEngines().isEmpty()
                                ? "minhop"
                                : model.subnet().routingEngines().get(0);
                        List<String> routing = lab.query("routing").lines();
                        assertTrue(
                            !routing.isEmpty()
                                && routing.stream()
                                    .allMatch(
                                        l ->
                                            l.endsWith(
                                                ": "
                                                    + engineWanted
                                                    + " tables configured on all switches")),
                            () ->
                                "expected "
                                    + engineWanted
                                    + " to route "
                                    + dir
                                    + ":\n"
                                    + String.join("\n", routing));
                      }
                    }));
  }
}
