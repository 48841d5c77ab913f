package dev.weft.cli;

import dev.weft.intent.StageTimer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-stage wall times of one command, printed to stderr as one line when {@value #VARIABLE}{@code
 * =1} (docs/performance.md). Never part of the report: stdout stays byte-identical with and without
 * it.
 */
final class StageTimings implements StageTimer {

  static final String VARIABLE = "WEFT_TIMINGS";

  private final long start = System.nanoTime();
  private final Map<String, Long> nanos = new LinkedHashMap<>();

  /** A collector when the variable asks for timings, else {@link StageTimer#NONE}. */
  static StageTimer fromEnvironment(Map<String, String> env) {
    return "1".equals(env.get(VARIABLE)) ? new StageTimings() : StageTimer.NONE;
  }

  @Override
  public synchronized void record(String stage, long took) {
    nanos.merge(stage, took, Long::sum);
  }

  /** {@code weft timings (wall ms): load+parse 812, schema 301, ..., total 1700}. */
  synchronized String line() {
    StringBuilder out = new StringBuilder("weft timings (wall ms):");
    nanos.forEach(
        (stage, took) -> out.append(' ').append(stage).append(' ').append(ms(took)).append(','));
    return out.append(" total ").append(ms(System.nanoTime() - start)).toString();
  }

  private static long ms(long nanos) {
    return Math.round(nanos / 1e6);
  }
}
