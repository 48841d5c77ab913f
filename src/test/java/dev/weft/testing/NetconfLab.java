package dev.weft.testing;

import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.RpcErrorException;
import dev.weft.netconf.Timeouts;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The one test driver of {@code scripts/netconf-lab}: real NETCONF devices (yuma123 netconfd behind
 * a private OpenSSH on loopback), their connection facts, and the things tests do to them: write
 * config with Weft's own client (seeding), change it with an independent client (Debian's
 * python3-ncclient) as an operator on the box would, stop one device. The script's output goes to a
 * file, so a daemon can never hold the test's pipe open.
 */
public final class NetconfLab implements AutoCloseable {

  private final Path stateDir;

  private NetconfLab(Path stateDir) {
    this.stateDir = stateDir;
  }

  public static Path projectDir() {
    String dir = System.getProperty("weft.project.dir");
    return Path.of(dir != null ? dir : System.getProperty("user.dir")).toAbsolutePath();
  }

  /**
   * {@code devices} devices in a fresh temporary state folder, loaded with the project's own YANG.
   */
  public static NetconfLab start(int devices) throws IOException, InterruptedException {
    return start(Files.createTempDirectory("weft-netconf-lab"), devices, Map.of());
  }

  public static NetconfLab start(Path stateDir, int devices)
      throws IOException, InterruptedException {
    return start(stateDir, devices, Map.of());
  }

  /** With the script's environment, e.g. {@code NETCONF_LAB_YANG_DIR} for a vendor's models. */
  public static NetconfLab start(Path stateDir, int devices, Map<String, String> env)
      throws IOException, InterruptedException {
    NetconfLab lab = new NetconfLab(stateDir);
    lab.run(env, "start", stateDir.toString(), String.valueOf(devices));
    return lab;
  }

  /**
   * {@code devices} devices loaded with {@code vendor}'s published models ({@code
   * scripts/netconf-lab --vendor}: {@code yang/vendor/<vendor>} through its edit recipe into {@link
   * #yangDir()}).
   */
  public static NetconfLab startVendor(String vendor, int devices)
      throws IOException, InterruptedException {
    return startVendor(vendor, devices, Map.of());
  }

  /**
   * As {@link #startVendor(String, int)}, with the script's environment (e.g. {@code
   * NETCONF_LAB_LOG_LEVEL}).
   */
  public static NetconfLab startVendor(String vendor, int devices, Map<String, String> env)
      throws IOException, InterruptedException {
    Path stateDir = Files.createTempDirectory("weft-" + vendor + "-lab");
    NetconfLab lab = new NetconfLab(stateDir);
    lab.run(env, "--vendor", vendor, "start", stateDir.toString(), String.valueOf(devices));
    return lab;
  }

  /** The YANG modules a vendor lab's devices loaded: the recipe's edited copies. */
  public Path yangDir() {
    return stateDir.resolve("yang");
  }

  public Path stateDir() {
    return stateDir;
  }

  /** known_hosts listing every device of the lab. */
  public Path knownHosts() {
    return stateDir.resolve("known_hosts");
  }

  /** The client RSA key (PEM) every device of the lab accepts. */
  public Path clientKey() {
    return stateDir.resolve("client_rsa");
  }

  /** connection.properties of device i (1-based). */
  public Device device(int i) throws IOException {
    Properties p = new Properties();
    try (Reader r =
        Files.newBufferedReader(stateDir.resolve("dev" + i).resolve("connection.properties"))) {
      p.load(r);
    }
    return new Device(i, p);
  }

  /**
   * Stops one device for good: SIGTERM to the sshd and netconfd this lab started (by their recorded
   * PIDs), then waits.
   */
  public void stopDevice(int i) throws IOException {
    Path dir = stateDir.resolve("dev" + i);
    for (String daemon : List.of("netconfd", "sshd")) {
      long pid = Long.parseLong(Files.readString(dir.resolve(daemon + ".pid")).strip());
      ProcessHandle.of(pid)
          .ifPresent(
              h -> {
                h.destroy();
                h.onExit().orTimeout(20, TimeUnit.SECONDS).join();
              });
    }
  }

  /**
   * Kills device i's netconfd with SIGKILL, as a crash or a power cut would: nothing is saved on
   * the way out. Its sshd stays, but sessions find no server behind it until {@link
   * #restartDevice}.
   */
  public void killDevice(int i) throws IOException {
    long pid =
        Long.parseLong(
            Files.readString(stateDir.resolve("dev" + i).resolve("netconfd.pid")).strip());
    ProcessHandle.of(pid)
        .ifPresent(
            h -> {
              h.destroyForcibly();
              h.onExit().orTimeout(20, TimeUnit.SECONDS).join();
            });
  }

  /**
   * Cuts every open session of device i, as a network cut would: SIGKILL to every process its sshd
   * forked for a connection (the privileged and unprivileged sshd of each, and their
   * netconf-subsystem). netconfd keeps running (a pending confirmed commit with a persist id waits
   * for its timeout).
   */
  public void dropSessions(int i) throws IOException {
    long pid =
        Long.parseLong(Files.readString(stateDir.resolve("dev" + i).resolve("sshd.pid")).strip());
    for (ProcessHandle h :
        ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of())) {
      h.destroyForcibly();
      h.onExit().orTimeout(20, TimeUnit.SECONDS).join();
    }
  }

  /**
   * Stops device i and starts it again on its port with the datastore it saved ({@code netconf-lab
   * restart}).
   */
  public void restartDevice(int i) throws IOException, InterruptedException {
    run(Map.of(), "restart", stateDir.toString(), String.valueOf(i));
  }

  /** Stops the devices, then removes the state folder (keys, logs) once nothing runs from it. */
  @Override
  public void close() throws IOException, InterruptedException {
    run(Map.of(), "stop", stateDir.toString());
    FileTrees.delete(stateDir);
  }

  /** Runs the lab script and fails unless it exits 0. */
  public String run(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    Result r = exec(env, args);
    if (r.exit() != 0) {
      throw new IOException(
          "netconf-lab "
              + String.join(" ", args)
              + " failed (exit "
              + r.exit()
              + "):\n"
              + r.output());
    }
    return r.output();
  }

  public record Result(int exit, String output) {}

  /** Runs the lab script with {@code env} added to the environment. */
  public static Result exec(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("netconf-lab", ".log");
    try {
      List<String> cmd =
          new ArrayList<>(List.of("bash", projectDir().resolve("scripts/netconf-lab").toString()));
      cmd.addAll(List.of(args));
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("netconf-lab " + String.join(" ", args) + " did not finish in 300 s");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** One device of the lab: the facts of its connection.properties. */
  /** How netconfd at debug level logs an RPC it received. */
  private static final java.util.regex.Pattern RPC_LOGGED =
      java.util.regex.Pattern.compile("agt_rpc: <([a-z-]+)> for ([0-9]+)=");

  public record Device(int index, Properties p) {
    public String get(String key) {
      String v = p.getProperty(key);
      if (v == null) {
        throw new IllegalStateException("connection.properties has no " + key);
      }
      return v;
    }

    public int port() {
      return Integer.parseInt(get("netconf.port"));
    }

    public DeviceEndpoint endpoint() {
      return new DeviceEndpoint(get("netconf.name"), get("netconf.host"), port());
    }

    public Path knownHosts() {
      return Path.of(get("netconf.known.hosts"));
    }

    public String user() {
      return get("netconf.user");
    }

    public String password() {
      return get("netconf.password");
    }

    public Path rsaKey() {
      return Path.of(get("netconf.key.rsa.pem"));
    }

    public Path ed25519Key() {
      return Path.of(get("netconf.key.ed25519"));
    }

    public List<String> hostKeyFingerprints() {
      return List.of(
          get("netconf.hostkey.sha256.ed25519"),
          get("netconf.hostkey.sha256.ecdsa"),
          get("netconf.hostkey.sha256.rsa"));
    }

    /**
     * Sends {@code config} (a NETCONF {@code <config>}) as edit-config to candidate with Weft's
     * client, then commits.
     */
    public void push(String config, Path clientKey) throws Exception {
      String refused = commit(config, clientKey, "merge");
      if (refused != null) {
        throw new AssertionError("dev" + index + " did not accept the config: " + refused);
      }
    }

    /**
     * Makes the running config exactly {@code config} (a NETCONF {@code <config>}): edit-config to
     * the candidate with default-operation replace, then commit. The device's error, or null when
     * it took it.
     */
    public String replaceWith(String config, Path clientKey) throws Exception {
      return commit(config, clientKey, "replace");
    }

    /**
     * edit-config to the candidate with {@code defaultOperation}, then commit; the device's error,
     * or null.
     */
    private String commit(String config, Path clientKey, String defaultOperation) throws Exception {
      try (NetconfClient c =
              new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
          NetconfSession s =
              c.connect(
                  new DeviceEndpoint("dev" + index, "127.0.0.1", port()),
                  Credentials.keyFile(user(), clientKey),
                  HostKeyPolicy.strict(knownHosts()),
                  Timeouts.all(Duration.ofSeconds(30)))) {
        String body = config.replaceFirst("^<\\?xml[^>]*\\?>\\s*", "");
        try {
          s.rpc(
              "<edit-config><target><candidate/></target><default-operation>"
                  + defaultOperation
                  + "</default-operation>"
                  + body
                  + "</edit-config>");
          s.rpc("<commit/>");
          return null;
        } catch (RpcErrorException e) {
          s.rpc("<discard-changes/>");
          return e.getMessage();
        }
      }
    }

    /**
     * Replaces the device's OpenConfig interfaces and qos trees with the rendered {@code <config>}
     * payload (operation replace), so every test starts in sync.
     */
    public void seed(String renderedConfig, Path clientKey) throws Exception {
      String nc = "xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"replace\"";
      push(
          renderedConfig
              .replace(
                  "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">",
                  "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\" " + nc + ">")
              .replace(
                  "<qos xmlns=\"http://openconfig.net/yang/qos\">",
                  "<qos xmlns=\"http://openconfig.net/yang/qos\" " + nc + ">"),
          clientKey);
    }

    /**
     * netconfd's own log of this device: every edit-transaction, lock and session, as the server
     * saw them.
     */
    public Path log() {
      return Path.of(get("netconf.device.dir")).resolve("netconfd.log");
    }

    /** Where the device's log ends now; {@link #rpcsSince} reads what came after. */
    public long logMark() throws IOException {
      return Files.size(log());
    }

    /** The log written since {@code mark}. */
    public String logSince(long mark) throws IOException {
      byte[] all = Files.readAllBytes(log());
      return new String(all, (int) mark, all.length - (int) mark, StandardCharsets.UTF_8);
    }

    /**
     * The RPCs netconfd received since {@code mark}, in order, from its own log: netconfd at debug
     * level ({@code NETCONF_LAB_LOG_LEVEL=debug}) names each one ({@code agt_rpc: <edit-config> for
     * ...}).
     */
    public List<String> rpcsSince(long mark) throws IOException {
      List<String> out = new ArrayList<>();
      java.util.regex.Matcher m = RPC_LOGGED.matcher(logSince(mark));
      while (m.find()) {
        out.add(m.group(1));
      }
      return out;
    }

    /**
     * As {@link #rpcsSince}, only those of the session that sent {@code rpc} first after {@code
     * mark} (netconfd logs each RPC with its session number): one client session's protocol,
     * whatever other sessions sent meanwhile. Empty when no session sent {@code rpc}.
     */
    public List<String> sessionRpcsSince(long mark, String rpc) throws IOException {
      List<String> out = new ArrayList<>();
      String session = null;
      java.util.regex.Matcher m = RPC_LOGGED.matcher(logSince(mark));
      while (m.find()) {
        if (session == null && m.group(1).equals(rpc)) {
          session = m.group(2);
        }
        if (m.group(2).equals(session)) {
          out.add(m.group(1));
        }
      }
      return out;
    }

    /** The datastore netconfd saves every commit to and loads at start. */
    public Path startupConfig() {
      return Path.of(get("netconf.device.dir")).resolve("startup-cfg.xml");
    }

    /**
     * The {@code <data>} of get-config of {@code datastore} ({@code running}, {@code candidate}),
     * read with Weft's client, as text.
     */
    public String config(String datastore, Path clientKey) throws Exception {
      try (NetconfClient c =
              new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
          NetconfSession s =
              c.connect(
                  new DeviceEndpoint("dev" + index, "127.0.0.1", port()),
                  Credentials.keyFile(user(), clientKey),
                  HostKeyPolicy.strict(knownHosts()),
                  Timeouts.all(Duration.ofSeconds(30)))) {
        return dev.weft.git.BackupXml.render(
            s.getConfig(
                    dev.weft.netconf.Datastore.valueOf(
                        datastore.toUpperCase(java.util.Locale.ROOT)),
                    null)
                .data());
      }
    }

    /**
     * Another operator's session, with python3-ncclient, holding the candidate lock until closed.
     * Returns once the device granted the lock.
     */
    public AutoCloseable holdLock(Path clientKey) throws IOException {
      String py =
          String.join(
              "\n",
              "import sys",
              "from ncclient import manager",
              "m = manager.connect(host='127.0.0.1', port=int(sys.argv[1]), username=sys.argv[2], key_filename=sys.argv[3],",
              "                    hostkey_verify=False, allow_agent=False, look_for_keys=False, timeout=30)",
              "m.lock('candidate')",
              "print('locked', flush=True)",
              "sys.stdin.read()",
              "m.unlock('candidate')",
              "m.close_session()");
      Process p =
          new ProcessBuilder(
                  "/usr/bin/python3",
                  "-c",
                  py,
                  String.valueOf(port()),
                  user(),
                  clientKey.toString())
              .redirectErrorStream(true)
              .start();
      java.io.BufferedReader out =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      StringBuilder said = new StringBuilder();
      for (String line = out.readLine();
          line != null;
          line = out.readLine()) { // ncclient's own timeout bounds this
        if (line.equals("locked")) {
          return () -> {
            p.getOutputStream().close();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
              p.destroyForcibly();
              throw new IOException("the ncclient lock holder did not exit");
            }
          };
        }
        said.append(line).append('\n');
      }
      p.destroyForcibly();
      throw new IOException("ncclient could not lock the candidate of dev" + index + ":\n" + said);
    }

    /**
     * Merges {@code configXml} (a NETCONF {@code <config>}) with python3-ncclient, an independent
     * client, and commits.
     */
    public void injectWithNcclient(String configXml, Path clientKey)
        throws IOException, InterruptedException {
      String py =
          String.join(
              "\n",
              "import sys",
              "from ncclient import manager",
              "m = manager.connect(host='127.0.0.1', port=int(sys.argv[1]), username=sys.argv[2], key_filename=sys.argv[3],",
              "                    hostkey_verify=False, allow_agent=False, look_for_keys=False, timeout=30)",
              "m.edit_config(target='candidate', config=sys.stdin.read())",
              "m.commit()",
              "m.close_session()");
      Path log = Files.createTempFile("ncclient", ".log");
      Path in = Files.createTempFile("ncclient", ".xml");
      try {
        Files.writeString(in, configXml);
        Process p =
            new ProcessBuilder(
                    "/usr/bin/python3",
                    "-c",
                    py,
                    String.valueOf(port()),
                    user(),
                    clientKey.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(in.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IOException("ncclient did not finish in 120 s");
        }
        if (p.exitValue() != 0) {
          throw new IOException("ncclient edit-config failed:\n" + Files.readString(log));
        }
      } finally {
        Files.deleteIfExists(log);
        Files.deleteIfExists(in);
      }
    }
  }
}
