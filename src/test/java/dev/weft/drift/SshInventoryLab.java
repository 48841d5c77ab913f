package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabRun;
import dev.weft.testing.NvueJson;
import dev.weft.testing.SshLab;
import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Test helper: a copy of an example inventory whose SSH-read switches point at the devices of a
 * real {@link SshLab} (the example's management ports are replaced by the lab's, in order), with a
 * credentials file for the lab account, and {@code weft drift}/{@code weft backup} run in-process
 * against it.
 */
final class SshInventoryLab implements AutoCloseable {

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
    Path inventory = Weft.copyExample(example, root.resolve("inventories").resolve(example));
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

  /**
   * roce-pod-c with its Cumulus spines ({@code spines}, in the example's order) on nvue lab
   * devices, each loaded with the revision its rendered {@code startup.yaml} becomes on the switch;
   * {@code revisions} receives those revisions by switch name.
   */
  static SshInventoryLab cumulusSpines(List<String> spines, Map<String, String> revisions)
      throws Exception {
    // the example's spines listen on 18405 and 18406; the lab's devices on free ports
    SshInventoryLab pod = start("roce-pod-c", 18405, spines.size());
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : spines) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      Renderer.DeviceOutput out = renderer.renderDevice(sw, fabric.fabric());
      assertEquals(List.of(), out.findings());
      revisions.put(name, NvueJson.fromStartupYaml(out.text("startup.yaml")));
    }
    pod.lab.loadOrFail(1, "nvue", List.copyOf(revisions.values()));
    return pod;
  }

  Cli drift(String... extra) {
    return Cli.run(run().json("drift", "30s", extra));
  }

  Cli backup(Path to, String... extra) {
    List<String> args = new ArrayList<>(List.of("--to", to.toString()));
    args.addAll(List.of(extra));
    return Cli.run(run().plain("backup", "30s", args.toArray(String[]::new)));
  }

  /** {@code weft remediate} of the copy, JSON report, with {@code extra} ({@code --apply}...). */
  Cli remediate(String... extra) {
    return Cli.run(run().json("remediate", "60s", extra));
  }

  /** The options of a device command against this lab. */
  LabRun run() {
    return new LabRun(inventory, root, lab.knownHosts(), credentials);
  }

  static Cli weft(String... args) {
    return Cli.run(args);
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
