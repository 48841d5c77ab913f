package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.testing.NetconfLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft drift --from-backup DIR}: each switch read from its file in a backup folder (weft
 * backup's layout) and compared as a live read is. The folder is made from the inventory's own
 * render, so the unchanged backup is the proof that the comparison is clean, and each change to one
 * file shows up on that switch alone.
 */
class DriftFromBackupTest {

  private static final String INVENTORY =
      NetconfLab.projectDir().resolve("inventories/roce-pod-a").toString();

  @TempDir Path tmp;

  Path backup;

  /** Every switch's rendered config_db.json as {@code <device>.json}, as weft backup writes it. */
  @BeforeEach
  void backupOfTheRender() throws Exception {
    Path rendered = tmp.resolve("rendered");
    Cli render = Cli.run("render", INVENTORY, "--out", rendered.toString());
    assertEquals(0, render.exit(), render.out() + render.err());
    backup = Files.createDirectories(tmp.resolve("backup"));
    try (Stream<Path> devices = Files.list(rendered)) {
      for (Path d : devices.sorted().toList()) {
        Path config = d.resolve("config_db.json");
        if (Files.isRegularFile(config)) {
          Files.copy(config, backup.resolve(d.getFileName() + ".json"));
        }
      }
    }
  }

  private Cli drift(String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("drift", INVENTORY, "--from-backup", backup.toString(), "--format", "json"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(String[]::new));
  }

  @Test
  void theInventorysOwnRenderHasNoDrift() throws Exception {
    Cli run = drift();
    Map<String, String> ok = new TreeMap<>();
    run.devices().keySet().forEach(d -> ok.put(d, "ok"));
    assertEquals(6, ok.size(), run.out());
    assertEquals(ok, run.devices(), run.out());
    assertEquals(
        List.of(),
        run.findings().stream()
            .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
            .toList());
    assertEquals(0, run.exit(), run.out() + run.err());
  }

  @Test
  void eachSwitchIsJudgedOnItsOwnFile() throws Exception {
    // leaf-01 runs PFC on one priority fewer on one port than the intent says
    Path leaf1 = backup.resolve("leaf-01.json");
    @SuppressWarnings("unchecked")
    Map<String, Object> db = (Map<String, Object>) Json.parse(Files.readString(leaf1));
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> qos =
        (Map<String, Map<String, Object>>) db.get("PORT_QOS_MAP");
    String port =
        qos.keySet().stream()
            .filter(p -> qos.get(p).containsKey("pfc_enable"))
            .findFirst()
            .orElseThrow();
    qos.get(port).put("pfc_enable", "");
    Files.writeString(leaf1, Json.write(db));
    // leaf-02 was not backed up
    Files.delete(backup.resolve("leaf-02.json"));
    // leaf-03's file is not a config its reader takes
    Files.writeString(backup.resolve("leaf-03.json"), "{\"PORT\": \"not a table\"}");

    Cli run = drift();
    Map<String, String> devices = run.devices();
    assertEquals("drift", devices.get("leaf-01"), run.out());
    assertEquals("unreachable:no-backup", devices.get("leaf-02"), run.out());
    assertEquals("error:reply-invalid", devices.get("leaf-03"), run.out());
    devices.forEach(
        (d, s) -> {
          if (!List.of("leaf-01", "leaf-02", "leaf-03").contains(d)) {
            assertEquals("ok", s, d + ": the others complete: " + run.out());
          }
        });
    assertTrue(
        run.findings("leaf-01").stream()
            .anyMatch(f -> "drift-pfc".equals(f.get("rule")) && port.equals(f.get("port"))),
        run.out());
    Map<String, Object> refused =
        run.findings("leaf-03").stream()
            .filter(f -> "reply-invalid".equals(f.get("rule")))
            .findFirst()
            .orElseThrow(() -> new AssertionError(run.out()));
    assertTrue(
        String.valueOf(refused.get("file")).endsWith("leaf-03.json"),
        "the finding names the file: " + refused);
    assertTrue(
        String.valueOf(refused.get("message")).contains("PORT"), "and where in it: " + refused);
    assertTrue(
        run.findings("leaf-02").stream()
            .anyMatch(f -> String.valueOf(f.get("message")).contains("leaf-02.json")),
        run.out());
    assertEquals(1, run.exit(), run.out() + run.err());
  }

  @Test
  void deviceNarrowsTheRunAndAMissingFolderIsAUsageError() throws Exception {
    Cli one = drift("--device", "leaf-01");
    assertEquals(Map.of("leaf-01", "ok"), one.devices(), one.out());
    Cli none = Cli.run("drift", INVENTORY, "--from-backup", tmp.resolve("no-such").toString());
    assertEquals(2, none.exit(), none.err());
    assertTrue(none.err().contains("--from-backup"), none.err());
  }
}
