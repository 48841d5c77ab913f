package dev.weft.yaml;

/**
 * Bounds that keep a hostile or broken file from hanging or exhausting the loader. Exceeding one is a
 * {@code yaml-syntax} finding, never an exception.
 *
 * @param maxFileBytes largest file parsed, in bytes
 * @param maxAliases   most aliases to maps or lists per file (aliases to scalars are free)
 * @param maxDepth     deepest nesting of maps and lists
 */
public record LoadLimits(long maxFileBytes, int maxAliases, int maxDepth) {

    public LoadLimits {
        if (maxFileBytes < 1 || maxAliases < 0 || maxDepth < 1) {
            throw new IllegalArgumentException("limits must be positive: " + maxFileBytes + ", " + maxAliases + ", " + maxDepth);
        }
    }

    /**
     * 16 MiB per file (a whole 32,768-GPU inventory is about 14 MB across many files), 100 aliases to
     * collections, 64 levels of nesting (the intent format needs fewer than 10).
     */
    public static LoadLimits defaults() {
        return new LoadLimits(16L * 1024 * 1024, 100, 64);
    }
}
