package dev.weft.platform.cumulus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.health.CounterReaders;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.Counters;
import dev.weft.platform.TextTables;
import dev.weft.render.Examples;
import dev.weft.testing.NvueCounterJson;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * NVUE's per-interface counter answers ({@code -o json}) as {@link Counters}, and every way they
 * can be unusable.
 */
class CumulusCountersTest {

  private static final String PFC = "counters qos pfc-stats";
  private static final String QUEUES = "counters qos egress-queue-stats";
  private static final String WATCHDOG = "qos pfc-watchdog status";

  private static CompiledSwitch spine() {
    return (CompiledSwitch) Examples.compile("roce-pod-c").device("spine-c1").orElseThrow();
  }

  private static String cmd(String port, String what) {
    return NvueCounterJson.command(port, what);
  }

  /**
   * Every answer of spine-c1's four interfaces, swp1 with the given counters on priority 3, the
   * others quiet.
   */
  private static Map<String, String> answers(NvueCounterJson.Port swp1) {
    Map<String, String> out = new TreeMap<>();
    for (String port : List.of("swp1", "swp2", "swp3", "swp4")) {
      NvueCounterJson.Port p =
          port.equals("swp1") ? swp1 : new NvueCounterJson.Port(port, 3, 0, 0, 0, 0, 0, 6, 0);
      out.put(cmd(port, PFC), NvueCounterJson.pfc(p));
      out.put(cmd(port, QUEUES), NvueCounterJson.queues(p));
      out.put(cmd(port, WATCHDOG), NvueCounterJson.watchdog(p));
    }
    return out;
  }

  private static final NvueCounterJson.Port BUSY =
      new NvueCounterJson.Port("swp1", 3, 1_234, 56, 5_000_000, 7, 2, 6, 20_000);

  @Test
  void theSwitchIsAskedThreeCommandsPerIntendedInterface() {
    List<String> commands = CounterReaders.commands(spine());
    assertEquals(12, commands.size(), commands.toString());
    assertEquals(
        List.of(cmd("swp1", PFC), cmd("swp1", QUEUES), cmd("swp1", WATCHDOG)),
        commands.subList(0, 3));
    assertEquals("nv show interface swp1 counters qos pfc-stats -o json", commands.get(0));
  }

  @Test
  void pauseFramesPerPriorityFramesAndDropsPerTrafficClassAndDeadlocksBecomeCounters() {
    CounterReaders.Read read = CounterReaders.parse(spine(), answers(BUSY), Map.of());
    assertEquals(List.of(), read.problems());
    Counters c = read.counters();
    assertEquals(1_234L, c.get("swp1", Counters.PFC_RX, 3));
    assertEquals(56L, c.get("swp1", Counters.PFC_TX, 3));
    assertEquals(0L, c.get("swp1", Counters.PFC_RX, 4));
    assertEquals(5_000_000L, c.get("swp1", Counters.QUEUE_TX, 3));
    assertEquals(7L, c.get("swp1", Counters.QUEUE_DROP, 3));
    assertEquals(20_000L, c.get("swp1", Counters.QUEUE_TX, 6));
    assertEquals(2L, c.get("swp1", Counters.WD_STORM, 3));
    assertNull(
        c.get("swp1", Counters.WD_DROP, 3),
        "NVUE counts deadlocks, not the packets the watchdog dropped");
    assertEquals(List.of("swp1", "swp2", "swp3", "swp4"), List.copyOf(c.ports().keySet()));
  }

  @Test
  void anAnswerWrappedInItsGroupNameAndCountsAsDigitStringsAreTakenToo() {
    Map<String, String> answers = answers(BUSY);
    answers.put(
        cmd("swp1", PFC),
        "{\"pfc-stats\": {\"3\": {\"rx-pause-frames\": \"99\", \"tx-pause-frames\": 1}}}");
    CounterReaders.Read read = CounterReaders.parse(spine(), answers, Map.of());
    assertEquals(List.of(), read.problems());
    assertEquals(99L, read.counters().get("swp1", Counters.PFC_RX, 3));
  }

  @Test
  void aReleaseWithoutTheWatchdogCommandStillGivesItsOtherCounters() {
    Map<String, String> answers = answers(BUSY);
    answers
        .keySet()
        .removeIf(k -> k.contains(WATCHDOG)); // Cumulus Linux 5.5: the command does not exist
    CounterReaders.Read read = CounterReaders.parse(spine(), answers, Map.of());
    assertEquals(List.of(), read.problems());
    assertNull(read.counters().get("swp1", Counters.WD_STORM, 3));
    assertEquals(7L, read.counters().get("swp1", Counters.QUEUE_DROP, 3));
  }

  @Test
  void malformedAnswersAreProblemsNamingPortCommandExpectedAndFoundWhileTheRestIsRead() {
    Map<String, String> answers = answers(BUSY);
    answers.put(cmd("swp1", PFC), "Error: Interface swp1 is not a physical port\n");
    answers.put(cmd("swp2", PFC), "[1, 2]");
    answers.put(
        cmd("swp3", PFC),
        "{\"3\": {\"rx-pause-frames\": -4, \"tx-pause-frames\": 1.5}, \"nine\": {}}");
    answers.put(cmd("swp4", PFC), "{\"3\": \"up\", \"12\": {}}");
    answers.put(cmd("swp4", QUEUES), "{\"3\": {\"tx-frames\": 1");
    CounterReaders.Read read = CounterReaders.parse(spine(), answers, Map.of());
    List<String> got =
        read.problems().stream()
            .map(p -> p.port() + " | " + p.command() + " | " + p.message())
            .toList();
    assertEquals(8, got.size(), String.join("\n", got));
    assertTrue(
        got.get(0).startsWith("swp1 | " + cmd("swp1", PFC) + " | the answer is not JSON: 1:"),
        got.get(0));
    assertTrue(
        got.contains(
            "swp2 | "
                + cmd("swp2", PFC)
                + " | expected a JSON object keyed by switch-priority, found a list"),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "swp3 | "
                + cmd("swp3", PFC)
                + " | switch-priority 3 rx-pause-frames: expected a count"
                + " (a whole number >= 0), found -4"),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "swp3 | "
                + cmd("swp3", PFC)
                + " | switch-priority 3 tx-pause-frames: expected a count"
                + " (a whole number >= 0), found 1.5"),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "swp3 | " + cmd("swp3", PFC) + " | key \"nine\": expected a switch-priority 0-7"),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "swp4 | "
                + cmd("swp4", PFC)
                + " | switch-priority 3: expected an object of counters,"
                + " found \"up\""),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "swp4 | " + cmd("swp4", PFC) + " | key \"12\": expected a switch-priority 0-7"),
        String.join("\n", got));
    assertTrue(
        got.stream()
            .anyMatch(
                g ->
                    g.startsWith(
                        "swp4 | " + cmd("swp4", QUEUES) + " | the answer is not JSON: 1:")),
        String.join("\n", got));
    Counters c = read.counters();
    assertEquals(7L, c.get("swp1", Counters.QUEUE_DROP, 3), "swp1's other answers are still read");
    assertEquals(2L, c.get("swp1", Counters.WD_STORM, 3));
    assertNull(c.get("swp1", Counters.PFC_RX, 3));
  }

  @Test
  void anEmptyAnswerIsAProblemNotZeroCounters() {
    Map<String, String> answers = answers(BUSY);
    answers.put(cmd("swp1", QUEUES), "");
    CounterReaders.Read read = CounterReaders.parse(spine(), answers, Map.of());
    assertEquals(1, read.problems().size(), read.problems().toString());
    assertTrue(
        read.problems().get(0).message().startsWith("the answer is not JSON"),
        read.problems().toString());
    assertNull(read.counters().get("swp1", Counters.QUEUE_TX, 3));
  }

  @Test
  void anOversizeAnswerIsRefusedBeforeItIsParsed() {
    Map<String, String> answers = answers(BUSY);
    answers.put(
        cmd("swp2", QUEUES),
        "{\"3\": {\"tx-frames\": 1}, \"pad\": \"" + "x".repeat(TextTables.MAX_CHARS) + "\"}");
    CounterReaders.Read read =
        CounterReaders.parse(
            spine(),
            answers,
            Map.of(
                cmd("swp3", QUEUES),
                "the output exceeds the limit of 1024 bytes (reason: reply-too-large)"));
    assertEquals(
        List.of(cmd("swp2", QUEUES), cmd("swp3", QUEUES)),
        read.problems().stream().map(CounterProblem::command).sorted().toList());
    assertNull(read.counters().get("swp2", Counters.QUEUE_TX, 3));
    assertEquals(1_234L, read.counters().get("swp1", Counters.PFC_RX, 3));
  }

  @Test
  void anInterfaceNameTheSwitchShellWouldInterpretIsNeverPutInACommand() {
    CompiledSwitch sw = spine();
    var ports = new java.util.ArrayList<>(sw.ports());
    ports.set(0, ports.get(0).toBuilder().name("swp1;reboot").build());
    CompiledSwitch hostile = sw.toBuilder().ports(ports).build();
    List<String> commands = CounterReaders.commands(hostile);
    assertEquals(9, commands.size());
    assertTrue(commands.stream().noneMatch(c -> c.contains(";")), commands.toString());
    CounterReaders.Read read = CounterReaders.parse(hostile, Map.of(), Map.of());
    assertEquals(1, read.problems().size());
    assertEquals("swp1;reboot", read.problems().get(0).port());
    assertTrue(read.problems().get(0).message().contains("shell"), read.problems().toString());
  }
}
