package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabTest;
import dev.weft.testing.Shell;
import dev.weft.testing.SonicCounterText;
import dev.weft.testing.SshLab;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The nightly audit of {@code inventories/roce-pod-a} (its six SONiC switches on the SSH lab, one
 * drifted) as a REAL Slurm array job: scripts/slurm-lab starts munged, slurmctld and slurmd on
 * loopback, and docs/examples/slurm-audit.sbatch, as written, runs four {@code --shard auto} tasks
 * and then the merge as a job that depends on them ({@code --dependency=afterok}). The merged
 * report is the one an unsharded run writes; with one task cancelled, the merge refuses and names
 * its shard.
 */
@LabTest(
    needs = {
      "/usr/sbin/sshd",
      "/usr/sbin/slurmctld",
      "/usr/sbin/slurmd",
      "/usr/sbin/munged",
      "/usr/bin/sbatch"
    })
class SlurmAuditOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
  private static final String SCRIPT =
      SshLab.projectDir().resolve("docs/examples/slurm-audit.sbatch").toString();

  private static SshInventoryLab pod;
  private static Path slurm;
  private static final Map<String, String> ENV = new HashMap<>();

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<String> dumps = new ArrayList<>();
    List<String> counters = new ArrayList<>();
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      String running =
          SonicDriftOnLabTest.runningAfterConfigLoad(
              renderer.renderDevice(sw, fabric.fabric()).text("config_db.json"), sw.hwsku());
      if (name.equals("leaf-01")) { // drifted, so the merged report carries a config diff
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Map<String, Object>>> db =
            (Map<String, Map<String, Map<String, Object>>>) Json.parse(running);
        db.get("PORT").get("Ethernet8").put("mtu", "9100");
        running = Json.write(db);
      }
      dumps.add(running);
      counters.add(
          SonicCounterText.snapshot(
              sw.ports().stream()
                  .limit(2)
                  .map(p -> new SonicCounterText.Port(p.name(), 100, 10, 5_000_000, 0, 20_000, 0))
                  .toList()));
    }
    pod.lab.loadOrFail(1, "sonic", dumps);
    pod.lab.counters(1, counters);
    // what a fabric repository's .weft.yaml gives every audit, so the sbatch script needs no
    // secrets
    Files.writeString(
        pod.root.resolve(".weft.yaml"),
        "audit:\n  credentials: "
            + pod.credentials
            + "\n  known-hosts: "
            + pod.lab.knownHosts()
            + "\n  timeout: 60s\n");
    slurm = Files.createTempDirectory("weft-slurm-lab");
    Shell.Result up =
        Shell.run(
            pod.root,
            Map.of(),
            List.of(
                "bash",
                SshLab.projectDir().resolve("scripts/slurm-lab").toString(),
                "up",
                slurm.toString(),
                String.valueOf(freePort()),
                String.valueOf(freePort()),
                "4"),
            3);
    assertEquals(0, up.exit(), up.all());
    ENV.put("SLURM_CONF", slurm.resolve("slurm.conf").toString());
    ENV.put("WEFT", SshLab.projectDir().resolve("bin/weft").toString());
    ENV.put("WEFT_JAR", SshLab.projectDir().resolve("target/weft.jar").toString());
    ENV.put("WEFT_HISTORY", pod.root.resolve("history").toString());
    ENV.put("WEFT_REPORTS", pod.root.resolve("reports").toString());
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (slurm != null) {
        Shell.run(
            pod.root,
            Map.of(),
            List.of(
                "bash",
                SshLab.projectDir().resolve("scripts/slurm-lab").toString(),
                "down",
                slurm.toString()),
            2);
        FileTrees.delete(slurm);
      }
    } finally {
      if (pod != null) {
        pod.close();
      }
    }
  }

  @Test
  void anArrayOfFourShardsMergedByADependentJobIsTheUnshardedReport() throws Exception {
    Shell.Result single =
        Shell.run(
            pod.root,
            ENV,
            List.of(
                ENV.get("WEFT"),
                "audit",
                "inventories/roce-pod-a",
                "--history",
                pod.root.resolve("history-single").toString(),
                "--format",
                "json"),
            5);
    assertEquals(1, single.exit(), "leaf-01 drifted: " + single.all());

    String array = sbatch("--parsable", "--array=0-3", SCRIPT);
    Shell.Result merge =
        Shell.run(
            pod.root,
            ENV,
            List.of(
                "sbatch",
                "--parsable",
                "--wait",
                "--dependency=afterok:" + array,
                "--export=ALL,WEFT_MERGE=" + array,
                "--output=merge-%j.log",
                SCRIPT),
            10);
    assertEquals(
        0,
        merge.exit(),
        "the merge job ran after the four tasks and succeeded: "
            + merge.all()
            + jobs(array)
            + logs());
    assertEquals(
        List.of("COMPLETED", "COMPLETED", "COMPLETED", "COMPLETED"),
        List.copyOf(tasks(array).values()),
        jobs(array));

    Path night = pod.root.resolve("reports").resolve(array);
    for (int task = 0; task < 4; task++) {
      Map<?, ?> coverage = coverage(Files.readString(night.resolve("audit-" + task + ".json")));
      assertEquals(
          task + 1,
          ((Number) coverage.get("shard_index")).intValue(),
          "task " + task + " is shard " + (task + 1));
      assertEquals(4, ((Number) coverage.get("shard_count")).intValue());
    }
    String merged = Files.readString(night.resolve("audit.json"));
    assertEquals(
        Boolean.TRUE, coverage(merged).get("complete"), "the merged report says it is complete");
    assertEquals(AuditFindings.withoutTiming(single.out()), AuditFindings.withoutTiming(merged));
    assertTrue(
        Files.exists(pod.root.resolve("history/audit/report.json")),
        "the merge job committed the night");
  }

  @Test
  void aCancelledTaskMakesTheMergeRefuseNamingItsShard() throws Exception {
    String array = sbatch("--parsable", "--hold", "--array=0-3", SCRIPT);
    sbatchTool("scancel", array + "_2");
    sbatchTool("scontrol", "release", array);
    Shell.Result merge =
        Shell.run(
            pod.root,
            ENV,
            List.of(
                "sbatch",
                "--parsable",
                "--wait",
                "--dependency=afterany:" + array,
                "--export=ALL,WEFT_MERGE=" + array,
                "--output=merge-%j.log",
                SCRIPT),
            10);
    String log = Files.readString(pod.root.resolve("merge-" + merge.out().trim() + ".log"));
    assertTrue(
        merge.exit() != 0,
        "the merge job failed (weft's usage error, exit 2, is not a finding): "
            + merge.all()
            + log);
    assertTrue(log.contains("shard 3/4 is missing: no report for it among the 3 given"), log);
    assertTrue(jobs(merge.out().trim()).contains("JobState=FAILED"), jobs(merge.out().trim()));
    Map<Integer, String> tasks = tasks(array);
    assertEquals(
        "COMPLETED COMPLETED COMPLETED",
        tasks.get(0) + " " + tasks.get(1) + " " + tasks.get(3),
        jobs(array));
    assertTrue(
        tasks.getOrDefault(2, "CANCELLED").equals("CANCELLED"),
        "task 2 never ran (Slurm forgets a task" + " cancelled while pending): " + jobs(array));
    assertTrue(
        !Files.exists(pod.root.resolve("reports").resolve(array).resolve("audit.json")),
        "no merged report");
  }

  /** Submits with sbatch in the pod's folder; the job id. */
  private static String sbatch(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("sbatch"));
    command.addAll(List.of(args));
    Shell.Result r = Shell.run(pod.root, ENV, command, 1);
    assertEquals(0, r.exit(), r.all());
    return r.out().trim();
  }

  private static void sbatchTool(String... command) throws Exception {
    Shell.Result r = Shell.run(pod.root, ENV, List.of(command), 1);
    assertEquals(0, r.exit(), r.all());
  }

  /** Task index → state of the array's tasks ({@code scontrol}: the lab keeps no accounting). */
  private static Map<Integer, String> tasks(String array) throws Exception {
    Map<Integer, String> byTask = new TreeMap<>();
    for (String line : jobs(array).split("\n")) {
      Matcher task = Pattern.compile("ArrayTaskId=([0-9]+)").matcher(line);
      Matcher state = Pattern.compile("JobState=([A-Z_]+)").matcher(line);
      if (task.find() && state.find()) {
        byTask.put(Integer.parseInt(task.group(1)), state.group(1));
      }
    }
    return byTask;
  }

  private static String jobs(String array) throws Exception {
    Shell.Result r = Shell.run(pod.root, ENV, List.of("scontrol", "-o", "show", "job", array), 1);
    return r.out() + r.err();
  }

  private static String logs() throws Exception {
    StringBuilder s = new StringBuilder();
    try (var files = Files.list(pod.root)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
        s.append("\n--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
      }
    }
    return s.toString();
  }

  private static Map<?, ?> coverage(String json) throws Exception {
    return (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) Json.parse(json)).get("audit")).get("coverage");
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
