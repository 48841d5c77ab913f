package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.generate.FabricHardware;
import dev.weft.generate.RailPlanes;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.generate.SwitchModel;
import dev.weft.platform.sonic.SonicHwsku;
import dev.weft.platform.sonic.SonicHwskus;
import dev.weft.testing.LabTest;
import dev.weft.testing.SonicYangLint;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33's acceptance, as a user would meet it: a generated 1,024-GPU intent whose leaves and
 * spines name six different shipped SONiC SKUs in their {@code hwsku:} keys, each switch on ports
 * its SKU has at the SKU's speed, validates and renders with {@code weft render} (which validates
 * first and writes nothing on an error), and every rendered config_db.json loads in SONiC's own
 * YANG (yanglint with the vendored models) as a whole config.
 *
 * <p>The shape: 128 nodes in 8 scalable units of 16 (64 leaves of 16 host ports and 16 uplinks),
 * wired for 32-port spines, so rails 0-3 share one spine group and rails 4-7 another (32 spines).
 * Rails 0-3 and their spines run 400G on the SN5600-O128 and SN4700-O32; rails 4-7 and theirs run
 * 100G on the SN3800-C64, SN4600C-C64, SN5600-C224O8 and SN5600-C256S1. A link never joins two
 * speeds (the generator refuses hardware that would). One render, then one yanglint run over all 96
 * files: 21 s on the shared 2-core machine (4 min 45 s with the build).
 */
@LabTest(needs = {"/usr/bin/yanglint"})
class SixSkuFabricYangTest {

  private static final List<String> FAST = List.of("Mellanox-SN5600-O128", "Mellanox-SN4700-O32");
  private static final List<String> SLOW =
      List.of(
          "Mellanox-SN3800-C64",
          "Mellanox-SN4600C-C64",
          "Mellanox-SN5600-C224O8",
          "Mellanox-SN5600-C256S1");

  /** The SKU's ports at {@code speedMbps}, by their number (SONiC's first lane), as models. */
  static SwitchModel model(String sku, long speedMbps) throws Exception {
    SonicHwsku profile = new SonicHwskus().lookup(sku).orElseThrow();
    List<String> ports =
        profile.ports().values().stream()
            .filter(p -> p.speedMbps() == speedMbps)
            .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.name().replaceAll("\\D", ""))))
            .map(SonicHwsku.Port::name)
            .toList();
    return new SwitchModel(profile.asic(), sku, (speedMbps / 1000) + "G", ports);
  }

  static FabricHardware sixSkus() throws Exception {
    List<SwitchModel> fast = List.of(model(FAST.get(0), 400000), model(FAST.get(1), 400000));
    List<SwitchModel> slow =
        List.of(
            model(SLOW.get(0), 100000),
            model(SLOW.get(1), 100000),
            model(SLOW.get(2), 100000),
            model(SLOW.get(3), 100000));
    return new FabricHardware() {
      @Override
      public SwitchModel leaf(int rail) {
        return rail < 4 ? fast.get(rail % fast.size()) : slow.get((rail - 4) % slow.size());
      }

      @Override
      public SwitchModel spine(int group, int index) {
        return group == 0 ? fast.get(index % fast.size()) : slow.get(index % slow.size());
      }

      @Override
      public SwitchModel superSpine(int rail) {
        throw new AssertionError("two tiers: no super-spines");
      }
    };
  }

  @Test
  void aGenerated1024GpuFabricOnSixSkusValidatesRendersAndLoadsInSonicsYang(@TempDir Path tmp)
      throws Exception {
    RailPlanes planes = new RailPlanes(new RoceFabricShape(1024, 8, 16, 64), 32);
    assertEquals(2, planes.spineGroups(), "rails 0-3 and 4-7 each have their spine group");
    Map<String, String> generated =
        new RoceFabricGenerator().generate("gpu-1024-skus", planes, sixSkus());
    Path inventory = tmp.resolve("gpu-1024-skus");
    for (Map.Entry<String, String> f : generated.entrySet()) {
      Path target = inventory.resolve(f.getKey());
      Files.createDirectories(target.getParent());
      Files.writeString(target, f.getValue());
    }
    TreeSet<String> named = new TreeSet<>();
    Matcher hwsku = Pattern.compile("hwsku: (\\S+)").matcher(String.join("", generated.values()));
    while (hwsku.find()) {
      named.add(hwsku.group(1));
    }
    assertEquals(new TreeSet<>(concat(FAST, SLOW)), named, "the intent names six SKUs");

    Path out = tmp.resolve("out");
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    int code =
        Main.run(
            new String[] {"render", inventory.toString(), "--out", out.toString()},
            new PrintWriter(stdout),
            new PrintWriter(stderr));
    assertEquals(ExitCode.OK, code, stdout + "\n" + stderr);

    Map<String, String> configs = new TreeMap<>();
    TreeSet<String> rendered = new TreeSet<>();
    Pattern metadata = Pattern.compile("\"hwsku\": \"([^\"]+)\"");
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(p -> p.endsWith("config_db.json")).toList()) {
        String text = Files.readString(f);
        configs.put(out.relativize(f).toString(), text);
        Matcher m = metadata.matcher(text);
        assertTrue(m.find(), f + " names its hwsku");
        rendered.add(m.group(1));
      }
    }
    assertEquals(64 + 32, configs.size(), "every leaf and spine: " + configs.keySet());
    assertEquals(named, rendered, "each SKU renders as itself");
    assertEquals(Map.of(), SonicYangLint.check(configs));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
