package dev.weft.remediate;

import dev.weft.live.LiveSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@code weft remediate} runs.
 *
 * @param apply push (false: dry run, nothing is sent but reads)
 * @param confirmTimeout how long the device waits for the confirming commit before it reverts by
 *     itself
 * @param maxDevices most devices one run changes (the blast radius); devices beyond it are skipped
 * @param canary devices pushed first; the rest only when each of them was remediated (0: none)
 * @param wholeConfig also read each pushed device's whole running config before and after (for a
 *     backup)
 * @param live parallelism, timeouts, host keys and credentials, as for drift
 * @param hook see {@link Hook}
 */
public record RemediateSettings(
    boolean apply,
    Duration confirmTimeout,
    int maxDevices,
    int canary,
    boolean wholeConfig,
    LiveSettings live,
    Hook hook) {

  /** Called on the device's worker thread after each step of a push (tests stop a device here). */
  @FunctionalInterface
  public interface Hook {
    Hook NONE = (device, step) -> {};

    /**
     * @param step the step just done, e.g. {@code commit-confirmed}
     */
    void after(String device, String step) throws InterruptedException;
  }

  public RemediateSettings {
    Objects.requireNonNull(confirmTimeout, "confirmTimeout");
    if (confirmTimeout.toMillis() < 1000) {
      throw new IllegalArgumentException(
          "the confirm timeout must be at least 1 s, got " + confirmTimeout);
    }
    if (maxDevices < 1) {
      throw new IllegalArgumentException("maxDevices must be at least 1, got " + maxDevices);
    }
    if (canary < 0) {
      throw new IllegalArgumentException("canary must not be negative, got " + canary);
    }
    Objects.requireNonNull(live, "live");
    hook = hook == null ? Hook.NONE : hook;
  }
}
