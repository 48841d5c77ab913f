package dev.weft.render;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.intent.IntentResult;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;

/**
 * The example inventories under {@code inventories/}, read and compiled as {@code weft render}
 * does.
 */
public final class Examples {
  public static final List<String> ALL = List.of("roce-pod-a", "roce-pod-c");

  private Examples() {}

  /** The project root: surefire sets {@code weft.project.dir}; else the current directory. */
  public static Path projectRoot() {
    return Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath().normalize();
  }

  /** Reads and compiles an example; fails the test with the findings when that is not clean. */
  public static CompiledFabric compile(String inventory) {
    return compile(projectRoot(), Path.of("inventories", inventory));
  }

  /**
   * Reads and compiles the inventory {@code inventory} (relative to {@code root}); errors fail the
   * test.
   */
  public static CompiledFabric compile(Path root, Path inventoryDir) {
    String inventory = inventoryDir.toString();
    IntentResult read;
    try {
      read =
          TestPlatforms.intentReader()
              .read(new WorkingTreeSource(root, root.resolve(inventoryDir)));
    } catch (Exception e) {
      throw new AssertionError("cannot read " + inventory + ": " + e.getMessage(), e);
    }
    List<Finding> errors =
        read.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    if (read.model() == null || !errors.isEmpty()) {
      throw new AssertionError(inventory + " does not load cleanly: " + errors);
    }
    CompileResult compiled = Compiler.compile(read.model(), AsicProfiles.builtIn());
    List<Finding> compileErrors =
        compiled.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    if (!compileErrors.isEmpty()) {
      throw new AssertionError(inventory + " does not compile cleanly: " + compileErrors);
    }
    return compiled.fabric();
  }
}
