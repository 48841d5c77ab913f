package dev.weft.live;

import dev.weft.finding.Excerpt;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The one bounded pool every device command runs its devices in (drift, backup, audit, remediate):
 * at most {@code parallel} devices at a time, results in the order of the input, and per-device
 * isolation: whatever one device's task throws becomes that device's result through {@code
 * onFailure}, so the other devices always complete and a run never loses their results to one
 * device that answered nonsense.
 */
public final class DevicePool {

  /**
   * One device's work; may throw anything (a reader's bug, an unexpected reply), never blocks
   * forever.
   */
  @FunctionalInterface
  public interface Task<T, R> {
    R run(T item) throws Exception;
  }

  private DevicePool() {}

  /**
   * One device's task on the caller's thread with the pool's isolation: what it throws (but an
   * interrupt or an {@link OutOfMemoryError}) is that device's result through {@code onFailure}.
   * For per-device work that runs after the pool, such as comparing what was read with the intent.
   */
  public static <T, R> R isolated(T item, Task<T, R> task, BiFunction<T, Throwable, R> onFailure)
      throws InterruptedException {
    try {
      return task.run(item);
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception | StackOverflowError | AssertionError | LinkageError e) {
      return onFailure.apply(item, e);
    }
  }

  /**
   * The one line a device's report shows for what its task threw: the device, the exception's kind
   * and first line (cut), never a trace; {@code trace} says where the full trace went, or is null.
   */
  public static String describe(String device, Throwable error, String trace) {
    String what =
        error instanceof StackOverflowError
            ? "its config nests too deeply to process (stack overflow)"
            : "processing it failed unexpectedly ("
                + error.getClass().getSimpleName()
                + firstLine(error)
                + ")";
    return device
        + ": "
        + what
        + "; the other devices are not affected"
        + (trace == null ? "" : " (full trace: " + trace + ")");
  }

  private static String firstLine(Throwable error) {
    String m = error.getMessage();
    return m == null || m.isBlank()
        ? ""
        : ": " + Excerpt.cut(m.strip().lines().findFirst().orElse(""));
  }

  /**
   * @param parallel most items run at once (at least 1)
   * @param name thread-name prefix, for thread dumps
   * @param onFailure the result of an item whose task threw (the throwable is the task's,
   *     unwrapped)
   * @param onDone called once per item as it completes, on its worker thread (progress)
   */
  public static <T, R> List<R> run(
      List<T> items,
      int parallel,
      String name,
      Task<T, R> task,
      BiFunction<T, Throwable, R> onFailure,
      Consumer<R> onDone)
      throws InterruptedException {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
    }
    if (items.isEmpty()) {
      return List.of();
    }
    AtomicInteger threads = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(parallel, items.size()),
            r -> {
              Thread t = new Thread(r, name + "-" + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<R>> futures = new ArrayList<>(items.size());
      for (T item : items) {
        futures.add(
            pool.submit(
                () -> {
                  R result = isolated(item, task, onFailure);
                  onDone.accept(result);
                  return result;
                }));
      }
      List<R> results = new ArrayList<>(items.size());
      for (int i = 0; i < futures.size(); i++) {
        try {
          results.add(futures.get(i).get());
        } catch (ExecutionException e) {
          // only an Error other than the ones isolated above (OutOfMemoryError) gets here
          Throwable cause = e.getCause();
          if (cause instanceof Error error) {
            throw error;
          }
          results.add(onFailure.apply(items.get(i), cause));
        }
      }
      return List.copyOf(results);
    } finally {
      pool.shutdownNow();
    }
  }
}
