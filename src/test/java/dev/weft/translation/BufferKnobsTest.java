package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.DriftRules;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.RenderGaps;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.rules.RuleInput;
import dev.weft.rules.compiled.EcnAfterPfc;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lossless buffer knobs of {@code fabric.pfc} (issue 30 item 6) end to end on the example
 * inventories: compiled (alpha exponent, shared headroom pool = summed xoff / ratio rounded up, PG
 * size = xon), rendered on SONiC and OpenConfig and read back by their readers as planned, a
 * changed value on the device is drift at the knob's intent line, and a platform without the
 * setting is a render-gap at that line.
 */
class BufferKnobsTest {

  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final String KNOBS =
      "    link-pause: false\n    dynamic-threshold: 2\n    headroom-over-subscription: 2\n";

  @TempDir Path tmp;

  /** {@code inventory} copied with both knobs added under {@code fabric.pfc}, compiled. */
  private CompiledFabric withKnobs(String inventory) throws IOException {
    Path from = Examples.projectRoot().resolve("inventories").resolve(inventory);
    Path to = tmp.resolve(inventory);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    Path fabric = to.resolve("fabric.yaml");
    String text = Files.readString(fabric, StandardCharsets.UTF_8);
    assertTrue(text.contains("    link-pause: false\n"), inventory);
    Files.writeString(
        fabric, text.replace("    link-pause: false\n", KNOBS), StandardCharsets.UTF_8);
    return Examples.compile(tmp, Path.of(inventory));
  }

  private static CompiledSwitch on(CompiledFabric fabric, String platform) {
    return fabric.switches().stream()
        .filter(s -> s.platform().equals(platform))
        .findFirst()
        .orElseThrow();
  }

  private static String file(CompiledSwitch sw, CompiledFabric fabric, String suffix) {
    Renderer.DeviceOutput out = RENDERER.renderDevice(sw, fabric.fabric());
    assertEquals(List.of(), out.findings());
    assertEquals(List.of(), CHECK.check(sw, out.files()), "translation validation");
    return out.files().entrySet().stream()
        .filter(e -> e.getKey().endsWith(suffix))
        .map(e -> new String(e.getValue(), StandardCharsets.UTF_8))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theKnobsCompileToAlphaAPooledXoffAndXonOnlyPriorityGroups() throws IOException {
    CompiledSwitch sw = on(withKnobs("roce-pod-a"), "sonic");
    long xoff = 0;
    int pgs = 0;
    for (CompiledPort p : sw.ports()) {
      for (PriorityGroupHeadroom h : p.headroom()) {
        assertEquals(h.xon(), h.size(), p.name() + ": a pooled PG reserves its xon only");
        xoff += h.xoff();
        pgs++;
      }
    }
    assertTrue(pgs > 1, "the example has lossless PGs");
    assertEquals(new LosslessBuffer(2, 2, (xoff + 1) / 2), sw.losslessBuffer());
    assertTrue(sw.owner("lossless_dynamic_th").file().endsWith("fabric.yaml"));
  }

  @Test
  void sonicRendersDynamicThAndThePoolXoffAndReadsThemBack() throws Exception {
    CompiledFabric fabric = withKnobs("roce-pod-a");
    CompiledSwitch sw = on(fabric, "sonic");
    String json = file(sw, fabric, "config_db.json");
    long pool = sw.losslessBuffer().sharedHeadroomPoolBytes();
    assertTrue(json.contains("\"dynamic_th\": \"2\""), json);
    assertTrue(json.contains("\"xoff\": \"" + pool + "\""), json);
    LiveProfile sonic = TestPlatforms.PLATFORMS.live("sonic").orElseThrow();
    CompiledSwitch read = sonic.read(json, sw.name(), "test");
    assertEquals(new LosslessBuffer(2, null, pool), read.losslessBuffer());

    // changed on the device: one drift finding per knob, at the knob's line
    String changed =
        json.replace("\"dynamic_th\": \"2\"", "\"dynamic_th\": \"-1\"")
            .replace("\"xoff\": \"" + pool + "\"", "\"xoff\": \"" + (pool + 4096) + "\"");
    List<Finding> drift = drift(sw, sonic, sonic.read(changed, sw.name(), "test"));
    assertEquals(2, drift.size(), drift.toString());
    assertTrue(drift.stream().allMatch(f -> f.rule().equals(DriftRules.BUFFERS)), drift.toString());
    assertEquals(sw.owner("lossless_dynamic_th"), drift.get(0).location(), drift.toString());
  }

  @Test
  void openConfigRendersTheBufferAllocationProfileAndThePoolAndReadsThemBack() throws Exception {
    CompiledFabric fabric = withKnobs("roce-pod-c");
    CompiledSwitch sw = on(fabric, "openconfig");
    String xml = file(sw, fabric, ".xml");
    long pool = sw.losslessBuffer().sharedHeadroomPoolBytes();
    assertTrue(xml.contains("<dynamic-limit-scaling-factor>2</dynamic-limit-scaling-factor>"), xml);
    assertTrue(
        xml.contains("<buffer-allocation-profile>lossless</buffer-allocation-profile>"), xml);
    assertTrue(xml.contains("<config><size>" + pool + "</size></config>"), xml);
    LiveProfile oc = TestPlatforms.PLATFORMS.live("openconfig").orElseThrow();
    assertEquals(
        new LosslessBuffer(2, null, pool), oc.read(xml, sw.name(), "test").losslessBuffer());

    String changed =
        xml.replace("<dynamic-limit-scaling-factor>2<", "<dynamic-limit-scaling-factor>-3<");
    List<Finding> drift = drift(sw, oc, oc.read(changed, sw.name(), "test"));
    assertEquals(1, drift.size(), drift.toString());
    assertEquals(oc.paths().bufferAlpha(), drift.get(0).path());
    assertEquals("alpha 2^-3", drift.get(0).actual());
  }

  @Test
  void platformsWithoutTheSettingReportARenderGapAtTheKnobsLines() throws IOException {
    CompiledFabric fabric = withKnobs("roce-pod-c");
    for (String platform : List.of("eos", "cumulus")) {
      CompiledSwitch sw = on(fabric, platform);
      PlatformPack pack = TestPlatforms.PLATFORMS.pack(platform).orElseThrow();
      List<Finding> gaps =
          RenderGaps.of(sw, pack).stream()
              .filter(f -> f.message().contains("the switches keep their own"))
              .toList();
      assertEquals(2, gaps.size(), platform + ": " + gaps);
      assertEquals(
          Set.of(sw.owner("lossless_dynamic_th"), sw.owner("headroom_over_subscription")),
          Set.of(gaps.get(0).location(), gaps.get(1).location()));
    }
    CompiledSwitch oc = on(fabric, "openconfig");
    assertTrue(
        RenderGaps.of(oc, TestPlatforms.PLATFORMS.pack("openconfig").orElseThrow()).stream()
            .noneMatch(f -> f.message().contains("the switches keep their own")));
  }

  @Test
  void withoutTheKnobsNothingIsCompiledOrRendered() {
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    CompiledSwitch sw = on(fabric, "openconfig");
    assertNull(sw.losslessBuffer());
    String xml = file(sw, fabric, ".xml");
    assertTrue(!xml.contains("buffer-allocation") && !xml.contains("shared-headroom-pool"), xml);
  }

  @Test
  void ecnAfterPfcReportsOneCauseOnceForEverySwitchThatRepeatsIt() {
    CompiledFabric fabric =
        Examples.compile(Examples.projectRoot(), Path.of("policies", "ecn-after-pfc", "fail"));
    assertEquals(2, fabric.switches().size());
    List<Finding> found =
        new EcnAfterPfc().check(new RuleInput(null, fabric, LocalDate.of(2026, 6, 1)));
    assertEquals(1, found.size(), found.toString());
    String message = found.get(0).message();
    assertTrue(message.startsWith("2 switches (leaf-01, leaf-02): ECN profile rdma"), message);
    assertTrue(message.contains("on 2 lossless ports"), message);
    assertTrue(message.contains("(alpha 2^-7 x 52161690 B pool"), message);
  }

  private static List<Finding> drift(CompiledSwitch sw, LiveProfile profile, CompiledSwitch live) {
    return Drift.compare(
        DriftAudit.comparable(sw, profile),
        live,
        Tolerance.EXACT,
        profile.paths(),
        profile.notAudited().keySet());
  }
}
