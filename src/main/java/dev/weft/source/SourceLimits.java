package dev.weft.source;

/**
 * What a source reads at most, checked from the file sizes before any content is read
 * (docs/limits.md).
 *
 * @param maxFileBytes a larger file is not read: it reaches the loader with its size only, and the
 *     loader reports it as a finding at the file (the other files are still checked)
 * @param maxInventoryBytes the sum of all files; a larger inventory is not read at all ({@link
 *     SourceException}: a usage error naming the limit). The default keeps the whole run inside the
 *     launcher's default heap: loading costs about 30 bytes of memory per byte of YAML
 */
public record SourceLimits(long maxFileBytes, long maxInventoryBytes) {

  public static final long DEFAULT_MAX_FILE_BYTES = 16L * 1024 * 1024;
  public static final long DEFAULT_MAX_INVENTORY_BYTES = 32L * 1024 * 1024;

  public SourceLimits {
    if (maxFileBytes < 1 || maxInventoryBytes < 1) {
      throw new IllegalArgumentException(
          "source limits must be positive: " + maxFileBytes + ", " + maxInventoryBytes);
    }
  }

  public static SourceLimits defaults() {
    return new SourceLimits(DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_INVENTORY_BYTES);
  }

  /** The refusal of an inventory whose files add up to more than {@link #maxInventoryBytes}. */
  SourceException tooLarge(String inventory, long total, int files) {
    return new SourceException(
        "inventory '"
            + inventory
            + "' is "
            + total
            + " bytes in "
            + files
            + " files; the limit"
            + " is "
            + maxInventoryBytes
            + " bytes (--max-inventory-bytes; a larger inventory also needs a larger"
            + " heap, WEFT_MAX_HEAP)");
  }
}
