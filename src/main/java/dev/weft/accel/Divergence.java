package dev.weft.accel;

/**
 * A fast path and its library disagreed on one input under {@link FastMode#VERIFY}.
 *
 * @param path the fast path ({@code yaml}, {@code schema}, {@code template})
 * @param file the input it was reading (inventory file or template name)
 * @param detail what differed, in words
 */
public record Divergence(String path, String file, String detail) {}
