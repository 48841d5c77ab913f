package dev.weft.source;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.util.FS;

/**
 * An inventory read from a commit's tree (a branch, {@code origin/main}, a tag, {@code HEAD~1}, a
 * commit id) straight from the object database: no checkout, the working tree is never touched, and
 * bare repositories work.
 */
public final class GitRefSource implements InventorySource {

    private static final int SHORT_ID = 7;

    private final Path repoDir;
    private final String ref;
    private final String inventoryPath;

    /**
     * @param repoDir       a work tree root or a bare repository
     * @param ref           anything {@code git rev-parse} understands that names a commit
     * @param inventoryPath the inventory directory (or a single YAML file), repository-relative
     */
    public GitRefSource(Path repoDir, String ref, String inventoryPath) {
        this.repoDir = repoDir.toAbsolutePath().normalize();
        this.ref = ref;
        this.inventoryPath = InventoryFiles.normalize(inventoryPath);
    }

    @Override
    public String inventoryPath() {
        return InventoryFiles.display(inventoryPath);
    }

    @Override
    public String describe() {
        try (Repository repo = open()) {
            return "ref " + ref + " (" + resolve(repo).abbreviate(SHORT_ID).name() + ")";
        } catch (SourceException e) {
            return "ref " + ref;
        }
    }

    @Override
    public String revision() {
        try (Repository repo = open()) {
            return resolve(repo).name();
        } catch (SourceException e) {
            return null;
        }
    }

    @Override
    public List<SourceFile> read() throws SourceException {
        try (Repository repo = open();
                ObjectReader reader = repo.newObjectReader();
                RevWalk revWalk = new RevWalk(reader)) {
            ObjectId commitId = resolve(repo);
            RevCommit commit = revWalk.parseCommit(commitId);
            List<SourceFile> files = new ArrayList<>();
            if (inventoryPath.isEmpty()) {
                collect(reader, commit.getTree(), files);
            } else {
                try (TreeWalk at = TreeWalk.forPath(reader, inventoryPath, commit.getTree())) {
                    if (at == null) {
                        throw new SourceException("inventory '" + inventoryPath + "' does not exist at ref '" + ref + "' ("
                                + commitId.abbreviate(SHORT_ID).name() + ") in " + repoDir);
                    }
                    FileMode mode = at.getFileMode(0);
                    if (FileMode.TREE.equals(mode)) {
                        collect(reader, at.getObjectId(0), files);
                    } else if (isFile(mode)) {
                        files.add(load(reader, inventoryPath, at.getObjectId(0)));
                    } else {
                        throw new SourceException("inventory '" + inventoryPath + "' at ref '" + ref
                                + "' is neither a directory nor a file (a symbolic link or submodule)");
                    }
                }
            }
            files.sort(InventoryFiles.BY_PATH);
            return List.copyOf(files);
        } catch (IOException e) {
            throw new SourceException("cannot read ref '" + ref + "' in " + repoDir + ": " + e.getMessage(), e);
        }
    }

    /** Walks a tree level by level so dot-folders are skipped without reading what is inside them. */
    private void collect(ObjectReader reader, ObjectId tree, List<SourceFile> files) throws IOException, SourceException {
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(tree);
            walk.setRecursive(false);
            while (walk.next()) {
                String name = walk.getNameString();
                if (InventoryFiles.isHidden(name)) {
                    continue;
                }
                FileMode mode = walk.getFileMode(0);
                if (walk.isSubtree()) {
                    walk.enterSubtree();
                } else if (isFile(mode) && InventoryFiles.isYaml(name)) {
                    String path = InventoryFiles.join(inventoryPath, walk.getPathString());
                    files.add(load(reader, path, walk.getObjectId(0)));
                }
            }
        }
    }

    private SourceFile load(ObjectReader reader, String path, ObjectId blob) throws IOException, SourceException {
        try {
            byte[] bytes = reader.open(blob, Constants.OBJ_BLOB).getBytes(InventoryFiles.HARD_FILE_CAP);
            return new SourceFile(path, bytes, blob.name());
        } catch (LargeObjectException e) {
            throw new SourceException(path + " at ref '" + ref + "' is far beyond any inventory file (over 1 GiB)", e);
        }
    }

    private static boolean isFile(FileMode mode) {
        return FileMode.REGULAR_FILE.equals(mode) || FileMode.EXECUTABLE_FILE.equals(mode);
    }

    private Repository open() throws SourceException {
        File dir = repoDir.toFile();
        FileRepositoryBuilder builder = new FileRepositoryBuilder();
        if (RepositoryCache.FileKey.isGitRepository(dir, FS.DETECTED)) {
            builder.setGitDir(dir);
        } else if (new File(dir, Constants.DOT_GIT).exists()) {
            builder.setWorkTree(dir);
        } else {
            Path enclosing = Repositories.findRoot(repoDir).orElse(null);
            throw new SourceException(enclosing == null
                    ? repoDir + " is not a Git repository; --ref needs the inventory inside a Git clone"
                    : repoDir + " is not the top of its Git repository; use " + enclosing);
        }
        try {
            return builder.setMustExist(true).build();
        } catch (IOException | IllegalArgumentException e) {
            throw new SourceException("cannot open the Git repository " + repoDir + ": " + e.getMessage(), e);
        }
    }

    private ObjectId resolve(Repository repo) throws SourceException {
        ObjectId id;
        try {
            id = repo.resolve(ref + "^{commit}");
        } catch (AmbiguousObjectException e) {
            throw new SourceException("ref '" + ref + "' is ambiguous in " + repoDir + ": " + e.getCandidates().size()
                    + " objects start with it; give more digits of the commit id", e);
        } catch (RevisionSyntaxException | IOException e) {
            id = null;
        }
        if (id == null) {
            throw new SourceException(notFound());
        }
        return id;
    }

    /** One line that says what to do: most often the ref was simply never fetched. */
    private String notFound() {
        String where = "ref '" + ref + "' not found in " + repoDir;
        if (ref.contains("~") || ref.contains("^")) {
            return where + "; the history may not go back that far (in a shallow clone: git fetch --unshallow)";
        }
        String name = ref.startsWith("origin/") ? ref.substring("origin/".length()) : ref;
        return where + "; fetch it first, e.g. git fetch origin " + name;
    }
}
