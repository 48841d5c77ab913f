package dev.weft.source;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * An inventory read from disk as it is now, uncommitted edits included.
 *
 * <p>Symbolic links are skipped, as a Git ref would show them as links rather than files: both
 * sources must yield the same files for the same commit, and a link could point outside the
 * repository.
 */
public final class WorkingTreeSource implements InventorySource {

    private final Path base;
    private final Path inventory;

    /**
     * @param repoRoot     the work tree root ({@link Repositories#findRoot}); {@code null} when the
     *                     inventory is not in a repository, and then paths are relative to the current directory
     * @param inventoryDir the inventory directory (or a single YAML file), absolute or relative to the current directory
     */
    public WorkingTreeSource(Path repoRoot, Path inventoryDir) {
        this.base = realOrAbsolute(repoRoot == null ? Path.of("") : repoRoot);
        this.inventory = realOrAbsolute(inventoryDir);
    }

    @Override
    public String inventoryPath() {
        return InventoryFiles.display(relative(inventory));
    }

    @Override
    public String describe() {
        return "working tree";
    }

    @Override
    public String revision() {
        if (!Files.exists(base.resolve(".git"))) {
            return null;
        }
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(base.toFile())) {
            org.eclipse.jgit.lib.ObjectId head = git.getRepository().resolve("HEAD^{commit}");
            String path = InventoryFiles.display(relative(inventory));
            org.eclipse.jgit.api.StatusCommand status = git.status();
            if (!path.isEmpty() && !path.equals(".")) {
                status.addPath(path);
            }
            boolean dirty = !status.call().isClean();
            if (head == null) {
                return "working tree, no commit yet";
            }
            return dirty ? "working tree, dirty (on " + head.name() + ")" : head.name();
        } catch (IOException | org.eclipse.jgit.api.errors.GitAPIException | RuntimeException e) {
            return null; // a report without the commit beats no report
        }
    }

    @Override
    public List<SourceFile> read() throws SourceException {
        if (!Files.exists(inventory, LinkOption.NOFOLLOW_LINKS)) {
            throw new SourceException("inventory '" + inventoryPath() + "' not found: no such directory in the working tree ("
                    + inventory + ")");
        }
        if (!inventory.startsWith(base)) {
            throw new SourceException("inventory " + inventory + " is outside the repository " + base);
        }
        List<Path> paths = new ArrayList<>();
        List<SourceFile> files;
        try {
            if (Files.isRegularFile(inventory, LinkOption.NOFOLLOW_LINKS)) {
                paths.add(inventory);
            } else {
                Files.walkFileTree(inventory, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        boolean hiddenBelowInventory = !dir.equals(inventory)
                                && InventoryFiles.isHidden(dir.getFileName().toString());
                        return hiddenBelowInventory ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        String name = file.getFileName().toString();
                        if (attrs.isRegularFile() && !InventoryFiles.isHidden(name) && InventoryFiles.isYaml(name)) {
                            paths.add(file);
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
            }
            files = loadAll(paths);
        } catch (AccessDeniedException e) {
            throw new SourceException("cannot read inventory '" + inventoryPath() + "': permission denied on " + e.getFile(), e);
        } catch (NoSuchFileException e) {
            throw new SourceException("inventory file vanished while reading: " + e.getFile(), e);
        } catch (IOException e) {
            throw new SourceException("cannot read inventory '" + inventoryPath() + "': " + e.getMessage(), e);
        }
        files.sort(InventoryFiles.BY_PATH);
        return List.copyOf(files);
    }

    /**
     * Reads and hashes the files in parallel (hashing 14 MB for blob ids was a serial tenth of a second on a
     * large inventory); the first failure in walk order is thrown, as a sequential read would.
     */
    private List<SourceFile> loadAll(List<Path> paths) throws IOException {
        record Loaded(SourceFile file, IOException failure) {}
        List<Loaded> loaded = paths.parallelStream().map(p -> {
            try {
                return new Loaded(load(p), null);
            } catch (IOException e) {
                return new Loaded(null, e);
            }
        }).toList();
        List<SourceFile> files = new ArrayList<>(loaded.size());
        for (Loaded l : loaded) {
            if (l.failure() != null) {
                throw l.failure();
            }
            files.add(l.file());
        }
        return files;
    }

    private SourceFile load(Path file) throws IOException {
        long size = Files.size(file);
        if (size > InventoryFiles.HARD_FILE_CAP) {
            throw new IOException(relative(file) + " is " + size + " bytes, far beyond any inventory file");
        }
        byte[] bytes = Files.readAllBytes(file);
        return new SourceFile(relative(file), bytes, null);
    }

    private String relative(Path path) {
        String rel = base.relativize(path).toString();
        return path.getFileSystem().getSeparator().equals("/") ? rel : rel.replace(path.getFileSystem().getSeparator(), "/");
    }

    /** Resolves symbolic links where the path exists, so the root and the inventory compare alike (e.g. /tmp on macOS). */
    private static Path realOrAbsolute(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            return absolute;
        }
    }
}
