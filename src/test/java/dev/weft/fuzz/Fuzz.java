package dev.weft.fuzz;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

  /**
   * A target's input as {@code n} texts: the bytes decoded as UTF-8 (invalid sequences replaced, as
   * the readers' callers decode them) and cut at NUL, the first {@code n - 1} NULs only; missing
   * parts are empty. A seed file is the texts joined by NUL, so a seed is written by hand.
   */
  public static List<String> parts(byte[] bytes, int n) {
    String[] cut = new String(bytes, StandardCharsets.UTF_8).split("\u0000", n);
    List<String> out = new ArrayList<>(List.of(cut));
    while (out.size() < n) {
      out.add("");
    }
    return out;
  }

  /** The first byte as a choice among {@code n} (0 for empty input), and the rest. */
  public static int choice(byte[] bytes, int n) {
    return bytes.length == 0 ? 0 : Byte.toUnsignedInt(bytes[0]) % n;
  }

  /** The input after its choice byte. */
  public static byte[] rest(byte[] bytes) {
    return bytes.length == 0 ? bytes : Arrays.copyOfRange(bytes, 1, bytes.length);
  }
}
