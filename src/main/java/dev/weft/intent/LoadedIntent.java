package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.yaml.MapNode;
import java.util.List;

/**
 * An inventory after reading, parsing and merging.
 *
 * @param inventory repository-relative inventory path
 * @param files the files that parsed, in path order (files with YAML errors are left out)
 * @param merged all files merged by the rules of intent-format §1; every node keeps its own file
 *     and line
 * @param findings {@code yaml-syntax} findings per file, then {@code schema} findings of the merge
 */
public record LoadedIntent(
    String inventory, List<ParsedFile> files, MapNode merged, List<Finding> findings) {
  public LoadedIntent {
    files = List.copyOf(files);
    findings = List.copyOf(findings);
  }
}
