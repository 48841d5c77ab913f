package dev.weft.render;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where a render into a folder writes first, so that a render that fails part-way leaves the folder
 * as it was: files go to {@code DIR/.weft-staging/<device>/<file>} (inside DIR, so the same file
 * system), and only when every device rendered are they moved into place, each with an atomic
 * rename; the render manifest is written after the last one ({@link RenderCache}), so even a crash
 * during the moves leaves a folder the next render repairs. A staging folder left by a crash is
 * cleared at the next start.
 */
public final class StagingArea implements RenderSink {

  /**
   * The staging folder's name inside the output folder (a dot-folder: no device is named like it).
   */
  public static final String FOLDER = ".weft-staging";

  private final Path out;
  private final Path stage;
  private final DirectorySink sink;
  private final List<String[]> staged = Collections.synchronizedList(new ArrayList<>());

  private StagingArea(Path out, Path stage) {
    this.out = out;
    this.stage = stage;
    this.sink = new DirectorySink(stage);
  }

  /**
   * A fresh staging folder in {@code out} (created when missing); a leftover one is deleted first.
   */
  public static StagingArea in(Path out) throws IOException {
    Path stage = out.resolve(FOLDER);
    if (Files.exists(stage, LinkOption.NOFOLLOW_LINKS)) {
      delete(stage);
    }
    Files.createDirectories(stage);
    return new StagingArea(out, stage);
  }

  @Override
  public void accept(String device, String file, byte[] content) throws IOException {
    sink.accept(device, file, content);
    staged.add(new String[] {device, file});
  }

  /** Moves every staged file into place and removes the staging folder. */
  public void commit() throws IOException {
    commit(java.util.Set.of());
  }

  /**
   * Moves the staged files of every device but those in {@code skipped} (devices that failed
   * part-way, whose files in the output folder must stay as they were) into place, and removes the
   * staging folder.
   */
  public void commit(java.util.Set<String> skipped) throws IOException {
    List<String[]> files;
    synchronized (staged) {
      files = new ArrayList<>(staged);
    }
    java.util.Set<String> folders = new java.util.HashSet<>();
    java.util.Set<String> movedWhole = new java.util.HashSet<>();
    for (String[] f : files) {
      if (skipped.contains(f[0]) || movedWhole.contains(f[0])) {
        continue;
      }
      Path folder = out.resolve(f[0]);
      if (folders.add(f[0])) {
        if (Files.isSymbolicLink(folder)) {
          throw new IOException("refusing to write into " + folder + ": it is a symbolic link");
        }
        // A device new to the folder (every device of a first render) moves as its whole folder in
        // one rename: half the system calls of a folder made and each file moved (a 131,072-GPU
        // render stages 22,528 folders), and as atomic. An existing folder may hold files Weft did
        // not write, so its files are replaced one by one and the rest stay.
        if (moveFolderIfAbsent(stage.resolve(f[0]), folder)) {
          movedWhole.add(f[0]);
          continue;
        }
        Files.createDirectories(folder);
      }
      Path from = stage.resolve(f[0]).resolve(f[1]);
      Path to = folder.resolve(f[1]);
      try {
        Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
      }
    }
    delete(stage);
  }

  /**
   * Renames the staged folder {@code from} to {@code to} when nothing is at {@code to} yet; false
   * (nothing moved) when something is, so the caller merges file by file. Should something appear
   * there between the check and the rename, the rename fails (a file, a folder with files) and the
   * merge file by file takes over, which reports any real error; an empty folder made meanwhile is
   * replaced, losing nothing.
   */
  private static boolean moveFolderIfAbsent(Path from, Path to) throws IOException {
    if (Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
      return true;
    } catch (java.nio.file.FileSystemException e) {
      return false;
    }
  }

  /** Removes the staging folder and everything in it; the output folder is untouched. */
  public void discard() throws IOException {
    delete(stage);
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
