package dev.weft.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that needs a real peer started from the machine's packages (netconfd, OpenSSH, OpenSM +
 * ibsim, yanglint, the SARIF validator...). Tagged {@code lab}: {@code ./mvnw test} leaves it out
 * (unit tests run on any machine with Java), failsafe runs it in {@code verify} after {@code
 * scripts/install-test-deps}. When what it {@link #needs() needs} is missing it is skipped with a
 * message naming the packages, except in CI ({@code CI} set), where a missing package is a failure,
 * never a silent skip.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("lab")
@ExtendWith(LabRequirements.class)
public @interface LabTest {

  /** Executables (absolute paths, or paths relative to the project folder) the test needs. */
  String[] needs() default {};
}
