package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.cli.Main;
import dev.weft.json.Json;
import dev.weft.testing.FileTrees;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sharded audit examples in docs/examples (GitHub Actions matrix, GitLab {@code parallel:},
 * Kubernetes Indexed Job and CronJobs) run as written: every {@code weft} command, with the CI's
 * variables filled in for each shard, exits 0 or 1 (never a usage error) on a copy of the example
 * inventory whose switches do not answer, and the merge step gives one report with every switch
 * once, a dashboard and a history commit.
 */
class AuditPipelineExamplesTest {

  static final Path PROJECT =
      Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath().normalize();
  static final List<String> EXAMPLES =
      List.of(
          "github-actions-audit.yml",
          "gitlab-ci-audit.yml",
          "k8s-audit-indexed-job.yaml",
          "k8s-audit-cronjob.yaml");

  @TempDir Path tmp;

  @Test
  void everyExampleShardsAndMergesIntoOneReport() throws Exception {
    for (String example : EXAMPLES) {
      Path dir = Files.createDirectories(tmp.resolve(example));
      FileTrees.copy(
          PROJECT.resolve("inventories/roce-pod-a"), dir.resolve("inventories/roce-pod-a"));
      Files.writeString(
          dir.resolve("credentials.yaml"),
          "lab:\n  user: weft\n  password-env: WEFT_EXAMPLE_UNSET\n");
      int ran = 0;
      for (String line : Files.readAllLines(PROJECT.resolve("docs/examples").resolve(example))) {
        Matcher m = WEFT.matcher(line);
        if (!m.find()) {
          continue;
        }
        String command = m.group(1).replace(" || test $? = 1", "");
        boolean perShard = command.contains("--shard");
        for (int k = 1; k <= (perShard ? 4 : 1); k++) {
          String filled = fill(command, k, dir);
          Run r = weft(dir, words(filled));
          assertTrue(
              r.exit() == 0 || r.exit() == 1,
              example + ": " + filled + " -> exit " + r.exit() + ": " + r.err());
          ran++;
        }
      }
      assertEquals(5, ran, example + ": four shards and one merge");
      @SuppressWarnings("unchecked")
      Map<String, Object> merged =
          (Map<String, Object>) Json.parse(Files.readString(dir.resolve("audit.json")));
      TreeSet<String> devices = new TreeSet<>();
      for (Object d : (List<?>) merged.get("devices")) {
        devices.add((String) ((Map<?, ?>) d).get("name"));
      }
      assertEquals(
          new TreeSet<>(
              List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02")),
          devices,
          example);
      assertTrue(
          Files.readString(dir.resolve("dashboard.html")).contains("<tr data-device=\"spine-02\" "),
          example);
      assertTrue(
          Files.exists(dir.resolve("history/audit/report.json")),
          example + ": the merge commits the night");
    }
  }

  private static final Pattern WEFT = Pattern.compile("(?:\\./weft|- weft) (.*)$");

  /** The CI's variables for shard {@code k} of 4, the example's paths inside {@code dir}. */
  static String fill(String command, int k, Path dir) {
    String d = dir.toString();
    // --shard auto in a pod of index k - 1 is --shard k/N (SchedulerShardTest); tonight's folder is
    // the example's
    return command
        .replace("--shard auto --shard-count 4", "--shard " + k + "/4")
        .replace("$(date -u +%F)/", "")
        .replace("${{ matrix.shard }}", String.valueOf(k))
        .replace("$CI_NODE_INDEX/$CI_NODE_TOTAL", k + "/4")
        .replace("$CI_NODE_INDEX", String.valueOf(k))
        .replace("$((JOB_COMPLETION_INDEX + 1))", String.valueOf(k))
        .replace("$JOB_COMPLETION_INDEX", String.valueOf(k - 1))
        .replace("\"$WEFT_CREDENTIALS\"", d + "/credentials.yaml")
        .replace("/secrets/credentials.yaml", d + "/credentials.yaml")
        .replace("/fabric/inventories/", d + "/inventories/")
        .replace(" inventories/", " " + d + "/inventories/")
        .replace("/reports/", d + "/")
        .replace(" /history", " " + d + "/history")
        .replace(" history", " " + d + "/history")
        .replace("json=audit", "json=" + d + "/audit")
        .replace("html=dashboard", "html=" + d + "/dashboard")
        .replace(" audit-", " " + d + "/audit-");
  }

  /**
   * Shell words (double quotes honoured), with {@code audit-*.json} expanded as the shell would.
   */
  static List<String> words(String command) throws Exception {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(command);
    while (m.find()) {
      String w = m.group(1) != null ? m.group(1) : m.group(2);
      if (w.endsWith("/audit-*.json")) {
        Path folder = Path.of(w).getParent();
        try (var files = Files.list(folder)) {
          files
              .map(Path::toString)
              .filter(f -> f.matches(".*/audit-[0-9]+\\.json"))
              .sorted()
              .forEach(out::add);
        }
      } else {
        out.add(w);
      }
    }
    return out;
  }

  record Run(int exit, String err) {}

  static Run weft(Path dir, List<String> args) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--repo", dir.toString()));
    if (all.get(0).equals("audit")) {
      all.addAll(List.of("--timeout", "5s"));
    }
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            all.toArray(String[]::new), new PrintWriter(new StringWriter()), new PrintWriter(err));
    return new Run(code, err.toString());
  }
}
