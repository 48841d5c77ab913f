package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.testing.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft render --out DIR} renders only what changed since the last render into DIR: every
 * case the manifest must get right, each checked against a cold render into an empty folder.
 */
class IncrementalRenderTest {
  @TempDir Path tmp;

  private Path inventories;
  private Path out;

  @BeforeEach
  void copyExample() throws IOException {
    inventories = tmp.resolve("repo");
    copyTree(
        Examples.projectRoot().resolve("inventories/roce-pod-a"),
        inventories.resolve("roce-pod-a"));
    copyTree(
        Examples.projectRoot().resolve("inventories/roce-pod-c"),
        inventories.resolve("roce-pod-c"));
    out = tmp.resolve("out");
  }

  @Test
  void secondRunRendersNothingAndLeavesEveryFileAsItWas() throws IOException {
    RenderResult cold = render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Map<String, byte[]> before = tree(out);
    assertEquals(devices("roce-pod-a"), rendered(cold));
    assertEquals(List.of(), cold.unchanged());
    assertTrue(Files.isRegularFile(out.resolve(RenderCache.FILE)));

    RenderResult warm = render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    assertEquals(Set.of(), rendered(warm));
    assertEquals(devices("roce-pod-a"), new TreeSet<>(warm.unchanged()));
    assertTrees(before, tree(out));
    assertTrue(
        warm.summary().toString().endsWith("; " + warm.unchanged().size() + " devices unchanged"),
        warm.summary().toString());
  }

  @Test
  void aChangedPortRendersExactlyThatSwitch() throws IOException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Path leaves = inventories.resolve("roce-pod-a/switches/leaves.yaml");
    String yaml = Files.readString(leaves);
    String port = "      - { name: Ethernet256, profile: fabric-400g }\n";
    int first = yaml.indexOf(port);
    assertTrue(first > 0, "the example changed: no fabric port to edit");
    // A change no template reads (a port description is not in the template data) renders nothing.
    Files.writeString(
        leaves,
        yaml.substring(0, first)
            + "      - { name: Ethernet256, profile: fabric-400g, description: re-cabled }\n"
            + yaml.substring(first + port.length()));
    assertEquals(Set.of(), rendered(render("roce-pod-a", out, TemplateFolders.builtIn(), true)));
    Files.writeString(
        leaves,
        yaml.substring(0, first)
            + "      - { name: Ethernet256, profile: fabric-400g, mtu: 9100 }\n"
            + yaml.substring(first + port.length()));
    RenderResult warm = render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    assertEquals(Set.of("leaf-01"), rendered(warm));
    assertColdEquals("roce-pod-a", TemplateFolders.builtIn());
  }

  @Test
  void aTemplateEditRendersEveryDeviceOfThatPlatformOnly()
      throws IOException, TemplateAccessException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Path overrides = tmp.resolve("templates");
    Files.createDirectories(overrides.resolve("sonic"));
    String builtIn = TemplateFolders.builtIn().read("sonic/config_db.json.j2").text();
    Files.writeString(
        overrides.resolve("sonic/config_db.json.j2"), "{#- an edited comment -#}\n" + builtIn);
    TemplateFolders edited = TemplateFolders.withOverrides(overrides);
    RenderResult warm = render("roce-pod-a", out, edited, true);
    CompiledFabric fabric = compile("roce-pod-a");
    Set<String> sonic =
        fabric.switches().stream()
            .filter(s -> "sonic".equals(s.platform()))
            .map(CompiledDevice::name)
            .collect(Collectors.toCollection(TreeSet::new));
    assertFalse(sonic.isEmpty());
    assertEquals(sonic, rendered(warm));
    assertEquals(fabric.hosts().size(), warm.unchanged().size());
    assertColdEquals("roce-pod-a", edited);
  }

  @Test
  void aHandEditedOrDeletedFileIsRenderedAgain() throws IOException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Map<String, byte[]> cold = tree(out);
    Path edited = out.resolve("leaf-02/config_db.json");
    byte[] original = Files.readAllBytes(edited);
    byte[] sameSize = original.clone();
    sameSize[sameSize.length - 3] = (byte) (sameSize[sameSize.length - 3] == '}' ? ']' : '}');
    Files.write(edited, sameSize);
    Files.delete(out.resolve("gpu-001/nccl.env"));
    RenderResult warm = render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    assertEquals(Set.of("leaf-02", "gpu-001"), rendered(warm));
    assertArrayEquals(original, Files.readAllBytes(edited));
    assertTrees(cold, tree(out));
  }

  @Test
  void withoutTheManifestOrWithForceEverythingRenders() throws IOException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Map<String, byte[]> cold = tree(out);
    assertEquals(
        devices("roce-pod-a"),
        rendered(render("roce-pod-a", out, TemplateFolders.builtIn(), false)));
    assertTrees(cold, tree(out));
    Files.delete(out.resolve(RenderCache.FILE));
    assertEquals(
        devices("roce-pod-a"),
        rendered(render("roce-pod-a", out, TemplateFolders.builtIn(), true)));
    assertTrees(cold, tree(out));
    Files.writeString(out.resolve(RenderCache.FILE), "{ not json");
    assertEquals(
        devices("roce-pod-a"),
        rendered(render("roce-pod-a", out, TemplateFolders.builtIn(), true)));
    assertTrees(cold, tree(out));
  }

  @Test
  void devicesThatLeftTheInventoryHaveTheirFilesRemovedUnlessEditedByHand() throws IOException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    Path handEdited = out.resolve("spine-01/config_db.json");
    Files.writeString(handEdited, Files.readString(handEdited) + "\n");
    RenderResult next = render("roce-pod-c", out, TemplateFolders.builtIn(), true);
    Set<String> podA = devices("roce-pod-a");
    Set<String> podC = devices("roce-pod-c");
    Set<String> gone = new TreeSet<>(podA);
    gone.removeAll(podC);
    assertFalse(gone.isEmpty());
    assertEquals(List.copyOf(gone), next.removed());
    for (String device : gone) {
      if (!device.equals("spine-01")) {
        assertFalse(Files.exists(out.resolve(device)), device + " should be gone");
      }
    }
    assertTrue(Files.exists(handEdited), "a hand-edited file is never deleted");
    List<Finding> warnings =
        next.findings().stream().filter(f -> f.severity() == Severity.WARNING).toList();
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).message().startsWith("left spine-01/config_db.json: "),
        warnings.get(0).message());
    Map<String, byte[]> expected = coldTree("roce-pod-c", TemplateFolders.builtIn());
    Map<String, byte[]> actual = tree(out);
    actual.remove("spine-01/config_db.json");
    assertTrees(expected, actual);
  }

  @Test
  void theManifestIsDeterministic() throws IOException {
    render("roce-pod-a", out, TemplateFolders.builtIn(), true);
    byte[] first = Files.readAllBytes(out.resolve(RenderCache.FILE));
    Path again = tmp.resolve("again");
    render("roce-pod-a", again, TemplateFolders.builtIn(), true);
    assertArrayEquals(first, Files.readAllBytes(again.resolve(RenderCache.FILE)));
    render("roce-pod-a", again, TemplateFolders.builtIn(), true);
    assertArrayEquals(first, Files.readAllBytes(again.resolve(RenderCache.FILE)));
  }

  private RenderResult render(String inventory, Path dir, TemplateFolders folders, boolean reuse) {
    RenderResult result =
        new Renderer(folders)
            .render(
                compile(inventory),
                RenderOptions.all(),
                new DirectorySink(dir),
                RenderCache.load(dir, reuse));
    assertTrue(
        result.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR),
        result.findings().toString());
    return result;
  }

  private CompiledFabric compile(String inventory) {
    return Examples.compile(inventories, Path.of(inventory));
  }

  private Set<String> devices(String inventory) {
    return compile(inventory).devices().stream()
        .map(CompiledDevice::name)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> rendered(RenderResult result) {
    return result.files().stream()
        .map(RenderedFile::device)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The incremental output folder holds exactly what a cold render into an empty folder writes. */
  private void assertColdEquals(String inventory, TemplateFolders folders) throws IOException {
    assertTrees(coldTree(inventory, folders), tree(out));
  }

  private Map<String, byte[]> coldTree(String inventory, TemplateFolders folders)
      throws IOException {
    Path cold = Files.createTempDirectory(tmp, "cold");
    render(inventory, cold, folders, true);
    return tree(cold);
  }

  private static Map<String, byte[]> tree(Path root) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    }
    return files;
  }

  private static void assertTrees(Map<String, byte[]> expected, Map<String, byte[]> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((name, content) -> assertArrayEquals(content, actual.get(name), name));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    FileTrees.copy(from, to);
  }
}
