package dev.weft.intent;

/**
 * Told how long each stage of one run took ({@code WEFT_TIMINGS=1}, docs/performance.md). Stages
 * report wall time; they never print, so a run without timings pays one no-op call per stage.
 */
@FunctionalInterface
public interface StageTimer {

  /** Records nothing. */
  StageTimer NONE = (stage, nanos) -> {};

  /**
   * @param stage a short stage name ({@code load+parse}, {@code schema}, {@code map}, ...)
   */
  void record(String stage, long nanos);
}
