package dev.weft.yaml;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * One parsed YAML file.
 *
 * @param root the top-level mapping (empty for an empty file); {@code null} when the file could not
 *     be parsed or was rejected, and then {@code findings} says why
 * @param findings {@code yaml-syntax} problems, each with a location
 */
public record ParseResult(MapNode root, List<Finding> findings) {
  public ParseResult {
    findings = List.copyOf(findings);
  }

  public boolean ok() {
    return root != null;
  }
}
