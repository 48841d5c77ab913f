package dev.weft.live;

import dev.weft.finding.Excerpt;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Per-device isolation, the one place every command that talks to devices (drift, backup; audit and
 * remediate next) runs its per-device work: at most {@code parallel} devices at once, and exactly one result
 * per device whatever happens to the others. A task is expected to turn the failures it knows (unreachable,
 * refused reply) into results itself; anything else it throws (a reader's bug on a reply nobody foresaw, a
 * stack overflow on absurd nesting) is caught here and becomes that device's {@link Failure}, which the
 * caller reports as the device's {@code error} status with a finding. One device's nonsense therefore never
 * costs the other devices their results, and never makes the run an internal error.
 *
 * <p>An {@link OutOfMemoryError} (or another {@link VirtualMachineError} than a stack overflow) is not caught:
 * the JVM is no longer trustworthy then; the input limits exist so that it does not happen.
 */
public final class DeviceExecutor {

    /** The reason of a device whose task failed unexpectedly, as reported in its status. */
    public static final String INTERNAL_ERROR = "internal-error";

    /**
     * A device whose task threw.
     *
     * @param device  the device's name
     * @param reason  {@link #INTERNAL_ERROR}
     * @param message one line naming the device and what went wrong (no trace, values cut)
     * @param cause   what was thrown, for a trace file
     */
    public record Failure(String device, String reason, String message, Throwable cause) {}

    /** Records a failed task's trace for a bug report; answers where it went (shown in the message), or null. */
    @FunctionalInterface
    public interface CrashRecorder {
        CrashRecorder NONE = (device, error) -> null;

        String record(String device, Throwable error);
    }

    private final int parallel;
    private final CrashRecorder crashes;
    private final Consumer<String> progress;

    /**
     * @param parallel most devices worked on at once
     * @param crashes  where a failed task's trace is kept (the CLI writes a crash file)
     * @param progress receives "done/total devices" as devices finish
     */
    public DeviceExecutor(int parallel, CrashRecorder crashes, Consumer<String> progress) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
        }
        this.parallel = parallel;
        this.crashes = crashes == null ? CrashRecorder.NONE : crashes;
        this.progress = progress == null ? s -> { } : progress;
    }

    /**
     * Runs {@code task} for every item and answers the results in the items' order. A task that throws gets
     * {@code failed}'s result for its {@link Failure} instead.
     *
     * @throws InterruptedException when the run itself is interrupted (the tasks are then interrupted too)
     */
    public <I, R> List<R> run(List<I> items, Function<I, String> name, Function<I, R> task,
            BiFunction<I, Failure, R> failed) throws InterruptedException {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(failed, "failed");
        if (items.isEmpty()) {
            return List.of();
        }
        AtomicInteger done = new AtomicInteger();
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, items.size()), r -> {
            Thread t = new Thread(r, "weft-device-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>(items.size());
            for (I item : items) {
                futures.add(pool.submit(() -> {
                    R result = isolated(item, name, task, failed);
                    progress.accept(done.incrementAndGet() + "/" + items.size() + " devices");
                    return result;
                }));
            }
            List<R> results = new ArrayList<>(items.size());
            for (Future<R> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    // only a VirtualMachineError gets here (see the class comment)
                    throw rethrow(e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private <I, R> R isolated(I item, Function<I, String> name, Function<I, R> task, BiFunction<I, Failure, R> failed) {
        String device = name.apply(item);
        try {
            return task.apply(item);
        } catch (RuntimeException | StackOverflowError | LinkageError | AssertionError e) {
            return failed.apply(item, failure(device, e));
        }
    }

    private Failure failure(String device, Throwable e) {
        String trace = crashes.record(device, e);
        String what = e instanceof StackOverflowError
                ? "its reply nests too deeply to process (stack overflow)"
                : "processing it failed unexpectedly (" + e.getClass().getSimpleName() + cut(e.getMessage()) + ")";
        String message = device + ": " + what + "; the other devices are not affected"
                + (trace == null ? "" : " (full trace: " + trace + ")");
        return new Failure(device, INTERNAL_ERROR, message, e);
    }

    private static String cut(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        return ": " + Excerpt.cut(message.strip().lines().findFirst().orElse(""));
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof Error e) {
            throw e;
        }
        if (t instanceof RuntimeException r) {
            return r;
        }
        return new IllegalStateException(t);
    }
}
