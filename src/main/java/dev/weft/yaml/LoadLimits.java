package dev.weft.yaml;

/**
 * Bounds that keep a hostile or broken file from hanging or exhausting the loader. Exceeding one is
 * a {@code yaml-syntax} finding naming the limit, never an exception (docs/limits.md).
 *
 * @param maxFileBytes largest file parsed, in bytes
 * @param maxAliases most aliases to maps or lists per file (aliases to scalars are cheap, but see
 *     {@code maxScalarChars} and the expansion budget)
 * @param maxDepth deepest nesting of maps and lists
 * @param maxScalarChars longest single value (a key or a scalar), in characters
 */
public record LoadLimits(long maxFileBytes, int maxAliases, int maxDepth, int maxScalarChars) {

  /**
   * 64 Ki characters: names and descriptions are short; a longer value is a mistake or an attack.
   */
  public static final int DEFAULT_MAX_SCALAR_CHARS = 64 * 1024;

  public LoadLimits {
    if (maxFileBytes < 1 || maxAliases < 0 || maxDepth < 1 || maxScalarChars < 1) {
      throw new IllegalArgumentException(
          "limits must be positive: "
              + maxFileBytes
              + ", "
              + maxAliases
              + ", "
              + maxDepth
              + ", "
              + maxScalarChars);
    }
  }

  public LoadLimits(long maxFileBytes, int maxAliases, int maxDepth) {
    this(maxFileBytes, maxAliases, maxDepth, DEFAULT_MAX_SCALAR_CHARS);
  }

  /**
   * 16 MiB per file (a whole 32,768-GPU inventory is about 14 MB across many files), 100 aliases to
   * collections, 64 levels of nesting (the intent format needs fewer than 10), values up to 64 Ki
   * characters.
   */
  public static LoadLimits defaults() {
    return new LoadLimits(16L * 1024 * 1024, 100, 64, DEFAULT_MAX_SCALAR_CHARS);
  }

  /** The same limits with another file size bound ({@code --max-file-bytes}). */
  public LoadLimits withMaxFileBytes(long bytes) {
    return new LoadLimits(bytes, maxAliases, maxDepth, maxScalarChars);
  }
}
