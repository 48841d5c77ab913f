package dev.weft.drift;

import dev.weft.cli.Main;
import dev.weft.json.Json;
import dev.weft.testing.FileTrees;
import dev.weft.testing.SshLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Test helper: a copy of an example inventory whose SSH-read switches point at the devices of a
 * real {@link SshLab} (the example's management ports are replaced by the lab's, in order), with a
 * credentials file for the lab account, and {@code weft drift}/{@code weft backup} run in-process
 * against it.
 */
final class SshInventoryLab implements AutoCloseable {

  /** What one in-process run of the CLI gave. */
  record Cli(int exit, String out, String err) {
    /** Every finding but {@code not-audited} (information on what the platform does not serve). */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> findings() throws Exception {
      return ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(out)).get("findings"))
          .stream().filter(f -> !"not-audited".equals(f.get("rule"))).toList();
    }

    /** The first finding of {@code rule}; fails when there is none. */
    Map<String, Object> finding(String rule) throws Exception {
      return findings().stream()
          .filter(f -> rule.equals(f.get("rule")))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no " + rule + ": " + out));
    }

    /** {@code weft remediate}'s plan of {@code device} ({@code plans[]} of the JSON report). */
    @SuppressWarnings("unchecked")
    Map<String, Object> plan(String device) throws Exception {
      for (Map<String, Object> p :
          (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(out)).get("plans")) {
        if (device.equals(p.get("device"))) {
          return p;
        }
      }
      throw new AssertionError("no plan of " + device + ": " + out);
    }

    /** The names of the steps {@code weft remediate} ran on {@code device}, in order. */
    @SuppressWarnings("unchecked")
    List<String> stepNames(String device) throws Exception {
      return ((List<Map<String, Object>>) plan(device).get("steps"))
          .stream().map(s -> (String) s.get("step")).toList();
    }

    @SuppressWarnings("unchecked")
    Map<String, String> devices() throws Exception {
      Map<String, String> out = new TreeMap<>();
      for (Map<String, Object> d :
          (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(this.out)).get("devices")) {
        out.put(
            (String) d.get("name"),
            d.get("status") + (d.get("reason") == null ? "" : ":" + d.get("reason")));
      }
      return out;
    }
  }

  final SshLab lab;
  final Path root;
  final Path inventory;
  final Path credentials;

  private SshInventoryLab(SshLab lab, Path root, Path inventory, Path credentials) {
    this.lab = lab;
    this.root = root;
    this.inventory = inventory;
    this.credentials = credentials;
  }

  /**
   * @param firstPort the example's management port of its first SSH switch; the next ones follow
   * @param switches how many switches (and lab devices)
   */
  static SshInventoryLab start(String example, int firstPort, int switches) throws Exception {
    return start(example, firstPort, switches, 0);
  }

  /**
   * @param extra lab devices after the switches' (GPU hosts a test points at them itself)
   */
  static SshInventoryLab start(String example, int firstPort, int switches, int extra)
      throws Exception {
    SshLab lab = SshLab.start(switches + extra);
    Path root = Files.createTempDirectory("weft-ssh-inventory");
    Path inventory = copyInventory(example, root);
    for (int i = 0; i < switches; i++) {
      replaceInFiles(
          inventory.resolve("switches"),
          "port: " + (firstPort + i) + ",",
          "port: " + lab.port(i + 1) + ",");
    }
    Path credentials = root.resolve("credentials.yaml");
    Files.writeString(
        credentials, "lab:\n  user: " + lab.user() + "\n  key-file: " + lab.clientKey() + "\n");
    return new SshInventoryLab(lab, root, inventory, credentials);
  }

  Cli drift(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "drift",
                inventory.toString(),
                "--repo",
                root.toString(),
                "--format",
                "json",
                "--known-hosts",
                lab.knownHosts().toString(),
                "--credentials",
                credentials.toString(),
                "--timeout",
                "30s"));
    args.addAll(List.of(extra));
    return weft(args.toArray(String[]::new));
  }

  Cli backup(Path to, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "backup",
                inventory.toString(),
                "--repo",
                root.toString(),
                "--to",
                to.toString(),
                "--known-hosts",
                lab.knownHosts().toString(),
                "--credentials",
                credentials.toString(),
                "--timeout",
                "30s"));
    args.addAll(List.of(extra));
    return weft(args.toArray(String[]::new));
  }

  /** {@code weft remediate} of the copy, JSON report, with {@code extra} ({@code --apply}...). */
  Cli remediate(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "remediate",
                inventory.toString(),
                "--repo",
                root.toString(),
                "--format",
                "json",
                "--known-hosts",
                lab.knownHosts().toString(),
                "--credentials",
                credentials.toString(),
                "--timeout",
                "60s"));
    args.addAll(List.of(extra));
    return weft(args.toArray(String[]::new));
  }

  static Cli weft(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Cli(code, out.toString(), err.toString());
  }

  /** The text of an intent line a finding points at ({@code file} relative to the copy's root). */
  String intentLine(String file, int line) throws Exception {
    return Files.readAllLines(root.resolve(file)).get(line - 1);
  }

  @Override
  public void close() throws Exception {
    try {
      lab.close();
    } finally {
      FileTrees.delete(root);
    }
  }

  private static Path copyInventory(String name, Path root) throws Exception {
    Path src = SshLab.projectDir().resolve("inventories").resolve(name);
    Path dst = root.resolve("inventories").resolve(name);
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.sorted().toList()) {
        Path to = dst.resolve(src.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    }
    return dst;
  }

  static void replaceInFiles(Path dir, String from, String to) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(f);
        if (text.contains(from)) {
          Files.writeString(f, text.replace(from, to));
        }
      }
    }
  }
}
