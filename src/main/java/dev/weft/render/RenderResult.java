package dev.weft.render;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * What a render produced: the files written (device order, then file name) and the findings of the
 * devices that could not be rendered (rule {@code render-error}, located at template file:line).
 */
public record RenderResult(List<RenderedFile> files, List<Finding> findings) {
    public RenderResult {
        files = List.copyOf(files);
        findings = List.copyOf(findings);
    }

    public RenderSummary summary() {
        int devices = (int) files.stream().map(RenderedFile::device).distinct().count();
        long bytes = files.stream().mapToLong(RenderedFile::bytes).sum();
        return new RenderSummary(devices, files.size(), bytes);
    }
}
