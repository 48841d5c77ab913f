package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.platform.RenderGaps;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DWRR class without a weight ({@code scheduler: { type: dwrr }}, the platform's default share)
 * on every RoCE switch platform: the example inventories with their lossless class's weight taken
 * out. Each platform writes the queue with no weight at all (no number is invented) and the file
 * reads back as planned, SONiC's and SR Linux's reader giving the model's default 1 that {@code
 * expected} holds for it; Cumulus, whose NVUE gives a DWRR class without {@code bw-percent} no
 * share, refuses the render at the class's scheduler line.
 */
class UnweightedDwrrTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final String WEIGHTED = "scheduler: { type: dwrr, weight: 50 }";

  @TempDir Path tmp;

  @Test
  void everyPlatformWritesNoWeightOrRefusesTheRender() throws Exception {
    Set<String> platforms = new TreeSet<>();
    for (String name : List.of("roce-pod-a", "roce-pod-c", "roce-pod-d", "roce-pod-e")) {
      int line = copyWithoutTheFirstWeight(name);
      CompiledFabric fabric = Examples.compile(tmp, Path.of(name));
      for (CompiledSwitch sw : fabric.switches()) {
        List<CompiledQueue> unset =
            sw.queues().stream()
                .filter(q -> CompiledQueue.DWRR.equals(q.scheduler()) && q.weight() == null)
                .toList();
        assertEquals(1, unset.size(), sw.name() + ": " + sw.queues());
        CompiledQueue q = unset.get(0);
        Renderer.DeviceOutput out = RENDERER.renderDevice(sw, fabric.fabric());
        platforms.add(sw.platform());
        if (sw.platform().equals("cumulus")) {
          assertEquals(1, out.findings().size(), out.findings().toString());
          Finding f = out.findings().get(0);
          assertEquals(RenderGaps.RENDER_ERROR, f.rule());
          assertEquals(Severity.ERROR, f.severity());
          assertTrue(f.message().contains("platform cumulus needs a DWRR weight"), f.message());
          assertEquals(line, f.location().line(), f.toString());
          assertTrue(f.location().file().endsWith("fabric.yaml"), f.toString());
          assertTrue(out.files().isEmpty(), out.files().keySet().toString());
          continue;
        }
        assertEquals(List.of(), out.findings(), sw.name());
        writesNoWeight(sw.platform(), out, q);
        assertEquals(List.of(), CHECK.check(sw, out.files()), sw.name() + " reads back as planned");
      }
    }
    assertEquals(
        Set.of("cumulus", "eos", "junos", "nxos", "openconfig", "sonic", "srlinux"), platforms);
  }

  /** The queue's scheduler as the platform writes it: the queue is there, its weight is not. */
  @SuppressWarnings("unchecked")
  private static void writesNoWeight(String platform, Renderer.DeviceOutput out, CompiledQueue q)
      throws Exception {
    String cls = q.trafficClass();
    switch (platform) {
      case "sonic" -> {
        Map<String, Object> db = (Map<String, Object>) Json.parse(out.text("config_db.json"));
        Map<String, Object> schedulers = (Map<String, Object>) db.get("SCHEDULER");
        assertEquals(Map.of("type", "DWRR"), schedulers.get(cls), schedulers.toString());
      }
      case "junos" -> {
        String s =
            block(
                out.text("config.xml"),
                "<schedulers>\\s*<name>" + cls + "</name>",
                "</schedulers>");
        assertFalse(s.contains("transmit-rate"), s);
        assertFalse(s.contains("strict-high"), s);
      }
      case "srlinux", "openconfig" -> {
        String s = block(out.text("config.xml"), "<id>" + cls + "</id>", "</input>");
        assertTrue(s.contains("<queue"), s);
        assertFalse(s.contains("<weight>"), s);
      }
      case "eos" -> {
        String s =
            block(out.text("config.xml"), "<queue>\\s*<name>" + q.queue() + "</name>", "</config>");
        assertTrue(s.contains("ROUND_ROBIN"), s);
        assertFalse(s.contains("bandwidth"), s);
        String cli =
            block(out.text("weft-qos.eos.cfg"), "\\n\\s+tx-queue " + q.queue() + "\\n", "tx-queue");
        assertTrue(cli.contains("no priority"), cli);
        assertFalse(cli.contains("bandwidth"), cli);
      }
      case "nxos" -> {
        String s =
            block(
                out.text("config.xml"),
                "<name>c-out-8q-q" + q.queue() + "</name>",
                "</MatchCMap-list>");
        assertFalse(s.contains("setRemBW"), s);
        assertFalse(s.contains("prio-items"), s);
      }
      default -> throw new AssertionError("no check for platform " + platform);
    }
  }

  /** The text from the first match of {@code start} to the next {@code end} after it. */
  private static String block(String text, String start, String end) {
    assertNotNull(text);
    Matcher m = Pattern.compile(start).matcher(text);
    assertTrue(m.find(), "no " + start + " in\n" + text);
    int stop = text.indexOf(end, m.end());
    return text.substring(m.end(), stop < 0 ? text.length() : stop);
  }

  /**
   * Copies example {@code name} into the temporary folder with its first {@value #WEIGHTED} (the
   * lossless class's) written as {@code scheduler: { type: dwrr }}; returns that line's number.
   */
  private int copyWithoutTheFirstWeight(String name) throws IOException {
    Path from = Examples.projectRoot().resolve("inventories").resolve(name);
    Path to = tmp.resolve(name);
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    Path fabric = to.resolve("fabric.yaml");
    List<String> lines = Files.readAllLines(fabric, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(WEIGHTED)) {
        lines.set(i, lines.get(i).replace(WEIGHTED, "scheduler: { type: dwrr }"));
        Files.write(fabric, lines, StandardCharsets.UTF_8);
        return i + 1;
      }
    }
    throw new AssertionError(name + "/fabric.yaml has no " + WEIGHTED);
  }
}
