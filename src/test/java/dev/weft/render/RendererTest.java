package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.testing.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input on one device gives one located finding for it; every other device still renders. */
class RendererTest {
  @TempDir Path dir;

  private static Finding only(List<Finding> findings, String device) {
    List<Finding> mine = findings.stream().filter(f -> device.equals(f.device())).toList();
    assertEquals(1, mine.size(), findings.toString());
    Finding f = mine.get(0);
    assertEquals(Renderer.RULE, f.rule());
    assertFalse(f.message().contains("\n"), f.message());
    return f;
  }

  private void assertRendered(MemorySink sink, String... deviceFiles) {
    for (String file : deviceFiles) {
      assertTrue(
          sink.files().containsKey(file), "missing " + file + " in " + sink.files().keySet());
    }
  }

  @Test
  void unknownPlatformIsOneFindingAndOthersRender() {
    MemorySink sink = new MemorySink();
    Location platformLine = new Location("inventories/x/switches.yaml", 12, 15);
    // a platform without templates (junos has a pack now)
    CompiledSwitch junos =
        Fixtures.withProvenance(
            Fixtures.leaf("leaf-02", "no-such-os"), Map.of("platform", platformLine));
    RenderResult result =
        new Renderer(TemplateFolders.builtIn())
            .render(
                Fixtures.fabric(Fixtures.leaf("leaf-01", "sonic"), junos, Fixtures.host("gpu-001")),
                RenderOptions.all(),
                sink);
    Finding f = only(result.findings(), "leaf-02");
    assertTrue(f.message().contains("unknown platform 'no-such-os'"), f.message());
    assertEquals(platformLine, f.location());
    assertRendered(sink, "leaf-01/config_db.json", "gpu-001/roce-qos.sh", "gpu-001/nccl.env");
    assertFalse(sink.files().keySet().stream().anyMatch(k -> k.startsWith("leaf-02/")));
  }

  /** A user template folder where the EOS template has the given text. */
  private TemplateFolders eosTemplate(String text) throws Exception {
    Files.createDirectories(dir.resolve("eos"));
    Files.writeString(dir.resolve("eos/weft-qos.eos.cfg.j2"), text);
    return TemplateFolders.withOverrides(dir);
  }

  private RenderResult renderMixed(TemplateFolders folders, MemorySink sink) {
    return new Renderer(folders)
        .render(
            Fixtures.fabric(Fixtures.leaf("leaf-01", "sonic"), Fixtures.leaf("leaf-02", "eos")),
            RenderOptions.all(),
            sink);
  }

  @Test
  void templateErrorsAreLocatedAtTemplateFileAndLine() throws Exception {
    record Case(String template, int line, String says) {}
    List<Case> cases =
        List.of(
            new Case("hostname {{ name }}\n{{ hostnmae }}\n", 2, "hostnmae"),
            new Case("a\nb\n{% for p in ports %}\n", 3, "endfor"),
            new Case("a\n{% include \"../../etc/passwd\" %}\n", 2, "leaves the templates folder"),
            new Case("a\n{{ name.getClass().forName('java.lang.Runtime') }}\n", 2, "not allowed"));
    for (Case c : cases) {
      MemorySink sink = new MemorySink();
      RenderResult result = renderMixed(eosTemplate(c.template()), sink);
      Finding f = only(result.findings(), "leaf-02");
      Location at = f.location();
      assertNotNull(at, f.toString());
      assertTrue(at.file().endsWith("eos/weft-qos.eos.cfg.j2"), at.file());
      assertEquals(c.line(), at.line(), c.template() + " -> " + f.message());
      assertTrue(f.message().contains(c.says()), f.message());
      assertRendered(sink, "leaf-01/config_db.json");
      assertEquals(1, sink.files().size());
    }
  }

  @Test
  void typoInABuiltInTemplateIsPinnedToItsLine() throws Exception {
    String builtIn = TemplateFolders.builtIn().read("sonic/config_db.json.j2").text();
    String broken = builtIn.replace("\"mtu\": \"{{ p.mtu }}\"", "\"mtu\": \"{{ p.mtuu }}\"");
    int line =
        java.util.Arrays.asList(broken.split("\n", -1)).indexOf("      \"mtu\": \"{{ p.mtuu }}\",")
            + 1;
    assertTrue(line > 10, "the test must find the line it broke");
    Files.createDirectories(dir.resolve("sonic"));
    Files.writeString(dir.resolve("sonic/config_db.json.j2"), broken);
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.withOverrides(dir))
            .renderDevice(Fixtures.leaf("leaf-01", "sonic"), "f");
    Finding f = only(out.findings(), "leaf-01");
    assertEquals(line, f.location().line(), f.toString());
    assertEquals(dir.resolve("sonic/config_db.json.j2").toString(), f.location().file());
  }

  @Test
  void missingHeadroomIsAFindingAtTheAsicLine() {
    CompiledSwitch full = Fixtures.leaf("leaf-02", "sonic");
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : full.ports()) {
      ports.add(p.toBuilder().headroom(List.of()).watchdogAction(null).vlan(null).build());
    }
    Location asicLine = new Location("inventories/x/switches.yaml", 7, 11);
    CompiledSwitch noProfile =
        new CompiledSwitch(
            full.name(),
            full.role(),
            full.platform(),
            "tomahawk-9",
            null,
            null,
            full.osVersion(),
            null,
            null,
            full.congestionControl(),
            full.dscpToPriority(),
            full.priorityToQueue(),
            full.priorityToPriorityGroup(),
            full.losslessPriorities(),
            full.cnpPriority(),
            full.cnpDscp(),
            full.queues(),
            full.ecnProfiles(),
            full.watchdog(),
            full.linkPause(),
            full.ecmpHashFields(),
            ports,
            Map.of("asic", asicLine));
    MemorySink sink = new MemorySink();
    RenderResult result =
        new Renderer(TemplateFolders.builtIn())
            .render(
                Fixtures.fabric(Fixtures.leaf("leaf-01", "sonic"), noProfile),
                RenderOptions.all(),
                sink);
    Finding f = only(result.findings(), "leaf-02");
    assertEquals(asicLine, f.location());
    assertTrue(f.message().contains("tomahawk-9"), f.message());
    assertRendered(sink, "leaf-01/config_db.json");
  }

  @Test
  void sonicSwitchWithoutAsicFailsAloneAtItsIntentLine() throws Exception {
    Path repo = dir.resolve("repo");
    Path inventory = repo.resolve("inventories/pod");
    Path source = Examples.projectRoot().resolve("inventories/roce-pod-c");
    FileTrees.copy(source, inventory);
    Path leaves = inventory.resolve("switches/leaves.yaml");
    Files.writeString(
        leaves, Files.readString(leaves).replaceFirst("platform: eos", "platform: sonic"));
    CompiledFabric fabric = Examples.compile(repo, Path.of("inventories/pod"));
    MemorySink sink = new MemorySink();
    RenderResult result =
        new Renderer(TemplateFolders.builtIn()).render(fabric, RenderOptions.all(), sink);
    Finding f = only(result.findings(), "leaf-c1");
    assertEquals("inventories/pod/switches/leaves.yaml", f.location().file());
    assertEquals(5, f.location().line(), f.toString());
    assertTrue(f.message().contains("names no asic"), f.message());
    assertEquals(
        13,
        sink.files().keySet().stream().map(k -> k.substring(0, k.indexOf('/'))).distinct().count());
  }

  @Test
  void writesDeviceFoldersAndCountsTheSummary() throws Exception {
    CompiledFabric fabric =
        Fixtures.fabric(
            Fixtures.leaf("leaf-01", "sonic"),
            Fixtures.leaf("leaf-02", "openconfig"),
            Fixtures.host("gpu-001"));
    Path out = dir.resolve("out");
    RenderResult result =
        new Renderer(TemplateFolders.builtIn())
            .render(fabric, RenderOptions.all(), new DirectorySink(out));
    assertTrue(result.findings().isEmpty(), result.findings().toString());
    List<String> written = result.files().stream().map(f -> f.device() + "/" + f.file()).toList();
    assertEquals(
        List.of(
            "leaf-01/config_db.json",
            "leaf-02/config.xml",
            "gpu-001/nccl.env",
            "gpu-001/roce-qos.sh"),
        written);
    long bytes = 0;
    for (RenderedFile f : result.files()) {
      Path file = out.resolve(f.device()).resolve(f.file());
      assertEquals(Files.size(file), f.bytes());
      bytes += f.bytes();
    }
    assertEquals(new RenderSummary(3, 4, bytes), result.summary());
    assertEquals("rendered 3 devices, 4 files, " + bytes + " bytes", result.summary().toString());
  }

  @Test
  void deviceFilterRendersOnlyThoseAndReportsUnknownNames() {
    MemorySink sink = new MemorySink();
    RenderResult result =
        new Renderer(TemplateFolders.builtIn())
            .render(
                Fixtures.fabric(
                    Fixtures.leaf("leaf-01", "sonic"), Fixtures.leaf("leaf-02", "sonic")),
                RenderOptions.all().only(Set.of("leaf-02", "leaf-99")),
                sink);
    assertEquals(Set.of("leaf-02/config_db.json"), sink.files().keySet());
    Finding f = only(result.findings(), "leaf-99");
    assertTrue(f.message().contains("leaf-99"), f.message());
  }

  @Test
  void sameInputGivesSameBytesWhateverTheThreadCount() {
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    MemorySink parallel = new MemorySink();
    MemorySink serial = new MemorySink();
    RenderResult first = renderer.render(fabric, new RenderOptions(Set.of(), 4), parallel);
    RenderResult second =
        new Renderer(TemplateFolders.builtIn())
            .render(fabric, new RenderOptions(Set.of(), 1), serial);
    assertEquals(first, second);
    assertEquals(parallel.files().keySet(), serial.files().keySet());
    parallel.files().forEach((k, v) -> assertArrayEquals(v, serial.files().get(k), k));
    assertFalse(parallel.files().isEmpty());
  }

  @Test
  void jsonOutputIsCanonicalWhateverTheTemplateOrder() throws Exception {
    Files.createDirectories(dir.resolve("sonic"));
    Files.writeString(
        dir.resolve("sonic/config_db.json.j2"),
        "{\"b\": {\"z\": \"1\", \"a\": \"{{ name }}\"}, \"a\": []}");
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.withOverrides(dir))
            .renderDevice(Fixtures.leaf("leaf-01", "sonic"), "f");
    assertEquals(
        "{\n    \"a\": [],\n    \"b\": {\n        \"a\": \"leaf-01\",\n        \"z\": \"1\"\n    }\n}\n",
        out.text("config_db.json"));
  }

  @Test
  void invalidJsonFromATemplateIsAFinding() throws Exception {
    Files.createDirectories(dir.resolve("sonic"));
    Files.writeString(dir.resolve("sonic/config_db.json.j2"), "{\"a\": \"{{ name }}\",}");
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.withOverrides(dir))
            .renderDevice(Fixtures.leaf("leaf-01", "sonic"), "f");
    assertTrue(out.files().isEmpty());
    Finding f = only(out.findings(), "leaf-01");
    assertTrue(f.message().contains("invalid JSON"), f.message());
  }
}
