package dev.weft.fuzz;

import java.time.Duration;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Assertions;

/**
 * The one assertion of the fuzzing suite: the code under test answers, or fails with one of the
 * typed errors it documents, within the harness's time bound; anything else thrown (a
 * NullPointerException, an ArithmeticException, a StackOverflowError) fails the fuzz test, and
 * Jazzer keeps the input that caused it (a crash file to move into the target's {@code ...Inputs/}
 * seed folder, where every build replays it).
 */
public final class Fuzz {

  /** Generous: no case is near it; it only turns a hang into a failure with the input named. */
  static final Duration BOUND = Duration.ofSeconds(20);

  private Fuzz() {}

  /** The first frame of Weft's own code in the trace: where to look (surefire trims the rest). */
  static String where(Throwable t) {
    for (StackTraceElement e : t.getStackTrace()) {
      if (e.getClassName().startsWith("dev.weft.")
          && !e.getClassName().startsWith("dev.weft.fuzz.")) {
        return e.toString();
      }
    }
    return t.getStackTrace().length == 0 ? "?" : t.getStackTrace()[0].toString();
  }

  /** Runs {@code work}; its result or one of {@code typed} is fine, any other throwable fails. */
  @SafeVarargs
  public static <T> T typedOnly(Callable<T> work, Class<? extends Throwable>... typed) {
    return Assertions.assertTimeoutPreemptively(
        BOUND,
        () -> {
          try {
            return work.call();
          } catch (Throwable t) {
            for (Class<? extends Throwable> ok : typed) {
              if (ok.isInstance(t)) {
                return null;
              }
            }
            throw new AssertionError(
                "untyped " + t.getClass().getName() + ": " + t.getMessage() + " at " + where(t), t);
          }
        });
  }
}
