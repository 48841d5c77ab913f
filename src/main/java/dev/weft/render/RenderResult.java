package dev.weft.render;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * What a render produced: the files written (device order, then file name), the findings of the
 * devices that could not be rendered (rule {@code render-error}, located at template file:line),
 * and, for a render into a folder with a manifest ({@link RenderCache}), the devices left unchanged
 * and the devices whose files were removed because they are no longer in the inventory.
 *
 * @param incremental true when the render kept a manifest (so "unchanged" is meaningful)
 */
public record RenderResult(
    List<RenderedFile> files,
    List<Finding> findings,
    List<String> unchanged,
    List<String> removed,
    boolean incremental) {
  public RenderResult {
    files = List.copyOf(files);
    findings = List.copyOf(findings);
    unchanged = List.copyOf(unchanged);
    removed = List.copyOf(removed);
  }

  public RenderResult(List<RenderedFile> files, List<Finding> findings) {
    this(files, findings, List.of(), List.of(), false);
  }

  public RenderSummary summary() {
    int devices = (int) files.stream().map(RenderedFile::device).distinct().count();
    long bytes = files.stream().mapToLong(RenderedFile::bytes).sum();
    return new RenderSummary(
        devices, files.size(), bytes, incremental ? unchanged.size() : -1, removed.size());
  }
}
