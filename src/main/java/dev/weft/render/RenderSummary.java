package dev.weft.render;

/**
 * The summary line of a render: how many devices, files and bytes were written and, for a render
 * that keeps a manifest, how many devices were left unchanged and how many removed from the output
 * folder.
 *
 * @param unchanged devices left as they were, or -1 when the render keeps no manifest
 * @param removed devices no longer in the inventory whose files were deleted
 */
public record RenderSummary(int devices, int files, long bytes, int unchanged, int removed) {
  public RenderSummary(int devices, int files, long bytes) {
    this(devices, files, bytes, -1, 0);
  }

  @Override
  public String toString() {
    StringBuilder line =
        new StringBuilder("rendered ")
            .append(devices)
            .append(devices == 1 ? " device, " : " devices, ")
            .append(files)
            .append(files == 1 ? " file, " : " files, ")
            .append(bytes)
            .append(bytes == 1 ? " byte" : " bytes");
    if (unchanged >= 0) {
      line.append("; ")
          .append(unchanged)
          .append(unchanged == 1 ? " device" : " devices")
          .append(" unchanged");
    }
    if (removed > 0) {
      line.append("; removed ")
          .append(removed)
          .append(removed == 1 ? " device" : " devices")
          .append(" no longer in the inventory");
    }
    return line.toString();
  }
}
