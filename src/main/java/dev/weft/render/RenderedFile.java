package dev.weft.render;

/**
 * One file written for a device. The content went to the {@link RenderSink}; only its size is kept,
 * so rendering a large fabric does not hold every file in memory. (No digest: nothing read it, and
 * hashing every file was 9 % of render CPU on large fabrics.)
 */
public record RenderedFile(String device, String file, long bytes) {}
