package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectorySinkTest {
  @TempDir Path dir;

  @Test
  void writesEachFileWholeIntoItsDeviceFolder() throws IOException {
    DirectorySink sink = new DirectorySink(dir.resolve("out"));
    byte[] big =
        "0123456789abcdef".repeat(10_000).getBytes(StandardCharsets.US_ASCII); // many 8 KB blocks
    sink.accept("leaf-1", "config_db.json", big);
    sink.accept("leaf-1", "other.txt", "x\n".getBytes(StandardCharsets.US_ASCII));
    sink.accept("gpu-1", "nccl.env", new byte[0]);
    assertArrayEquals(big, Files.readAllBytes(dir.resolve("out/leaf-1/config_db.json")));
    assertEquals("x\n", Files.readString(dir.resolve("out/leaf-1/other.txt")));
    assertEquals(0, Files.size(dir.resolve("out/gpu-1/nccl.env")));
  }

  /** A second render into the same folder: shorter content must not leave the old tail behind. */
  @Test
  void rewritingAFileReplacesAllOfIt() throws IOException {
    Files.createDirectories(dir.resolve("leaf-1"));
    Files.writeString(dir.resolve("leaf-1/config_db.json"), "a much longer old content\n");
    new DirectorySink(dir)
        .accept("leaf-1", "config_db.json", "new\n".getBytes(StandardCharsets.US_ASCII));
    assertEquals("new\n", Files.readString(dir.resolve("leaf-1/config_db.json")));
  }

  /** The folder is made once per run; one removed behind the sink's back is made again. */
  @Test
  void aFolderRemovedDuringTheRunIsMadeAgain() throws IOException {
    DirectorySink sink = new DirectorySink(dir);
    sink.accept("leaf-1", "a.txt", new byte[] {1});
    Files.delete(dir.resolve("leaf-1/a.txt"));
    Files.delete(dir.resolve("leaf-1"));
    sink.accept("leaf-1", "b.txt", new byte[] {2});
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(dir.resolve("leaf-1/b.txt")));
  }

  @Test
  void namesThatCouldClimbOutAreRefused() {
    DirectorySink sink = new DirectorySink(dir.resolve("out"));
    for (String[] bad :
        new String[][] {
          {"..", "x"}, {"leaf", "../x"}, {"a/b", "x"}, {"leaf", ".hidden"}, {"", "x"}
        }) {
      IOException e =
          assertThrows(IOException.class, () -> sink.accept(bad[0], bad[1], new byte[] {1}));
      assertTrue(e.getMessage().contains("not a plain file name"), e.getMessage());
    }
    assertFalse(Files.exists(dir.resolve("out")));
  }

  /**
   * Issue 15: {@code weft render --out DIR} followed a symlink inside DIR and wrote a device's
   * files outside it.
   */
  @Test
  void aSymlinkInPlaceOfADeviceFolderOrAFileIsReplacedNeverFollowed(@TempDir Path outside)
      throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));
    Files.writeString(outside.resolve("config_db.json"), "precious\n");
    Files.createSymbolicLink(out.resolve("leaf-1"), outside);
    Files.createDirectories(out.resolve("leaf-2"));
    Files.createSymbolicLink(
        out.resolve("leaf-2/config_db.json"), outside.resolve("config_db.json"));
    DirectorySink sink = new DirectorySink(out);
    sink.accept("leaf-1", "config_db.json", "one\n".getBytes(StandardCharsets.US_ASCII));
    sink.accept("leaf-2", "config_db.json", "two\n".getBytes(StandardCharsets.US_ASCII));
    assertEquals(
        "precious\n",
        Files.readString(outside.resolve("config_db.json")),
        "nothing written outside DIR");
    assertFalse(Files.isSymbolicLink(out.resolve("leaf-1")));
    assertFalse(Files.isSymbolicLink(out.resolve("leaf-2/config_db.json")));
    assertEquals("one\n", Files.readString(out.resolve("leaf-1/config_db.json")));
    assertEquals("two\n", Files.readString(out.resolve("leaf-2/config_db.json")));
  }
}
