package dev.weft.source;

import java.util.List;

/**
 * Where an inventory's files come from: the working tree or a Git ref. Everything after this
 * interface is identical for both, so {@code --ref} cannot change what a rule sees.
 */
public interface InventorySource {

  /**
   * The inventory directory, repository-relative with forward slashes (e.g. {@code
   * inventories/roce-pod-a}).
   */
  String inventoryPath();

  /** Human description for messages, e.g. {@code working tree} or {@code ref HEAD~1 (3f2a9c1)}. */
  String describe();

  /**
   * Every {@code *.yaml}/{@code *.yml} file below the inventory, sorted by path, dot-files skipped.
   */
  List<SourceFile> read() throws SourceException;

  /**
   * The commit the files come from, for reports: a full commit id, {@code working tree, dirty (on
   * <id>)} when the inventory has uncommitted changes, or null outside a Git repository (or when
   * Git cannot tell). Costs a Git status of the inventory folder, so reports that carry it ask, and
   * text output does not.
   */
  default String revision() {
    return null;
  }
}
