package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.adopt.ConfigFolder;
import dev.weft.adopt.ImportResult;
import dev.weft.adopt.Importer;
import dev.weft.platform.Platforms;
import dev.weft.testing.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code weft import --from FOLDER} end to end on fuzzed folders: the folder reader (size checks,
 * format sniffing, the SM host folders) and the importer after it (every platform reader, the
 * OpenSM file readers for opensm.conf, partitions.conf, qos-policy.conf and root-guids.conf, the
 * inventory writer). Any folder gives an inventory or findings, never an exception. DeviceOutput's
 * import target stops at the folder reader with one file; these go on to the importer. Seeds
 * (ImportFolderFuzzTestInputs/): files the example inventories render to, and the OpenSM files of
 * ib-pod-b.
 */
class ImportFolderFuzzTest {

  private static final Platforms PLATFORMS = Platforms.builtIn();

  /** What a fuzzed file name is cut down to, so no name leaves the folder. */
  private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9_-]");

  /** The four OpenSM files, separated by NULs, in the folder of SM host sm-01. */
  @FuzzTest
  void anySubnetManagerFolderIsAnInventoryOrFindings(byte[] bytes) throws IOException {
    List<String> texts = Fuzz.parts(bytes, 4);
    Path dir = Files.createTempDirectory("weft-fuzz-sm");
    try {
      Path sm = Files.createDirectories(dir.resolve("sm-01"));
      List<String> names =
          List.of("opensm.conf", "partitions.conf", "qos-policy.conf", "root-guids.conf");
      for (int i = 0; i < names.size(); i++) {
        if (i == 0 || !texts.get(i).isEmpty()) {
          Files.writeString(sm.resolve(names.get(i)), texts.get(i));
        }
      }
      importFolder(dir);
    } finally {
      FileTrees.delete(dir);
    }
  }

  /**
   * Up to four device files separated by NULs, each {@code NAME.EXT} on its first line and the
   * config after it; the name is cut to letters, digits, '_' and '-'.
   */
  @FuzzTest
  void anyBackupFolderIsAnInventoryOrFindings(byte[] bytes) throws IOException {
    Path dir = Files.createTempDirectory("weft-fuzz-backups");
    try {
      for (String file : Fuzz.parts(bytes, 4)) {
        int eol = file.indexOf('\n');
        String head = eol < 0 ? file : file.substring(0, eol);
        int dot = head.lastIndexOf('.');
        String name = UNSAFE.matcher(dot < 0 ? head : head.substring(0, dot)).replaceAll("");
        String ext = dot < 0 ? "" : UNSAFE.matcher(head.substring(dot + 1)).replaceAll("");
        if (name.isEmpty() || name.length() > 40 || ext.length() > 8) {
          continue;
        }
        Files.writeString(
            dir.resolve(name + (ext.isEmpty() ? "" : "." + ext)),
            eol < 0 ? "" : file.substring(eol + 1),
            StandardCharsets.UTF_8);
      }
      importFolder(dir);
    } finally {
      FileTrees.delete(dir);
    }
  }

  private static void importFolder(Path dir) {
    ImportResult result =
        Fuzz.typedOnly(
            () -> {
              ConfigFolder.Contents contents =
                  ConfigFolder.read(dir, device -> Optional.empty(), PLATFORMS);
              return new Importer(PLATFORMS).run(contents, null, "fuzz", "fuzz", "out");
            });
    assertNotNull(result, "no import result");
  }
}
