package dev.weft.compile;

/**
 * The PFC watchdog, timers in whole milliseconds (templates convert: EOS wants seconds).
 *
 * @param action {@code drop}, {@code forward} or {@code alert}
 */
public record CompiledWatchdog(
    boolean enabled, String action, long detectionMs, long restorationMs, long pollMs) {}
