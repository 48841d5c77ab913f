package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.testing.FileTrees;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own HWSKU, end to end as a user runs it, without rebuilding Weft: {@code weft hwsku
 * import} of a SONiC device folder into the fabric repository, {@code hwsku-profiles} in {@code
 * .weft.yaml}, then {@code validate} and {@code render} use it; a broken profile is a finding at
 * the profile's line and column, and a profile shadowing a built-in one is refused naming both.
 */
class HwskuProfilesCliTest {

  private static final String SKU = "Site-SN5600-O128";
  private static final Path VENDORED =
      ProjectDir.get().resolve("vendor/sonic-buildimage/device/mellanox/x86_64-nvidia_sn5600-r0");

  @TempDir Path tmp;
  Path repo;

  private CliRun run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err), repo, Map.of());
    return new CliRun(code, out.toString(), err.toString());
  }

  /** The inventory argument: absolute, as the command line resolves it against the JVM's folder. */
  private String inventory() {
    return repo.resolve("inventories/roce-pod-a").toString();
  }

  @BeforeEach
  void fabricRepositoryWithASiteSku() throws Exception {
    repo = tmp.resolve("fabric");
    Path pod = ValidateCommandTest.copyExample(repo.resolve("inventories/roce-pod-a"));
    for (String file : List.of("switches/leaves.yaml", "switches/spines.yaml")) {
      Path f = pod.resolve(file);
      if (Files.exists(f)) {
        Files.writeString(
            f, Files.readString(f).replace("hwsku: Mellanox-SN5600-O128", "hwsku: " + SKU));
      }
    }
    // SONiC's device folder of the SKU, as a user's sonic-buildimage checkout has it
    Path platform = tmp.resolve("sonic/device/mellanox/x86_64-nvidia_sn5600-r0");
    FileTrees.copy(VENDORED.resolve("Mellanox-SN5600-O128"), platform.resolve(SKU));
    Files.copy(VENDORED.resolve("platform.json"), platform.resolve("platform.json"));
    Files.copy(VENDORED.resolve("platform_asic"), platform.resolve("platform_asic"));
    try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
      CliRun imported =
          run(
              "hwsku",
              "import",
              platform.resolve(SKU).toString(),
              "--asic",
              "spectrum-4",
              "--out",
              repo.resolve("platform/hwsku/" + SKU + ".properties").toString());
      assertEquals(0, imported.exitCode(), imported.err());
      git.add().addFilepattern(".").call();
      git.commit()
          .setMessage("site SKU")
          .setSign(false)
          .setAuthor("t", "t@example.invalid")
          .setCommitter("t", "t@example.invalid")
          .call();
    }
  }

  @Test
  void theImportWritesTheProfileAndSonicsPgTableBesideIt() throws Exception {
    Path profile = repo.resolve("platform/hwsku/" + SKU + ".properties");
    String text = Files.readString(profile);
    assertTrue(text.contains("asic=spectrum-4\n"), text);
    assertTrue(text.contains("# source: --asic given to weft hwsku import"), text);
    assertTrue(text.contains("port.Ethernet0=0,1,2,3 etp1a 1 400000\n"), text);
    assertTrue(text.contains("pool.ingress_lossless_pool=ingress dynamic 52161690\n"), text);
    assertEquals(
        Files.readString(VENDORED.resolve("Mellanox-SN5600-O128/pg_profile_lookup.ini")),
        Files.readString(repo.resolve("platform/hwsku/" + SKU + ".pg_profile_lookup.ini")));
  }

  @Test
  void aUserProfileNamedInTheProjectFileIsUsedWithoutRebuilding() throws Exception {
    CliRun without = run("validate", inventory(), "--format", "json");
    assertEquals(1, without.exitCode(), without.out());
    assertTrue(without.out().contains("no platform profile for hwsku " + SKU), without.out());

    Files.writeString(repo.resolve(".weft.yaml"), "hwsku-profiles: platform/hwsku\n");
    CliRun with = run("validate", inventory(), "--format", "json");
    assertEquals(0, with.exitCode(), with.out() + with.err());

    Path out = tmp.resolve("out");
    CliRun render = run("render", inventory(), "--out", out.toString());
    assertEquals(0, render.exitCode(), render.out() + render.err());
    @SuppressWarnings("unchecked")
    Map<String, Object> db =
        (Map<String, Object>) Json.parse(Files.readString(out.resolve("leaf-01/config_db.json")));
    String metadata = String.valueOf(db.get("DEVICE_METADATA"));
    assertTrue(metadata.contains("hwsku=" + SKU), metadata);
    assertTrue(String.valueOf(db.get("PORT")).contains("lanes=0,1,2,3"), db.get("PORT").toString());
  }

  @Test
  void aBrokenUserProfileIsAFindingAtItsLineAndColumn() throws Exception {
    Files.writeString(repo.resolve(".weft.yaml"), "hwsku-profiles: platform/hwsku\n");
    Path profile = repo.resolve("platform/hwsku/" + SKU + ".properties");
    List<String> lines = Files.readAllLines(profile);
    int line = lines.indexOf("port.Ethernet0=0,1,2,3 etp1a 1 400000");
    assertTrue(line > 0, lines.toString());
    lines.set(line, "port.Ethernet0=0,1,2,3 etp1a 1 fast");
    Files.write(profile, lines);

    CliRun run = run("validate", inventory(), "--format", "json");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    Map<String, Object> f = finding(run.out(), "platform/hwsku/" + SKU + ".properties");
    assertEquals("render-error", f.get("rule"));
    assertEquals(line + 1, ((Number) f.get("line")).intValue(), f.toString());
    assertEquals(16, ((Number) f.get("column")).intValue(), f.toString());
    assertEquals("0,1,2,3 etp1a 1 fast", f.get("actual"), f.toString());
  }

  @Test
  void aUserProfileWithABuiltInNameIsRefusedNamingBoth() throws Exception {
    Files.writeString(repo.resolve(".weft.yaml"), "hwsku-profiles: platform/hwsku\n");
    Files.copy(
        repo.resolve("platform/hwsku/" + SKU + ".properties"),
        repo.resolve("platform/hwsku/Mellanox-SN5600-O128.properties"));
    Path leaves = repo.resolve("inventories/roce-pod-a/switches/leaves.yaml");
    Files.writeString(
        leaves,
        Files.readString(leaves).replaceFirst("hwsku: " + SKU, "hwsku: Mellanox-SN5600-O128"));
    CliRun run = run("validate", inventory(), "--format", "json");
    assertEquals(1, run.exitCode(), run.out());
    Map<String, Object> f = finding(run.out(), "platform/hwsku/Mellanox-SN5600-O128.properties");
    String message = String.valueOf(f.get("message"));
    assertTrue(
        message.contains("built-in profile (classpath:dev/weft/platform/sonic/hwsku/")
            && message.contains("user profile (platform/hwsku/Mellanox-SN5600-O128.properties)"),
        message);
  }

  @Test
  void aFolderTheImportCannotReadIsOneLocatedLine() throws Exception {
    Path sku = tmp.resolve("sonic/device/mellanox/x86_64-nvidia_sn5600-r0/" + SKU);
    Files.delete(sku.resolve("hwsku.json"));
    Files.writeString(
        sku.resolve("port_config.ini"),
        "# name lanes alias index speed\nEthernet0 0,1,2,3 etp1a 1 400000\nEthernet4 4,5 etp1b x 1\n");
    CliRun run = run("hwsku", "import", sku.toString(), "--asic", "spectrum-4");
    assertEquals(1, run.exitCode(), run.err());
    assertTrue(
        run.err().startsWith(sku.resolve("port_config.ini") + ":3:1: error [hwsku-import]"),
        run.err());
    assertTrue(run.err().contains("found Ethernet4 4,5 etp1b x 1"), run.err());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> finding(String json, String file) throws Exception {
    List<Map<String, Object>> findings =
        (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings");
    return findings.stream()
        .filter(f -> file.equals(f.get("file")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no finding in " + file + ": " + json));
  }
}
