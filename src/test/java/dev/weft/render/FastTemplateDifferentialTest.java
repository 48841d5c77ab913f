package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.OpenSmContext;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.intent.IntentResult;
import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast path renders every built-in template, for every device of every example inventory and of
 * a generated 1,024-GPU one, byte for byte as Jinjava alone does (switches through every switch
 * platform, not only their own, so each template meets every kind of switch).
 */
class FastTemplateDifferentialTest {
  static final List<String> SWITCH_PLATFORMS =
      List.of("sonic", "eos", "openconfig", "cumulus", "nxos");

  /**
   * Built-in templates that render with Jinjava alone (correct, only slower): the vendor NETCONF
   * templates use {@code in}/{@code not in}, {@code %} and {@code |format}, which the fast path
   * does not compile yet.
   */
  static final Set<String> JINJAVA_ONLY = Set.of("junos/config.xml.j2", "srlinux/config.xml.j2");

  final TemplateFolders folders = TemplateFolders.builtIn();
  final TemplateEngine fast = new TemplateEngine(folders);
  final dev.weft.platform.Platforms packs = dev.weft.platform.Platforms.builtIn();
  final TemplateEngine jinjava =
      new TemplateEngine(folders, TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES, false);

  @Test
  void everyBuiltInTemplateIsCompiledByTheFastPath() throws IOException {
    List<String> templates = builtInTemplates();
    assertTrue(templates.size() >= 10, templates.toString());
    for (String name : templates) {
      if (JINJAVA_ONLY.contains(name)) {
        // listed so that the day the fast path compiles them, this test says to drop them from the
        // list
        assertTrue(
            !fast.compiledFast(name), name + " now compiles fast: remove it from JINJAVA_ONLY");
        continue;
      }
      assertTrue(
          fast.compiledFast(name),
          name + " falls back to Jinjava: the fast path does not compile it");
      assertTrue(!jinjava.compiledFast(name), name);
    }
  }

  @Test
  void exampleInventoriesRenderIdentically() {
    int compared = 0;
    for (String inventory : Examples.ALL) {
      compared += compareAll(Examples.compile(inventory));
    }
    assertTrue(compared > 50, "compared " + compared);
  }

  @Test
  void generated1024GpuInventoryRendersIdentically(@TempDir Path tmp) throws IOException {
    Map<String, String> files =
        new RoceFabricGenerator().generate("gpu-1024", RoceFabricShape.forGpus(1024));
    Path root = tmp.resolve("gpu-1024");
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path target = root.resolve(f.getKey());
      Files.createDirectories(target.getParent());
      Files.writeString(target, f.getValue());
    }
    int compared = compareAll(Examples.compile(tmp, Path.of("gpu-1024")));
    assertTrue(compared > 500, "compared " + compared);
  }

  @Test
  void openSmTemplatesRenderIdentically() throws Exception {
    Path root = Examples.projectRoot();
    IntentResult read =
        TestPlatforms.intentReader()
            .read(new WorkingTreeSource(root, root.resolve("inventories/ib-pod-b")));
    int compared = compareOpenSm(read.model());
    compared += compareOpenSm(dev.weft.ib.IbFixtures.pod().model());
    assertTrue(compared >= 8, "compared " + compared);
  }

  private int compareOpenSm(FabricModel model) throws TemplateAccessException {
    int compared = 0;
    PlatformManifest manifest = PlatformManifest.load(folders, "opensm");
    for (SubnetManager sm : model.subnet().subnetManagers()) {
      Map<String, Object> data = OpenSmContext.forManager(model, sm);
      for (String template : manifest.files().values()) {
        assertSame(template, sm.host(), data);
        compared++;
      }
    }
    return compared;
  }

  private int compareAll(CompiledFabric fabric) {
    int compared = 0;
    for (CompiledDevice device : fabric.devices()) {
      List<String> platforms =
          device instanceof CompiledSwitch
              ? SWITCH_PLATFORMS
              : device instanceof CompiledHost ? List.of(DeviceContext.HOST_PLATFORM) : List.of();
      for (String platform : platforms) {
        // what the renderer gives a template of this platform: its pack's facts
        Map<String, Object> data =
            DeviceContext.of(device, fabric.fabric(), packs.pack(platform).orElse(null));
        PlatformManifest manifest;
        try {
          manifest = PlatformManifest.load(folders, platform);
        } catch (TemplateAccessException e) {
          throw new AssertionError(e);
        }
        for (String template : manifest.files().values()) {
          assertSame(template, device.name(), data);
          compared++;
        }
      }
    }
    return compared;
  }

  private void assertSame(String template, String device, Map<String, Object> data) {
    TemplateEngine.Outcome viaJinjava = jinjava.render(template, data);
    TemplateEngine.Outcome viaFast = fast.render(template, data);
    assertEquals(viaJinjava.problems(), viaFast.problems(), template + " for " + device);
    assertEquals(viaJinjava.text(), viaFast.text(), template + " for " + device);
    assertEquals(viaJinjava.included(), viaFast.included(), template + " for " + device);
    // clean inventories: the fast path itself rendered it (it did not bail to Jinjava)
    assertTrue(viaJinjava.ok(), template + " for " + device + ": " + viaJinjava.problems());
    assertEquals(
        viaJinjava.text(),
        fast.fastOnly(template, data),
        template + " for " + device + " (fast path alone)");
  }

  static List<String> builtInTemplates() throws IOException {
    Path templates = Examples.projectRoot().resolve("templates");
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(templates)) {
      files
          .filter(p -> p.toString().endsWith(".j2"))
          .forEach(p -> out.add(templates.relativize(p).toString().replace('\\', '/')));
    }
    return List.copyOf(new TreeSet<>(out));
  }
}
