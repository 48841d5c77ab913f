package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Cli;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.FileTrees;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.SshLab;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Test helper: an example inventory ({@code roce-pod-d} unless named) against real netconfd devices
 * loaded with the vendors' published models. Each lab is {@code scripts/netconf-lab --vendor V};
 * the inventory is copied with each named switch's management port pointed at a lab device,
 * compiled and rendered as {@code weft render} does.
 */
final class LabPod implements AutoCloseable {

  static final String INVENTORY = "inventories/roce-pod-d";

  private final String inventory;

  private final List<NetconfLab> labs = new ArrayList<>();

  /** Device name → (lab, index in that lab). */
  private final Map<String, NetconfLab.Device> devices = new LinkedHashMap<>();

  private final Map<String, NetconfLab> labOf = new TreeMap<>();
  private final Path root;
  private final Path credentials;
  private final Path knownHosts;
  private final CompiledFabric compiled;
  private final Map<String, String> rendered = new TreeMap<>();
  private final Map<String, String> renderedFiles = new TreeMap<>();

  /**
   * @param vendors vendor ({@code yang/vendor/<vendor>}) → the pod's switches that become its lab
   *     devices
   */
  static LabPod start(Map<String, List<String>> vendors) throws Exception {
    return start(INVENTORY, vendors, Map.of());
  }

  /**
   * @param inventory the example inventory, e.g. {@code inventories/roce-pod-e}
   * @param vendors vendor ({@code yang/vendor/<vendor>}) → the inventory's switches that become its
   *     lab devices
   */
  static LabPod start(String inventory, Map<String, List<String>> vendors) throws Exception {
    return start(inventory, vendors, Map.of());
  }

  /**
   * As {@link #start(Map)}, with {@code scripts/netconf-lab}'s environment (e.g. {@code
   * NETCONF_LAB_LOG_LEVEL}).
   */
  static LabPod start(Map<String, List<String>> vendors, Map<String, String> env) throws Exception {
    return start(INVENTORY, vendors, env);
  }

  static LabPod start(String inventory, Map<String, List<String>> vendors, Map<String, String> env)
      throws Exception {
    return new LabPod(inventory, vendors, env, null, List.of());
  }

  /**
   * As {@link #start(String, Map)}, each of {@code cliSwitches} also given a CLI login ({@code
   * management.cli}) on its own device of an SSH lab ({@code scripts/ssh-lab}) the pod starts and
   * closes, credential {@code cli}: the switch's CLI half beside its NETCONF half.
   */
  static LabPod startWithCli(
      String inventory, Map<String, List<String>> vendors, List<String> cliSwitches)
      throws Exception {
    SshLab cli = SshLab.start(cliSwitches.size());
    try {
      return new LabPod(inventory, vendors, Map.of(), cli, cliSwitches);
    } catch (Exception | Error e) {
      cli.close();
      throw e;
    }
  }

  private final Map<String, Integer> cliPorts = new TreeMap<>();
  private final SshLab cli;
  private final List<String> cliSwitches;

  private LabPod(
      String inventory,
      Map<String, List<String>> vendors,
      Map<String, String> env,
      SshLab cli,
      List<String> cliSwitches)
      throws Exception {
    this.inventory = inventory;
    this.cli = cli;
    this.cliSwitches = List.copyOf(cliSwitches);
    for (int i = 0; i < cliSwitches.size(); i++) {
      cliPorts.put(cliSwitches.get(i), cli.port(i + 1));
    }
    root = Files.createTempDirectory("weft-pod");
    try {
      Map<String, Integer> ports = new TreeMap<>();
      StringBuilder hosts = new StringBuilder();
      for (Map.Entry<String, List<String>> v : vendors.entrySet()) {
        NetconfLab lab = NetconfLab.startVendor(v.getKey(), v.getValue().size(), env);
        labs.add(lab);
        hosts.append(Files.readString(lab.knownHosts()));
        for (int i = 0; i < v.getValue().size(); i++) {
          String name = v.getValue().get(i);
          devices.put(name, lab.device(i + 1));
          labOf.put(name, lab);
          ports.put(name, lab.device(i + 1).port());
        }
      }
      if (cli != null) {
        hosts.append(Files.readString(cli.knownHosts()));
      }
      knownHosts = root.resolve("known_hosts");
      Files.writeString(knownHosts, hosts);
      Path copied = copyInventory(ports);
      credentials = root.resolve("credentials.yaml");
      // every lab's client key is authorised by its own devices only: one credential per lab
      StringBuilder creds = new StringBuilder();
      for (NetconfLab lab : labs) {
        creds
            .append("lab")
            .append(labs.indexOf(lab))
            .append(":\n  user: netconf\n  key-file: ")
            .append(lab.clientKey())
            .append('\n');
      }
      if (cli != null) {
        creds
            .append("cli:\n  user: ")
            .append(cli.user())
            .append("\n  key-file: ")
            .append(cli.clientKey())
            .append('\n');
      }
      Files.writeString(credentials, creds);
      compiled = Examples.compile(root, root.relativize(copied));
      Renderer renderer = new Renderer(TemplateFolders.builtIn());
      for (String name : devices.keySet()) {
        Renderer.DeviceOutput out = renderer.renderDevice(sw(name), compiled.fabric());
        assertTrue(out.findings().isEmpty(), out.findings().toString());
        rendered.put(name, out.text("config.xml"));
        out.files().keySet().stream()
            .filter(f -> !f.equals("config.xml"))
            .forEach(f -> renderedFiles.put(name + "/" + f, out.text(f)));
      }
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  /** Copies the inventory, pointing each lab switch at its device and at its lab's credential. */
  private Path copyInventory(Map<String, Integer> ports) throws IOException {
    Path src = Examples.projectRoot().resolve(inventory);
    Path dst = root.resolve(inventory);
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.sorted().toList()) {
        Path to = dst.resolve(src.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
          continue;
        }
        String text = Files.readString(f);
        for (Map.Entry<String, Integer> p : ports.entrySet()) {
          int at = text.indexOf("- name: " + p.getKey() + "\n");
          if (at < 0) {
            continue;
          }
          int mgmt = text.indexOf("management: {", at);
          int end = text.indexOf('}', mgmt);
          String lab = "lab" + labs.indexOf(labOf.get(p.getKey()));
          Integer cli = cliPorts.get(p.getKey());
          text =
              text.substring(0, mgmt)
                  + "management: { host: 127.0.0.1, port: "
                  + p.getValue()
                  + ", credentials: "
                  + lab
                  + (cli == null ? "" : ", cli: { port: " + cli + ", credentials: cli }")
                  + " "
                  + text.substring(end);
        }
        Files.writeString(to, text);
      }
    }
    return dst;
  }

  CompiledSwitch sw(String name) {
    return (CompiledSwitch) compiled.device(name).orElseThrow();
  }

  String rendered(String name) {
    return rendered.get(name);
  }

  /** Another rendered file of a device than its config.xml, e.g. {@code weft-qos.eos.cfg}. */
  String rendered(String name, String file) {
    return renderedFiles.get(name + "/" + file);
  }

  NetconfLab.Device device(String name) {
    return devices.get(name);
  }

  /** The lab a device runs in (its models, its restart). */
  NetconfLab lab(String name) {
    return labOf.get(name);
  }

  String inventory() {
    return inventory;
  }

  Path root() {
    return root;
  }

  /**
   * Every lab device's running config becomes exactly its rendered payload (the device validates
   * it).
   */
  void seed() throws Exception {
    for (String name : devices.keySet()) {
      assertNull(push(name, rendered.get(name)), name + " did not accept its rendered payload");
    }
  }

  /**
   * As {@link #seed()}, and each CLI switch's SSH device then holds exactly its rendered {@code
   * cliFile}, loaded as a device of {@code scripts/ssh-lab} kind {@code kind}.
   */
  void seedWithCli(String kind, String cliFile) throws Exception {
    seed();
    List<String> texts = new ArrayList<>();
    for (String name : cliSwitches) {
      texts.add(rendered(name, cliFile));
    }
    cli.loadOrFail(1, kind, texts);
  }

  /** The SSH lab holding the CLI halves, device {@code i} for the {@code i}-th CLI switch. */
  SshLab cli() {
    if (cli == null) {
      throw new IllegalStateException("this pod was started without CLI switches");
    }
    return cli;
  }

  /**
   * Replaces a device's running config with {@code config}; the device's first error reply, or
   * null.
   */
  String push(String name, String config) throws Exception {
    return devices.get(name).replaceWith(config, labOf.get(name).clientKey());
  }

  /**
   * Merges {@code config} on the device with python3-ncclient (an independent client) and commits.
   */
  void inject(String name, String config) throws Exception {
    devices.get(name).injectWithNcclient(config, labOf.get(name).clientKey());
  }

  /** {@code weft drift} on the pod, JSON, restricted to {@code only} (all switches when empty). */
  Cli drift(List<String> only) {
    return weft("drift", only);
  }

  /**
   * A device command ({@code drift}, {@code remediate}) on the pod, JSON, restricted to {@code
   * only}, with {@code extra}.
   */
  Cli weft(String command, List<String> only, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                command,
                root.resolve(inventory).toString(),
                "--repo",
                root.toString(),
                "--format",
                "json",
                "--known-hosts",
                knownHosts.toString(),
                "--credentials",
                credentials.toString(),
                "--timeout",
                "30s"));
    only.forEach(d -> args.addAll(List.of("--device", d)));
    args.addAll(List.of(extra));
    return Cli.run(args.toArray(String[]::new));
  }

  /**
   * The {@code <data>} of a device's {@code datastore} ({@code running}, {@code candidate}), as
   * text.
   */
  String config(String name, String datastore) throws Exception {
    return devices.get(name).config(datastore, labOf.get(name).clientKey());
  }

  /** {@code weft backup} of {@code only} into {@code git}. */
  Cli backup(Path git, List<String> only) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "backup",
                root.resolve(inventory).toString(),
                "--repo",
                root.toString(),
                "--to",
                git.toString(),
                "--format",
                "json",
                "--known-hosts",
                knownHosts.toString(),
                "--credentials",
                credentials.toString(),
                "--timeout",
                "30s"));
    only.forEach(d -> args.addAll(List.of("--device", d)));
    return Cli.run(args.toArray(String[]::new));
  }

  /**
   * yanglint's verdict on a {@code <config>} payload, against the models {@code name}'s device
   * loaded.
   */
  Verdict yanglint(String name, String config) throws IOException, InterruptedException {
    Path yang = labOf.get(name).yangDir();
    Path data = Files.createTempFile(root, "payload", ".xml");
    Path log = Files.createTempFile(root, "yanglint", ".log");
    // yanglint validates the datastore content: the children of <config>
    String body =
        config.substring(
            config.indexOf('>', config.indexOf("<config")) + 1, config.lastIndexOf("</config>"));
    Files.writeString(data, body);
    // ietf-interfaces and iana-if-type (imported by OpenConfig interfaces) come with yuma123, as on
    // the device
    Path ietf = Path.of("/usr/share/yuma/modules/ietf");
    List<String> cmd =
        new ArrayList<>(
            List.of("yanglint", "-t", "config", "-p", yang.toString(), "-p", ietf.toString()));
    try (Stream<Path> files = Files.list(yang)) {
      files
          .filter(f -> f.toString().endsWith(".yang"))
          .sorted()
          .forEach(f -> cmd.add(f.toString()));
    }
    if (body.contains("urn:ietf:params:xml:ns:yang:iana-if-type")) {
      // the payload's interface type is an iana-if-type identity: yanglint needs that module
      // implemented
      try (Stream<Path> files = Files.list(ietf)) {
        files
            .filter(f -> f.getFileName().toString().startsWith("iana-if-type@"))
            .sorted()
            .forEach(f -> cmd.add(f.toString()));
      }
    }
    cmd.add(data.toString());
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("yanglint did not finish in 120 s");
    }
    return new Verdict(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  record Verdict(int exit, String output) {
    /** yanglint's errors, without the warnings it prints about the vendor's own XPath. */
    String errors() {
      return output
          .lines()
          .filter(l -> !l.startsWith("libyang warn"))
          .reduce("", (a, b) -> a + b + "\n");
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    for (NetconfLab lab : labs) {
      lab.close();
    }
    if (cli != null) {
      cli.close();
    }
    FileTrees.delete(root);
  }
}
