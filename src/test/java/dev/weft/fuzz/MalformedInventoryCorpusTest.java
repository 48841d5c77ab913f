package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * More than a thousand malformed inventories made from the examples ({@link MalformedInventories}),
 * each run through {@code weft validate} (and every tenth through {@code weft render}) in a JVM of
 * its own whose heap is capped, as {@link CorpusRunner} does: no case is an internal error (exit
 * 3), none hangs, none prints anything but the JSON report on stdout, and the process's peak
 * resident memory (so every case's) stays under 1.5 GB.
 */
class MalformedInventoryCorpusTest {

  /** The acceptance bound of issue 15 for every case. */
  static final long RSS_LIMIT_KB = 1536L * 1024;

  @Test
  void noMalformedInventoryCrashesHangsOrExhaustsMemory(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("report.tsv");
    Path log = dir.resolve("runner.log");
    List<String> command =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx768m",
                "-XX:+ExitOnOutOfMemoryError",
                "-XX:+DisplayVMOutputToStderr",
                "-XX:TieredStopAtLevel=1",
                "-Dweft.project.dir=" + System.getProperty("weft.project.dir", ""),
                "-cp",
                System.getProperty("java.class.path"),
                CorpusRunner.class.getName(),
                dir.resolve("work").toString(),
                report.toString()));
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean ended = p.waitFor(25, TimeUnit.MINUTES);
    if (!ended) {
      p.destroyForcibly();
    }
    assertTrue(ended, "the corpus did not finish");
    List<String> lines = Files.readAllLines(report, StandardCharsets.UTF_8);
    assertEquals(
        0,
        p.exitValue(),
        "the runner failed (exit 3 is an out-of-memory stop):\n"
            + Files.readString(log)
            + tail(lines));
    int cases = Integer.parseInt(lines.get(0).split("\t")[1]);
    assertTrue(cases >= 1000, "only " + cases + " cases");
    List<String> bad = new ArrayList<>();
    int runs = 0;
    long peak = -1;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t", -1);
      if (f[0].equals("peak-rss-kb")) {
        peak = Long.parseLong(f[1]);
        continue;
      }
      runs++;
      boolean fine = (f[2].equals("0") || f[2].equals("1") || f[2].equals("2")) && f[4].isEmpty();
      if (!fine) {
        bad.add(line);
      }
    }
    assertTrue(runs >= cases, "the runner stopped after " + runs + " runs");
    assertEquals(List.of(), bad, "cases with exit 3, a timeout, or a polluted report");
    assertTrue(peak > 0 && peak < RSS_LIMIT_KB, "peak RSS " + peak + " kB");
    FileTrees.delete(dir.resolve("work"));
  }

  private static String tail(List<String> lines) {
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
  }
}
