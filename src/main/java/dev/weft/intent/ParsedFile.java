package dev.weft.intent;

import dev.weft.source.SourceFile;
import dev.weft.yaml.MapNode;
import java.util.Objects;

/** A file of the inventory and its top-level mapping (an empty mapping for an empty file). */
public record ParsedFile(SourceFile source, MapNode root) {
  public ParsedFile {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(root, "root");
  }
}
