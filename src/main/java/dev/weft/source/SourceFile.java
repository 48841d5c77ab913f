package dev.weft.source;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One file of an inventory as read from a source.
 *
 * @param path    repository-relative path with forward slashes (what reports print)
 * @param content the raw bytes; never decoded here, so a binary file reaches the loader unchanged
 * @param knownBlobId the Git blob id when the source already has it (a Git ref), else null: hashing every
 *                    working-tree file cost as much CPU as parsing it, and nothing on the validate path
 *                    needs the id (the parse cache compares content)
 */
public record SourceFile(String path, byte[] content, String knownBlobId) {
    public SourceFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(content, "content");
    }

    /** The id Git gives this content as a blob: the known one, or computed now. */
    public String blobId() {
        return knownBlobId != null ? knownBlobId : InventoryFiles.gitBlobId(content);
    }

    public String text() {
        return new String(content, StandardCharsets.UTF_8);
    }
}
