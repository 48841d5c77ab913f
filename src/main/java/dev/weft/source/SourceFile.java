package dev.weft.source;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One file of an inventory as read from a source.
 *
 * @param path    repository-relative path with forward slashes (what reports print)
 * @param content the raw bytes; never decoded here, so a binary file reaches the loader unchanged
 * @param blobId  the Git blob id of the content (for a working-tree file, the id Git would give it), so later
 *                stages can cache by content across sources
 */
public record SourceFile(String path, byte[] content, String blobId) {
    public SourceFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(content, "content");
    }

    public String text() {
        return new String(content, StandardCharsets.UTF_8);
    }
}
