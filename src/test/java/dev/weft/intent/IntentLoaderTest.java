package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceFile;
import dev.weft.source.WorkingTreeSource;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ScalarNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntentLoaderTest {

  private static final String INV = "inventories/pod";
  private static final String BASE = "version: 1\nfabric: {name: pod, transport: roce-v2}\n";

  private final IntentLoader loader = new IntentLoader(LoadLimits.defaults());

  /** An in-memory inventory: name/content pairs, read in the order given (already sorted). */
  private static InventorySource inventory(String... nameAndText) {
    List<SourceFile> files = new ArrayList<>();
    for (int i = 0; i < nameAndText.length; i += 2) {
      files.add(
          new SourceFile(
              INV + "/" + nameAndText[i],
              nameAndText[i + 1].getBytes(StandardCharsets.UTF_8),
              "id" + i));
    }
    return new InventorySource() {
      @Override
      public String inventoryPath() {
        return INV;
      }

      @Override
      public String describe() {
        return "test";
      }

      @Override
      public List<SourceFile> read() {
        return files;
      }
    };
  }

  private LoadedIntent load(String... nameAndText) throws Exception {
    return loader.load(inventory(nameAndText));
  }

  private static Finding only(LoadedIntent loaded) {
    assertEquals(1, loaded.findings().size(), () -> "exactly one finding: " + loaded.findings());
    return loaded.findings().get(0);
  }

  private static List<String> names(LoadedIntent loaded, String key) {
    ListNode list = (ListNode) loaded.merged().get(key).orElseThrow();
    return list.items().stream()
        .map(n -> (String) ((ScalarNode) ((MapNode) n).get("name").orElseThrow()).value())
        .toList();
  }

  @Test
  void filesMergeInPathOrderKeepingEveryLocation() throws Exception {
    LoadedIntent l =
        load(
            "a-fabric.yaml", BASE + "profiles:\n  host: {speed: 400G}\n",
            "b-switches.yaml",
                "version: 1\nswitches:\n  - name: leaf-01\n  - name: leaf-02\nlinks:\n  - {a: x:1, b: y:1}\n",
            "c/more.yaml",
                "switches:\n  - name: spine-01\nprofiles:\n  fabric: {speed: 800G}\nlinks:\n  - {a: x:2, b: y:2}\n"
                    + "hosts:\n  - name: gpu-001\nwaivers: []\n");
    assertEquals(List.of(), l.findings());
    assertEquals(INV, l.inventory());
    assertEquals(3, l.files().size());
    MapNode m = l.merged();
    assertEquals(
        List.of("version", "fabric", "profiles", "switches", "links", "hosts", "waivers"),
        List.copyOf(m.entries().keySet()),
        "keys in order of first appearance");
    assertEquals(List.of("leaf-01", "leaf-02", "spine-01"), names(l, "switches"));
    ListNode links = (ListNode) m.get("links").orElseThrow();
    assertEquals(new Location(INV + "/b-switches.yaml", 6, 5), links.items().get(0).location());
    assertEquals(new Location(INV + "/c/more.yaml", 6, 5), links.items().get(1).location());
    MapNode profiles = (MapNode) m.get("profiles").orElseThrow();
    assertEquals(List.of("host", "fabric"), List.copyOf(profiles.entries().keySet()));
    assertEquals(
        new Location(INV + "/c/more.yaml", 4, 3), profiles.entries().get("fabric").keyLocation());
    assertEquals(
        new Location(INV + "/c/more.yaml", 2, 11),
        ((MapNode) ((ListNode) m.get("switches").orElseThrow()).items().get(2))
            .get("name")
            .orElseThrow()
            .location());
    assertSame(
        l.files().get(0).root().get("fabric").orElseThrow(),
        m.get("fabric").orElseThrow(),
        "the fabric node is the file's own node");
  }

  @Test
  void fabricInTwoFilesNamesBothPlaces() throws Exception {
    Finding f = only(load("a.yaml", BASE, "b.yaml", "fabric: {name: other}\n"));
    assertEquals("schema", f.rule());
    assertEquals(Severity.ERROR, f.severity());
    assertEquals(new Location(INV + "/b.yaml", 1, 1), f.location());
    assertTrue(f.message().contains(INV + "/a.yaml:2:1"), f.message());
  }

  @Test
  void subnetInTwoFilesNamesBothPlaces() throws Exception {
    Finding f =
        only(load("a.yaml", BASE + "subnet: {lmc: 0}\n", "b.yaml", "\n\nsubnet: {lmc: 1}\n"));
    assertEquals(new Location(INV + "/b.yaml", 3, 1), f.location());
    assertTrue(
        f.message().contains("'subnet'") && f.message().contains(INV + "/a.yaml:3:1"), f.message());
  }

  @Test
  void disagreeingVersionsNameBothPlaces() throws Exception {
    Finding f = only(load("a.yaml", BASE, "b.yaml", "version: 2\n"));
    assertEquals(new Location(INV + "/b.yaml", 1, 10), f.location());
    assertTrue(f.message().contains(INV + "/a.yaml:1:10"), f.message());
    assertEquals("1", f.expected());
    assertEquals("2", f.actual());
  }

  @Test
  void agreeingVersionsAreFine() throws Exception {
    assertEquals(List.of(), load("a.yaml", BASE, "b.yaml", "version: 1\n").findings());
  }

  @Test
  void duplicateProfileNamesBothFileLines() throws Exception {
    Finding f =
        only(
            load(
                "a.yaml",
                BASE + "profiles:\n  host: {speed: 400G}\n",
                "b.yaml",
                "profiles:\n  other: {speed: 100G}\n  host: {speed: 800G}\n"));
    assertEquals(new Location(INV + "/b.yaml", 3, 3), f.location());
    assertTrue(
        f.message().contains("'host'") && f.message().contains(INV + "/a.yaml:4:3"), f.message());
    MapNode profiles =
        (MapNode)
            load(
                    "a.yaml",
                    BASE + "profiles:\n  host: {speed: 400G}\n",
                    "b.yaml",
                    "profiles:\n  host: {speed: 800G}\n")
                .merged()
                .get("profiles")
                .orElseThrow();
    assertEquals(
        4, profiles.entries().get("host").keyLocation().line(), "the first definition is kept");
  }

  @Test
  void duplicateSwitchNameAcrossFilesNamesBothPlaces() throws Exception {
    LoadedIntent l =
        load(
            "a.yaml",
            BASE + "switches:\n  - name: leaf-01\n",
            "b.yaml",
            "switches:\n  - {name: leaf-02}\n  - {name: leaf-01, role: spine}\n");
    Finding f = only(l);
    assertEquals(new Location(INV + "/b.yaml", 3, 12), f.location());
    assertTrue(
        f.message().contains("switch 'leaf-01'") && f.message().contains(INV + "/a.yaml:4:11"),
        f.message());
    assertEquals("leaf-01", f.device());
    assertEquals(List.of("leaf-01", "leaf-02"), names(l, "switches"));
  }

  @Test
  void duplicateHostNameInOneFileIsAlsoCaught() throws Exception {
    Finding f = only(load("a.yaml", BASE + "hosts:\n  - name: gpu-001\n  - name: gpu-001\n"));
    assertTrue(
        f.message()
            .startsWith("host 'gpu-001' is defined twice: here and at " + INV + "/a.yaml:4:11"),
        f.message());
    assertEquals(5, f.location().line());
  }

  @Test
  void sameNameAsSwitchAndHostIsNotAMergeConflict() throws Exception {
    assertEquals(
        List.of(), load("a.yaml", BASE + "switches: [{name: x}]\nhosts: [{name: x}]\n").findings());
  }

  @Test
  void unknownTopLevelKeysAndWrongKindsAreLeftToTheSchemaCheck() throws Exception {
    LoadedIntent l = load("a.yaml", BASE + "swtiches: []\nlinks: {a: b}\n");
    assertEquals(List.of(), l.findings());
    assertTrue(!l.merged().has("swtiches") && !l.merged().has("links"));
    assertTrue(
        l.files().get(0).root().has("swtiches"),
        "the file itself still has it for the schema check");
  }

  @Test
  void missingVersionAndFabricAreReported() throws Exception {
    LoadedIntent l = load("a.yaml", "switches: []\n");
    assertEquals(2, l.findings().size(), l.findings().toString());
    assertTrue(l.findings().get(0).message().contains("version: 1"), l.findings().toString());
    assertTrue(l.findings().get(1).message().contains("'fabric'"), l.findings().toString());
    assertEquals(Location.ofFile(INV + "/a.yaml"), l.findings().get(0).location());
  }

  @Test
  void emptyInventoryIsReported() throws Exception {
    LoadedIntent l = load();
    assertTrue(only(l).message().contains("no .yaml or .yml files"));
    assertNotNull(l.merged());
  }

  @Test
  void brokenFileIsReportedAndLeftOutWhileOthersMerge() throws Exception {
    LoadedIntent l =
        load("a.yaml", BASE, "b.yaml", "switches: [\n", "c.yaml", "hosts: [{name: h}]\n");
    Finding f = only(l);
    assertEquals("yaml-syntax", f.rule());
    assertEquals(INV + "/b.yaml", f.location().file());
    assertEquals(
        List.of(INV + "/a.yaml", INV + "/c.yaml"),
        l.files().stream().map(p -> p.source().path()).toList());
    assertEquals(List.of("h"), names(l, "hosts"));
  }

  @Test
  void emptyFileIsAnEmptyMap() throws Exception {
    LoadedIntent l = load("a.yaml", BASE, "empty.yaml", "");
    assertEquals(List.of(), l.findings());
    assertTrue(l.files().get(1).root().entries().isEmpty());
  }

  @Test
  void loadingIsDeterministic() throws Exception {
    String[] files = new String[200];
    files[0] = "000.yaml";
    files[1] = BASE;
    for (int i = 1; i < 100; i++) {
      files[2 * i] = String.format("%03d.yaml", i);
      files[2 * i + 1] = "switches:\n  - name: s" + i + "\n  - name: s" + (i / 2) + "\n";
    }
    LoadedIntent a = load(files);
    LoadedIntent b = load(files);
    assertEquals(a.merged(), b.merged());
    assertEquals(a.findings(), b.findings());
    assertTrue(a.findings().size() > 40, "duplicates found: " + a.findings().size());
  }

  @Test
  void anUnchangedFileIsParsedOnceAcrossLoads() throws Exception {
    InventorySource base = inventory("a.yaml", BASE, "b.yaml", "switches: [{name: s1}]\n");
    InventorySource head = inventory("a.yaml", BASE, "b.yaml", "switches: [{name: s2}]\n");
    LoadedIntent first = loader.load(base);
    LoadedIntent second = loader.load(head);
    assertSame(
        first.files().get(0).root(), second.files().get(0).root(), "same path and blob id: reused");
    assertEquals(List.of("s2"), names(second, "switches"), "a changed file is parsed again");
  }

  @Test
  void aReusedBlobIdWithOtherContentIsNotTrusted() throws Exception {
    // the in-memory test source gives ids by position, so b.yaml has the same id in both loads
    loader.load(inventory("a.yaml", BASE, "b.yaml", "switches: [{name: s1}]\n"));
    LoadedIntent second =
        loader.load(inventory("a.yaml", BASE, "b.yaml", "switches: [{name: s3}]\n"));
    assertEquals(List.of("s3"), names(second, "switches"));
  }

  @Test
  void readsAWorkingTreeInventory(@TempDir Path root) throws Exception {
    Files.createDirectories(root.resolve(INV + "/switches"));
    Files.writeString(root.resolve(INV + "/fabric.yaml"), BASE);
    Files.writeString(root.resolve(INV + "/switches/leaf.yaml"), "switches:\n  - name: leaf-01\n");
    LoadedIntent l = loader.load(new WorkingTreeSource(root, root.resolve(INV)));
    assertEquals(List.of(), l.findings());
    assertEquals(List.of("leaf-01"), names(l, "switches"));
    assertEquals(
        INV + "/switches/leaf.yaml",
        ((ListNode) l.merged().get("switches").orElseThrow()).items().get(0).location().file());
  }
}
