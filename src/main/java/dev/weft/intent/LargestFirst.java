package dev.weft.intent;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.IntStream;

/**
 * Maps items of very different sizes on all cores, largest first, each thread taking the next item
 * when it is done. A parallel stream splits a list into a few fixed chunks by position; on a
 * generated inventory the chunk holding the large spine files kept one core busy long after the
 * other had finished. Results keep input order.
 */
final class LargestFirst {

  private LargestFirst() {}

  static <T, R> List<R> map(List<T> items, ToIntFunction<T> size, Function<T, R> work) {
    Integer[] order = new Integer[items.size()];
    Arrays.setAll(order, i -> i);
    Arrays.sort(
        order,
        Comparator.comparingInt((Integer i) -> -size.applyAsInt(items.get(i)))
            .thenComparingInt(i -> i));
    Object[] results = new Object[items.size()];
    AtomicInteger next = new AtomicInteger();
    int workers = Math.min(items.size(), ForkJoinPool.getCommonPoolParallelism() + 1);
    // One task per worker, each draining the shared queue; the calling thread is one of them. The
    // stream's
    // completion orders every write to results before the read below.
    IntStream.range(0, workers)
        .parallel()
        .forEach(
            w -> {
              for (int n = next.getAndIncrement(); n < order.length; n = next.getAndIncrement()) {
                int i = order[n];
                results[i] = work.apply(items.get(i));
              }
            });
    @SuppressWarnings("unchecked")
    List<R> out = (List<R>) Collections.unmodifiableList(Arrays.asList(results));
    return out;
  }
}
