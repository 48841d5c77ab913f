package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.render.Examples;
import dev.weft.testing.TestPlatforms;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 5: a limit that holds for every switch of a platform (EOS sizes PFC headroom
 * itself) is one {@code render-gap} note per platform, severity info, naming the platform, its
 * switches and the intent line that asks for the setting; a gap that follows from one switch's own
 * values stays a warning on that switch. On roce-pod-c: two EOS leaves, two OpenConfig leaves, two
 * Cumulus spines.
 */
class PlatformLimitsOnceTest {

  private static List<Finding> gaps(List<CompiledSwitch> switches) {
    return RenderGaps.of(switches, TestPlatforms.PLATFORMS::pack).stream()
        .filter(f -> f.rule().equals(RenderGaps.RULE))
        .toList();
  }

  private static List<Finding> about(List<Finding> findings, String text) {
    return findings.stream().filter(f -> f.message().contains(text)).toList();
  }

  @Test
  void eosSizingHeadroomItselfIsOneInfoForThePlatformAtTheLosslessClassLine() {
    CompiledFabric pod = Examples.compile("roce-pod-c");
    List<Finding> headroom = about(gaps(pod.switches()), "EOS sizes PFC headroom");
    assertEquals(1, headroom.size(), headroom.toString());
    Finding note = headroom.get(0);
    assertEquals(Severity.INFO, note.severity());
    assertTrue(note.message().startsWith("platform eos cannot express buffers"), note.message());
    assertTrue(note.message().contains("2 switches ask for it (leaf-c1, leaf-c2)"), note.message());
    assertNull(note.device(), "a note of several switches is the platform's, not one device's");
    CompiledSwitch leaf = (CompiledSwitch) pod.device("leaf-c1").orElseThrow();
    assertEquals(leaf.provenance().get("lossless_priorities"), note.location());
    assertTrue(note.location().file().endsWith("roce-pod-c/fabric.yaml"), note.toString());
  }

  @Test
  void everyPlatformLimitIsStatedOnceAndNoneIsAWarning() {
    CompiledFabric pod = Examples.compile("roce-pod-c");
    List<Finding> all = gaps(pod.switches());
    assertTrue(!all.isEmpty(), "roce-pod-c has platform limits (EOS and Cumulus buffers)");
    List<String> seen = new ArrayList<>();
    for (Finding f : all) {
      assertEquals(Severity.INFO, f.severity(), "no gap of roce-pod-c follows from values: " + f);
      String platform = f.message().substring(0, f.message().indexOf(" cannot express"));
      String limit = f.message().substring(0, f.message().indexOf(") on any switch"));
      assertTrue(!seen.contains(limit), "stated twice: " + limit);
      seen.add(limit);
      assertTrue(platform.startsWith("platform "), f.message());
    }
  }

  @Test
  void keptNonEctPacketsAreOneNoteAtTheEcnLineThatKeepsThem() {
    CompiledFabric pod = Examples.compile("roce-pod-c");
    List<Finding> nonEct = about(gaps(pod.switches()), "drop non-ECT packets");
    assertEquals(1, nonEct.size(), nonEct.toString());
    assertEquals(Severity.INFO, nonEct.get(0).severity());
    CompiledSwitch leaf = (CompiledSwitch) pod.device("leaf-c1").orElseThrow();
    assertEquals(leaf.provenance().get("ecn_profiles.rdma"), nonEct.get(0).location());
  }

  @Test
  void aGapOfASwitchsOwnValuesStaysAWarningOnThatSwitch() {
    CompiledFabric pod = Examples.compile("roce-pod-c");
    List<CompiledSwitch> switches = new ArrayList<>();
    for (CompiledSwitch sw : pod.switches()) {
      CompiledWatchdog wd = sw.watchdog();
      // EOS holds the watchdog timers in hundredths of a second: 405 ms is this switch's value
      switches.add(
          sw.platform().equals("eos")
              ? sw.toBuilder()
                  .watchdog(
                      new CompiledWatchdog(true, wd.action(), 405, wd.restorationMs(), wd.pollMs()))
                  .build()
              : sw);
    }
    List<Finding> timers = about(gaps(switches), "hundredths of a second");
    assertEquals(2, timers.size(), timers.toString());
    for (Finding f : timers) {
      assertEquals(Severity.WARNING, f.severity());
      assertTrue(f.device().equals("leaf-c1") || f.device().equals("leaf-c2"), f.toString());
      assertTrue(f.message().startsWith(f.device() + ": platform eos cannot express"), f.message());
    }
    // the platform's own limit is still stated once
    assertEquals(1, about(gaps(switches), "EOS sizes PFC headroom").size());
  }

  @Test
  void aPlatformNoteNamesFiveSwitchesThenCountsTheRest() {
    CompiledFabric pod = Examples.compile("roce-pod-c");
    CompiledSwitch leaf = (CompiledSwitch) pod.device("leaf-c1").orElseThrow();
    List<CompiledSwitch> many = new ArrayList<>();
    for (int i = 1; i <= 7; i++) {
      many.add(leaf.toBuilder().name("eos-" + i).build());
    }
    List<Finding> headroom = about(gaps(many), "EOS sizes PFC headroom");
    assertEquals(1, headroom.size());
    assertTrue(
        headroom
            .get(0)
            .message()
            .contains("7 switches ask for it (eos-1, eos-2, eos-3, eos-4, eos-5 and 2 more)"),
        headroom.get(0).message());
  }
}
