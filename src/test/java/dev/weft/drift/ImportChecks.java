package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.intent.IntentResult;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.render.Renderer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.NvueJson;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every lab test of {@code weft import} checks: the import's own round trip, and the second
 * render's features.
 */
public final class ImportChecks {

  private ImportChecks() {}

  /** The import's report: no feature differs, nothing unreadable, every device ok, exit 0. */
  public static void assertRoundTrips(Cli run, List<String> devices) throws Exception {
    List<Map<String, Object>> broken =
        run.all().stream()
            .filter(
                f ->
                    String.valueOf(f.get("rule")).startsWith("drift-")
                        || List.of("render-error", "import-unreadable", "device-unreachable")
                            .contains(f.get("rule")))
            .toList();
    assertEquals(List.of(), broken, run.out() + run.err());
    Map<String, String> ok = new TreeMap<>();
    devices.forEach(d -> ok.put(d, "ok"));
    assertEquals(ok, run.devices(), run.out());
    assertEquals(0, run.exit(), run.out() + run.err());
  }

  /**
   * The imported inventory's render, read back by each platform's reader, equals the original
   * render's.
   */
  public static void assertRendersTheSame(
      Renderer renderer, Path root, Path imported, Map<String, String> first, String file)
      throws Exception {
    CompiledFabric again = compile(root, imported);
    Platforms platforms = Platforms.builtIn();
    for (Map.Entry<String, String> e : first.entrySet()) {
      CompiledSwitch sw = device(again, e.getKey());
      Renderer.DeviceOutput out = renderer.renderDevice(sw, again.fabric());
      assertEquals(List.of(), out.findings());
      LiveProfile reader = platforms.live(sw.platform()).orElseThrow();
      String second =
          file.equals("startup.yaml") ? NvueJson.fromStartupYaml(out.text(file)) : out.text(file);
      assertEquals(
          reader.read(e.getValue(), e.getKey(), "first render"),
          reader.read(second, e.getKey(), "second render"),
          e.getKey() + ": the imported inventory renders other features");
    }
  }

  /**
   * {@code weft validate} of the imported inventory gives the original's findings (rule, severity,
   * device, port) on the imported devices and on no device: a freshly imported fabric is audited as
   * its intent was. {@code root} is the repository both are in, or null when they are in different
   * places.
   */
  public static void assertValidatesAsTheOriginal(
      Path root, Path original, Path imported, List<String> devices) throws Exception {
    assertEquals(
        audit(validate(root, original), devices),
        audit(validate(root, imported), devices),
        "the imported inventory validates with the original's findings");
  }

  /** {@code weft validate} in the repository {@code root}, or (null) each inventory where it is. */
  private static Cli validate(Path root, Path inventory) {
    return root == null
        ? Cli.run("validate", inventory.toString(), "--format", "json")
        : Cli.run("validate", inventory.toString(), "--repo", root.toString(), "--format", "json");
  }

  private static List<String> audit(Cli run, List<String> devices) throws Exception {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> f : run.all()) {
      Object device = f.get("device");
      if (device == null || devices.contains(device)) {
        out.add(f.get("rule") + " " + f.get("severity") + " " + device + " " + f.get("port"));
      }
    }
    out.sort(null);
    return out;
  }

  /**
   * An imported inventory's files (path → text) without the comment lines, which name where the
   * configs came from (a backup folder, or the devices read live).
   */
  public static Map<String, String> withoutHeaders(Path inventory) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(inventory)) {
      for (Path p : walk.filter(java.nio.file.Files::isRegularFile).sorted().toList()) {
        out.put(
            inventory.relativize(p).toString(),
            java.nio.file.Files.readAllLines(p).stream()
                .filter(l -> !l.strip().startsWith("#"))
                .collect(java.util.stream.Collectors.joining("\n")));
      }
    }
    return out;
  }

  public static CompiledFabric compile(Path root, Path inventory) throws Exception {
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    return Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
  }

  public static CompiledSwitch device(CompiledFabric fabric, String name) {
    return (CompiledSwitch) fabric.device(name).orElseThrow();
  }
}
