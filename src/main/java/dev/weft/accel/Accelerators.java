package dev.weft.accel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * One run's view of the fast paths: the mode, and what each path took, declined and (under verify)
 * disagreed on. One instance per run, shared by the threads of that run (its counters are
 * concurrent); never static, so two runs in one JVM (tests) do not see each other's counts.
 */
public final class Accelerators {

  private final FastMode mode;
  private final Map<String, LongAdder> taken = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> declined = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Divergence> divergences = new ConcurrentLinkedQueue<>();

  public Accelerators(FastMode mode) {
    this.mode = mode;
  }

  /** The default: fast paths on, counts kept for whoever asks. */
  public static Accelerators on() {
    return new Accelerators(FastMode.ON);
  }

  /** The mode {@code WEFT_FAST} or {@code -Dweft.fast} names. */
  public static Accelerators fromEnvironment(Map<String, String> environment) {
    return new Accelerators(FastMode.from(environment, System.getProperty(FastMode.PROPERTY)));
  }

  public FastMode mode() {
    return mode;
  }

  /** Whether a fast path may be tried at all ({@code on} and {@code verify}). */
  public boolean tryFast() {
    return mode != FastMode.OFF;
  }

  /** Whether the library must run too, after the fast path answered, to compare. */
  public boolean verify() {
    return mode == FastMode.VERIFY;
  }

  /** The fast path {@code path} answered for one input. */
  public void took(String path) {
    taken.computeIfAbsent(path, p -> new LongAdder()).increment();
  }

  /** The fast path {@code path} declined one input to its library. */
  public void declined(String path) {
    declined.computeIfAbsent(path, p -> new LongAdder()).increment();
  }

  public void diverged(Divergence divergence) {
    divergences.add(divergence);
  }

  /**
   * The divergences seen since the last call, in a stable order (path, file, detail); each is
   * handed out once.
   */
  public List<Divergence> takeDivergences() {
    List<Divergence> out = new ArrayList<>();
    for (Divergence d = divergences.poll(); d != null; d = divergences.poll()) {
      out.add(d);
    }
    out.sort(
        Comparator.comparing(Divergence::path)
            .thenComparing(Divergence::file)
            .thenComparing(Divergence::detail));
    return out;
  }

  /**
   * {@code fast paths (on): schema 12 fast / 0 declined, yaml 12 fast / 1 declined}, paths in name
   * order.
   */
  public String summary() {
    Map<String, long[]> counts = new TreeMap<>();
    taken.forEach((p, n) -> counts.computeIfAbsent(p, k -> new long[2])[0] = n.sum());
    declined.forEach((p, n) -> counts.computeIfAbsent(p, k -> new long[2])[1] = n.sum());
    StringBuilder out =
        new StringBuilder("weft fast paths (")
            .append(mode.name().toLowerCase(java.util.Locale.ROOT))
            .append("):");
    if (counts.isEmpty()) {
      out.append(" none used");
    }
    String sep = " ";
    for (Map.Entry<String, long[]> e : counts.entrySet()) {
      out.append(sep)
          .append(e.getKey())
          .append(' ')
          .append(e.getValue()[0])
          .append(" fast / ")
          .append(e.getValue()[1])
          .append(" declined");
      sep = ", ";
    }
    return out.toString();
  }
}
