package dev.weft.testing;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: real SSH-command devices from {@code scripts/ssh-lab} (private OpenSSH sshd on
 * loopback whose lab account answers SONiC's {@code show runningconfiguration all} or NVUE's {@code
 * nv config show -o json} with the config it was loaded with). Loading a SONiC config runs SONiC's
 * YANG check: the lab refuses what SONiC would.
 */
public final class SshLab implements AutoCloseable {

  /** What running the lab script gave. */
  public record Result(int exit, String output) {}

  private final Path stateDir;

  private SshLab(Path stateDir) {
    this.stateDir = stateDir;
  }

  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath().normalize();
  }

  public static SshLab start(int devices) throws IOException, InterruptedException {
    SshLab lab = new SshLab(Files.createTempDirectory("weft-ssh-lab"));
    lab.run("start", lab.stateDir.toString(), String.valueOf(devices));
    return lab;
  }

  public Path knownHosts() {
    return stateDir.resolve("known_hosts");
  }

  /** The lab's client key (RSA, PEM), authorised on every device. */
  public Path clientKey() {
    return stateDir.resolve("client_rsa");
  }

  /** connection.properties of device i (1-based). */
  public Properties device(int i) throws IOException {
    Properties p = new Properties();
    try (Reader r =
        Files.newBufferedReader(stateDir.resolve("dev" + i).resolve("connection.properties"))) {
      p.load(r);
    }
    return p;
  }

  public int port(int i) throws IOException {
    return Integer.parseInt(device(i).getProperty("ssh.port"));
  }

  public String user() throws IOException {
    return device(1).getProperty("ssh.user");
  }

  /**
   * Loads devices {@code first}, {@code first + 1}, ... with these config texts; the lab's answer.
   */
  public Result load(int first, String kind, List<String> configs)
      throws IOException, InterruptedException {
    return withFiles(List.of("load", stateDir.toString(), String.valueOf(first), kind), configs);
  }

  /**
   * Runs the lab script with {@code head} and then one temporary file per text (deleted
   * afterwards).
   */
  private Result withFiles(List<String> head, List<String> texts)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(head);
    List<Path> files = new ArrayList<>();
    try {
      for (String text : texts) {
        Path f =
            Files.createTempFile(
                stateDir, head.get(0), "load".equals(head.get(0)) ? ".json" : ".txt");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        files.add(f);
        args.add(f.toString());
      }
      return exec(args.toArray(String[]::new));
    } finally {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
    }
  }

  /**
   * Serves these counter snapshots from devices {@code first}, {@code first + 1}, ...: each text
   * holds sections headed {@code ### <command>} with what that SONiC counter command prints.
   */
  public void counters(int first, List<String> snapshots) throws IOException, InterruptedException {
    Result r =
        withFiles(List.of("counters", stateDir.toString(), String.valueOf(first)), snapshots);
    if (r.exit() != 0) {
      throw new IOException("ssh-lab counters failed (exit " + r.exit() + "):\n" + r.output());
    }
  }

  /**
   * Device {@code i} answers {@code lldpctl -f json} from the lldpd listening on {@code socket}.
   */
  public void lldp(int i, String socket) throws IOException, InterruptedException {
    run("lldp", stateDir.toString(), String.valueOf(i), socket);
  }

  /**
   * Device {@code i}'s next successful {@code config apply-patch} also applies this RFC 6902 patch,
   * once: a lab fault (another writer right after the apply) that makes the read-back differ.
   */
  public void fault(int i, String patch) throws IOException, InterruptedException {
    Result r = withFiles(List.of("fault", stateDir.toString(), String.valueOf(i)), List.of(patch));
    if (r.exit() != 0) {
      throw new IOException("ssh-lab fault failed (exit " + r.exit() + "):\n" + r.output());
    }
  }

  /** nvue: device {@code i}'s confirm timer fires now (an apply not yet confirmed rolls back). */
  public void expire(int i) throws IOException, InterruptedException {
    run("expire", stateDir.toString(), String.valueOf(i));
  }

  /**
   * nvue: device {@code i}'s next {@code nv config apply --confirm} window has lapsed before the
   * next command (as if the read-back took longer than the window), deterministically.
   */
  public void lapse(int i) throws IOException, InterruptedException {
    run("lapse", stateDir.toString(), String.valueOf(i));
  }

  /** nvue: whether device {@code i} holds an applied revision that awaits {@code confirm}. */
  public boolean awaitsConfirm(int i) throws IOException {
    return Files.exists(db(i).resolve("previous"));
  }

  /** nvue: whether device {@code i} holds a pending revision. */
  public boolean pending(int i) throws IOException {
    return Files.exists(db(i).resolve("pending"));
  }

  /** The device's folder the lab account keeps its state in (the running config, checkpoints). */
  private Path db(int i) throws IOException {
    String run = null;
    for (String line : Files.readAllLines(stateDir.resolve("lab.env"))) {
      if (line.startsWith("SSH_LAB_RUN_DIR=")) {
        run = line.substring("SSH_LAB_RUN_DIR=".length());
      }
    }
    if (run == null) {
      throw new IOException("no SSH_LAB_RUN_DIR in " + stateDir.resolve("lab.env"));
    }
    return Path.of(run, "dev" + i, "db");
  }

  /** Device {@code i}'s running config, byte for byte as the device holds it. */
  public String running(int i) throws IOException {
    return Files.readString(db(i).resolve("running"));
  }

  /** The names of device {@code i}'s checkpoints, sorted. */
  public List<String> checkpoints(int i) throws IOException {
    Path dir = db(i).resolve("checkpoints");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".json"))
          .map(n -> n.substring(0, n.length() - ".json".length()))
          .sorted()
          .toList();
    }
  }

  /** Loads and fails unless the lab took every config. */
  public void loadOrFail(int first, String kind, List<String> configs)
      throws IOException, InterruptedException {
    Result r = load(first, kind, configs);
    if (r.exit() != 0) {
      throw new AssertionError("ssh-lab did not load the " + kind + " configs:\n" + r.output());
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    run("stop", stateDir.toString());
    FileTrees.delete(stateDir);
  }

  private void run(String... args) throws IOException, InterruptedException {
    Result r = exec(args);
    if (r.exit() != 0) {
      throw new IOException(
          "ssh-lab " + String.join(" ", args) + " failed (exit " + r.exit() + "):\n" + r.output());
    }
  }

  /** Runs the lab script; its output goes to a file so a daemon can never hold our pipe open. */
  private Result exec(String... args) throws IOException, InterruptedException {
    Path log = Files.createTempFile("ssh-lab", ".log");
    try {
      List<String> cmd =
          new ArrayList<>(List.of("bash", projectDir().resolve("scripts/ssh-lab").toString()));
      cmd.addAll(List.of(args));
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      Process p = pb.start();
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("ssh-lab " + String.join(" ", args) + " did not finish in 300 s");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
