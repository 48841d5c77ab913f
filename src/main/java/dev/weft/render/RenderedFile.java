package dev.weft.render;

/**
 * One file written for a device. The content went to the {@link RenderSink}; only its size and
 * digest are kept, so rendering a large fabric does not hold every file in memory.
 *
 * @param sha256 lower-case hex SHA-256 of the content
 */
public record RenderedFile(String device, String file, long bytes, String sha256) {}
