package dev.weft.live;

import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.HostKeyPolicy;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How a device command reads its devices.
 *
 * @param parallel most devices read at once
 * @param timeout limit of each phase of one device's session (connect, login, each reply)
 * @param hostKeys known_hosts and whether unknown keys are accepted
 * @param client reply size limit and address policy
 * @param env where {@code password-env} variables are read
 * @param hook see {@link Hook}
 * @param progress receives "done/total" lines as devices finish (a no-op unless a person watches)
 * @param crashes keeps the trace of a device whose processing failed unexpectedly
 */
public record LiveSettings(
    int parallel,
    Duration timeout,
    HostKeyPolicy hostKeys,
    ClientSettings client,
    Function<String, String> env,
    Hook hook,
    Consumer<String> progress,
    CrashRecorder crashes) {

  /** Without a crash recorder: a device whose processing fails unexpectedly gets no trace file. */
  public LiveSettings(
      int parallel,
      Duration timeout,
      HostKeyPolicy hostKeys,
      ClientSettings client,
      Function<String, String> env,
      Hook hook,
      Consumer<String> progress) {
    this(parallel, timeout, hostKeys, client, env, hook, progress, null);
  }

  /**
   * Keeps the trace of a device whose processing failed unexpectedly, for a bug report (the CLI
   * writes a crash file naming the device); answers where it went, shown in the device's finding,
   * or null.
   */
  @FunctionalInterface
  public interface CrashRecorder {
    CrashRecorder NONE = (device, error) -> null;

    String record(String device, Throwable error);
  }

  /**
   * Called on the device's worker thread once its session is open, before the config is read (tests
   * stop a device here).
   */
  @FunctionalInterface
  public interface Hook {
    Hook NONE = device -> {};

    void connected(String device) throws InterruptedException;
  }

  public LiveSettings {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
    }
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(hostKeys, "hostKeys");
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(env, "env");
    hook = hook == null ? Hook.NONE : hook;
    progress = progress == null ? s -> {} : progress;
    crashes = crashes == null ? CrashRecorder.NONE : crashes;
  }
}
