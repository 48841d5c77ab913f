package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit of a staged render: new device folders move whole, existing ones are merged file by
 * file.
 */
class StagingAreaTest {
  @TempDir Path out;

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aDeviceNewToTheFolderArrivesWholeAndNothingIsLeftStaged() throws IOException {
    StagingArea stage = StagingArea.in(out);
    stage.accept("leaf-1", "config_db.json", text("{}\n"));
    stage.accept("leaf-1", "frr.conf", text("router bgp 65001\n"));
    stage.accept("gpu-1", "nccl.env", text("NCCL_IB_TC=106\n"));
    stage.commit();
    assertEquals("{}\n", Files.readString(out.resolve("leaf-1/config_db.json")));
    assertEquals("router bgp 65001\n", Files.readString(out.resolve("leaf-1/frr.conf")));
    assertEquals("NCCL_IB_TC=106\n", Files.readString(out.resolve("gpu-1/nccl.env")));
    assertFalse(Files.exists(out.resolve(StagingArea.FOLDER)), "the staging folder is removed");
  }

  @Test
  void anExistingDeviceFolderKeepsTheFilesWeftDidNotWrite() throws IOException {
    Files.createDirectories(out.resolve("leaf-1"));
    Files.writeString(out.resolve("leaf-1/config_db.json"), "old\n");
    Files.writeString(out.resolve("leaf-1/NOTES.txt"), "the operator's own file\n");
    StagingArea stage = StagingArea.in(out);
    stage.accept("leaf-1", "config_db.json", text("new\n"));
    stage.commit();
    assertEquals("new\n", Files.readString(out.resolve("leaf-1/config_db.json")));
    assertEquals("the operator's own file\n", Files.readString(out.resolve("leaf-1/NOTES.txt")));
  }

  @Test
  void aSkippedDeviceLeavesItsFolderAsItWasAndANewOneIsNotCreated() throws IOException {
    Files.createDirectories(out.resolve("leaf-1"));
    Files.writeString(out.resolve("leaf-1/config_db.json"), "old\n");
    StagingArea stage = StagingArea.in(out);
    stage.accept("leaf-1", "config_db.json", text("half\n"));
    stage.accept("leaf-2", "config_db.json", text("half\n"));
    stage.accept("leaf-3", "config_db.json", text("whole\n"));
    stage.commit(Set.of("leaf-1", "leaf-2"));
    assertEquals("old\n", Files.readString(out.resolve("leaf-1/config_db.json")));
    assertFalse(Files.exists(out.resolve("leaf-2")), "a failed new device leaves no folder");
    assertEquals("whole\n", Files.readString(out.resolve("leaf-3/config_db.json")));
  }

  @Test
  void aSymbolicLinkInPlaceOfADeviceFolderIsRefusedAndItsTargetUntouched(@TempDir Path elsewhere)
      throws IOException {
    Files.createSymbolicLink(out.resolve("leaf-1"), elsewhere);
    StagingArea stage = StagingArea.in(out);
    stage.accept("leaf-1", "config_db.json", text("{}\n"));
    IOException e = assertThrows(IOException.class, stage::commit);
    assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
    try (var listed = Files.list(elsewhere)) {
      assertEquals(0, listed.count(), "nothing written through the link");
    }
    assertTrue(Files.isSymbolicLink(out.resolve("leaf-1")));
  }
}
