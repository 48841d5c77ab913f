package dev.weft.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Checks a {@link LabTest}'s executables before its class runs: skip with the reason, or fail in
 * CI.
 */
public final class LabRequirements implements ExecutionCondition {

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    LabTest lab = context.getTestClass().map(c -> c.getAnnotation(LabTest.class)).orElse(null);
    if (lab == null) {
      return ConditionEvaluationResult.enabled("not a lab test");
    }
    List<String> missing = new ArrayList<>();
    for (String need : lab.needs()) {
      Path p = need.startsWith("/") ? Path.of(need) : NetconfLab.projectDir().resolve(need);
      if (!Files.isExecutable(p)) {
        missing.add(need);
      }
    }
    if (missing.isEmpty()) {
      return ConditionEvaluationResult.enabled("everything it needs is installed");
    }
    String why =
        "needs " + String.join(", ", missing) + ": run scripts/install-test-deps (as root) first";
    if (System.getenv("CI") != null) {
      throw new IllegalStateException("CI is missing what a lab test needs: " + why);
    }
    return ConditionEvaluationResult.disabled("skipped: " + why);
  }
}
