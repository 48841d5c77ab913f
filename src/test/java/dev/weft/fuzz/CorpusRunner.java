package dev.weft.fuzz;

import dev.weft.cli.Main;
import dev.weft.json.Json;
import dev.weft.testing.FileTrees;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs Weft on every case of {@link MalformedInventories}, in this JVM, one case at a time: {@code
 * weft validate --format json} on each, {@code weft render} on every tenth. Started by {@link
 * MalformedInventoryCorpusTest} in a JVM of its own with a capped heap, so the process's peak
 * resident memory bounds every case's. Writes one line per command run ({@code case TAB command TAB
 * exit TAB milliseconds TAB problem}) and finally the peak RSS.
 *
 * <p>Arguments: the work folder, the report file.
 */
public final class CorpusRunner {

  /**
   * A case that takes longer is a hang (the slowest takes a few seconds on a loaded two-core
   * machine).
   */
  static final long CASE_LIMIT_SECONDS = 60;

  private CorpusRunner() {}

  public static void main(String[] args) throws Exception {
    Path work = Path.of(args[0]);
    Path report = Path.of(args[1]);
    List<MalformedInventories.Case> cases = MalformedInventories.all();
    ExecutorService runner = daemonThread();
    try (Writer out = Files.newBufferedWriter(report, StandardCharsets.UTF_8)) {
      out.write("cases\t" + cases.size() + "\n");
      for (int i = 0; i < cases.size(); i++) {
        MalformedInventories.Case c = cases.get(i);
        FileTrees.delete(work);
        Path inventory = work.resolve("inv");
        Files.createDirectories(inventory);
        c.writeTo(inventory);
        String label = c.name().replaceAll("[\\t\\n\\r\\p{Cntrl}]", "?");
        String[] validate = {"validate", inventory.toString(), "--format", "json"};
        runner = run(label, validate, out, runner, true);
        if (i % 10 == 0) {
          String[] render = {
            "render",
            inventory.toString(),
            "--out",
            work.resolve("out").toString(),
            "--format",
            "json"
          };
          runner = run(label, render, out, runner, true);
        }
        out.flush();
      }
      out.write("peak-rss-kb\t" + peakRssKb() + "\n");
    }
    System.exit(0); // a case's stuck thread (reported as a timeout) must not keep the JVM alive
  }

  /**
   * Runs one command with the case limit; answers the executor to use next (a new one after a
   * timeout).
   */
  private static ExecutorService run(
      String label, String[] args, Writer out, ExecutorService runner, boolean json)
      throws Exception {
    long start = System.nanoTime();
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    Future<Integer> f =
        runner.submit(() -> Main.run(args, new PrintWriter(stdout), new PrintWriter(stderr)));
    String exit;
    String problem = "";
    ExecutorService next = runner;
    try {
      int code = f.get(CASE_LIMIT_SECONDS, TimeUnit.SECONDS);
      exit = String.valueOf(code);
      if (code == 3) {
        problem = oneLine(stderr.toString());
      } else if (json && code <= 1) {
        try {
          Json.parse(stdout.toString());
        } catch (RuntimeException | dev.weft.json.JsonException e) {
          problem = "stdout is not the JSON report: " + oneLine(e.getMessage());
        }
      }
    } catch (TimeoutException e) {
      f.cancel(true);
      exit = "timeout";
      next = daemonThread();
    } catch (java.util.concurrent.ExecutionException e) {
      exit = "thrown";
      problem = oneLine(String.valueOf(e.getCause()));
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    out.write(label + "\t" + args[0] + "\t" + exit + "\t" + ms + "\t" + problem + "\n");
    return next;
  }

  private static ExecutorService daemonThread() {
    return Executors.newSingleThreadExecutor(
        r -> {
          Thread t = new Thread(r, "corpus-case");
          t.setDaemon(true);
          return t;
        });
  }

  private static String oneLine(String s) {
    String line = s == null ? "" : s.replaceAll("\\s+", " ").strip();
    return line.length() > 300 ? line.substring(0, 300) : line;
  }

  /** VmHWM of this process: the peak resident set, in kB (Linux). */
  static long peakRssKb() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return -1;
  }
}
