package dev.weft.cli;

import dev.weft.source.GitRefSource;
import dev.weft.source.InventorySource;
import dev.weft.source.Repositories;
import dev.weft.source.SourceLimits;
import dev.weft.source.WorkingTreeSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Turns the INVENTORY argument, {@code --ref} and {@code --repo} into an {@link InventorySource}.
 * Without an argument the inventory is the only folder under {@code inventories/}; several is a
 * usage error that lists them, so a pipeline never validates the wrong one by accident.
 */
final class InventoryLocator {

  private final Path cwd;
  private final SourceLimits limits;

  InventoryLocator(Path cwd) {
    this(cwd, SourceLimits.defaults());
  }

  InventoryLocator(Path cwd, SourceLimits limits) {
    this.cwd = cwd.toAbsolutePath().normalize();
    this.limits = limits;
  }

  InventorySource locate(Path inventoryArg, String ref, Path repoArg) {
    Path inventory =
        inventoryArg == null ? defaultInventory() : cwd.resolve(inventoryArg).normalize();
    if (ref == null) {
      if (!Files.isDirectory(inventory)) {
        throw new UsageException(
            "inventory '"
                + display(inventoryArg, inventory)
                + "' does not exist or is not a directory");
      }
      Path root =
          repoArg != null
              ? cwd.resolve(repoArg).normalize()
              : Repositories.findRoot(inventory).orElse(outsideRepoRoot(inventory));
      return new WorkingTreeSource(root, inventory, limits);
    }
    Path root =
        repoArg != null
            ? cwd.resolve(repoArg).normalize()
            : Repositories.findRoot(Files.isDirectory(inventory) ? inventory : cwd)
                .orElseThrow(
                    () ->
                        new UsageException(
                            "--ref "
                                + ref
                                + " needs a Git repository, and '"
                                + cwd
                                + "' is not inside one; pass --repo DIR"));
    String relative = root.relativize(inventory).toString().replace('\\', '/');
    if (relative.startsWith("..")) {
      throw new UsageException("inventory '" + inventory + "' is outside the repository " + root);
    }
    return new GitRefSource(root, ref, relative, limits);
  }

  /**
   * Outside any repository, paths are shown relative to the current directory when the inventory is
   * below it, else relative to the inventory's parent (never absolute: reports stay portable).
   */
  private Path outsideRepoRoot(Path inventory) {
    if (inventory.startsWith(cwd)) {
      return cwd;
    }
    Path parent = inventory.getParent();
    return parent == null ? inventory : parent;
  }

  private Path defaultInventory() {
    Path dir = cwd.resolve("inventories");
    if (!Files.isDirectory(dir)) {
      throw new UsageException("no INVENTORY given and there is no 'inventories' folder in " + cwd);
    }
    List<Path> found;
    try (Stream<Path> s = Files.list(dir)) {
      found =
          s.filter(Files::isDirectory)
              .filter(p -> !p.getFileName().toString().startsWith("."))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (found.size() == 1) {
      return found.get(0);
    }
    if (found.isEmpty()) {
      throw new UsageException("no INVENTORY given and 'inventories/' holds no inventory folder");
    }
    throw new UsageException(
        "no INVENTORY given and 'inventories/' holds several; name one of: "
            + String.join(
                ", ", found.stream().map(p -> "inventories/" + p.getFileName()).toList()));
  }

  private static String display(Path arg, Path resolved) {
    return arg == null ? resolved.toString() : arg.toString();
  }
}
