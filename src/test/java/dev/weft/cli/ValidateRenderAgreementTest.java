package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.model.FabricModel;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.WorkingTreeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * One verdict for validate and render, on every inventory the project ships (each rule's pass and
 * fail fixture, each example): when {@code weft validate} exits 0, {@code weft render} exits 0 and
 * writes every device; when validate exits 1, render (which validates by default) exits 1 and
 * writes nothing. Fail fixtures whose finding is only a warning or info are also run at {@code
 * --fail-on info}, so every one of them exercises the failing side.
 */
class ValidateRenderAgreementTest {

  @TempDir static Path tmp;

  @TestFactory
  Stream<DynamicTest> validateExitZeroMeansEveryDeviceRendersAndFailureWritesNothing()
      throws IOException {
    Path root = ProjectDir.get();
    List<Path> inventories = new ArrayList<>();
    for (Path folder :
        PolicyFixtureTest.fixtureFolders(
            new RuleMetaLoader()
                .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of())
                .meta())) {
      for (String kind : List.of("pass", "fail")) {
        if (Files.isDirectory(folder.resolve(kind))) {
          inventories.add(folder.resolve(kind));
        }
      }
    }
    try (Stream<Path> examples = Files.list(root.resolve("inventories"))) {
      examples.filter(Files::isDirectory).sorted().forEach(inventories::add);
    }
    List<DynamicTest> tests = new ArrayList<>();
    int n = 0;
    for (Path inventory : inventories) {
      String name = root.relativize(inventory).toString();
      boolean fail = inventory.getFileName().toString().equals("fail");
      int id = n++;
      tests.add(
          DynamicTest.dynamicTest(name, inventory.toUri(), () -> agree(inventory, "error", id)));
      if (fail) {
        tests.add(
            DynamicTest.dynamicTest(
                name + " --fail-on info", inventory.toUri(), () -> agree(inventory, "info", id)));
      }
    }
    return tests.stream();
  }

  private static void agree(Path inventory, String failOn, int id) throws IOException {
    CliRun validate = CliRun.of("validate", inventory.toString(), "--fail-on", failOn);
    Path out = tmp.resolve(id + "-" + failOn);
    CliRun render =
        CliRun.of("render", inventory.toString(), "--out", out.toString(), "--fail-on", failOn);
    if (validate.exitCode() == ExitCode.OK) {
      assertEquals(
          ExitCode.OK,
          render.exitCode(),
          "validate passed, so render must: " + render.out() + render.err());
      assertEquals(devices(inventory), rendered(out), "every device rendered");
    } else {
      assertEquals(ExitCode.FINDINGS, validate.exitCode(), validate.err());
      assertEquals(
          ExitCode.FINDINGS, render.exitCode(), "validate failed, so render must: " + render.err());
      assertFalse(
          Files.exists(out) && !rendered(out).isEmpty(), "render wrote nothing: " + rendered(out));
      assertTrue(render.err().contains("nothing written"), render.err());
    }
  }

  /**
   * The folders a render of {@code inventory} must write: each device, or each subnet manager host.
   */
  private static TreeSet<String> devices(Path inventory) {
    Path root = ProjectDir.get();
    Pipeline.Run run =
        new Pipeline(List.of(), null, LocalDate.now())
            .compile(new WorkingTreeSource(root, inventory));
    FabricModel model = run.model();
    TreeSet<String> names = new TreeSet<>();
    if (model.subnet() != null) {
      model.subnet().subnetManagers().forEach(sm -> names.add(sm.host()));
    } else {
      run.compiled().devices().forEach(d -> names.add(d.name()));
    }
    return names;
  }

  private static TreeSet<String> rendered(Path out) throws IOException {
    TreeSet<String> names = new TreeSet<>();
    if (Files.isDirectory(out)) {
      try (Stream<Path> s = Files.list(out)) {
        s.filter(Files::isDirectory)
            .map(p -> p.getFileName().toString())
            .filter(f -> !f.startsWith("."))
            .forEach(names::add);
      }
    }
    return names;
  }
}
