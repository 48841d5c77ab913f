package dev.weft.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Writes {@code DIR/<device>/<file>} as soon as a device is rendered, so memory stays flat.
 *
 * <p>System calls per file: open, one write, close. A device folder is created (or found) once per
 * run, not once per file, and the content goes to the file in one write: {@code Files.write} cuts
 * it into 8 KB writes, three for a typical SONiC {@code config_db.json}. No file is fsync-ed: a
 * crash leaves at worst a torn or missing file that no manifest vouches for (the manifest is
 * written last, atomically), so the next render writes it again; syncing 10,000 files would cost
 * seconds for nothing the manifest does not already catch.
 *
 * <p>Nothing is written outside DIR: a symbolic link where a device folder or a file goes is
 * replaced, never followed.
 */
public final class DirectorySink implements RenderSink {
  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final Path root;
  private final Set<String> folders = ConcurrentHashMap.newKeySet();

  public DirectorySink(Path root) {
    this.root = root;
  }

  @Override
  public void accept(String device, String file, byte[] content) throws IOException {
    // Device names come from intent and file names from a manifest; neither may climb out of DIR.
    if (!SAFE_NAME.matcher(device).matches() || !SAFE_NAME.matcher(file).matches()) {
      throw new IOException(
          "refusing to write '" + device + "/" + file + "': not a plain file name");
    }
    Path folder = root.resolve(device);
    if (!folders.contains(device)) {
      realFolder(folder);
      folders.add(device);
    }
    try {
      write(folder.resolve(file), content);
    } catch (NoSuchFileException e) {
      // the folder went away during the run (removed by hand): make it again, as before
      realFolder(folder);
      write(folder.resolve(file), content);
    }
  }

  /**
   * The device's folder as a real folder inside DIR: a symbolic link in its place (planted, or left
   * by an earlier tool) is removed, never followed, so no device's files land outside DIR.
   */
  static void realFolder(Path folder) throws IOException {
    if (Files.isSymbolicLink(folder)) {
      Files.delete(folder); // the link only; whatever it points to is untouched
    }
    Files.createDirectories(folder);
  }

  /**
   * Writes a file without following a symbolic link in its place: such a link is replaced by the
   * file.
   */
  static void write(Path path, byte[] content) throws IOException {
    try (OutputStream out =
        Files.newOutputStream(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS)) {
      out.write(content); // one channel write of the whole array
    } catch (IOException e) {
      // ELOOP, as the JDK reports opening a link with NOFOLLOW_LINKS (a plain IOException)
      if (!Files.isSymbolicLink(path)) {
        throw e;
      }
      Files.delete(path);
      try (OutputStream out =
          Files.newOutputStream(
              path,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE,
              LinkOption.NOFOLLOW_LINKS)) {
        out.write(content);
      }
    }
  }
}
