package dev.weft.drift;

import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.RpcErrorException;
import dev.weft.netconf.Timeouts;
import dev.weft.testing.FileTrees;
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
 * Test helper: real NETCONF devices from {@code scripts/netconf-lab} (yuma123 netconfd behind OpenSSH on
 * loopback), loaded with the project's YANG or a vendor's published models ({@code --vendor}), plus the two
 * things drift tests do to them: write config with Weft's own client (seeding), and change it with an
 * independent client (Debian's python3-ncclient), as an operator on the box would.
 */
public final class Lab implements AutoCloseable {

    private final Path stateDir;

    private Lab(Path stateDir) {
        this.stateDir = stateDir;
    }

    static Path projectDir() {
        String dir = System.getProperty("weft.project.dir");
        return Path.of(dir != null ? dir : System.getProperty("user.dir")).toAbsolutePath();
    }

    static Lab start(int devices) throws IOException, InterruptedException {
        Lab lab = new Lab(Files.createTempDirectory("weft-drift-lab"));
        lab.script("start", lab.stateDir.toString(), String.valueOf(devices));
        return lab;
    }

    /** {@code devices} devices loaded with {@code vendor}'s published models ({@code yang/vendor/<vendor>}). */
    public static Lab startVendor(String vendor, int devices) throws IOException, InterruptedException {
        Lab lab = new Lab(Files.createTempDirectory("weft-" + vendor + "-lab"));
        lab.script("--vendor", vendor, "start", lab.stateDir.toString(), String.valueOf(devices));
        return lab;
    }

    public Path knownHosts() {
        return stateDir.resolve("known_hosts");
    }

    public Path clientKey() {
        return stateDir.resolve("client_rsa");
    }

    /** The YANG modules the devices loaded (for a vendor lab: the recipe's edited copies). */
    public Path yangDir() {
        return stateDir.resolve("yang");
    }

    public Device device(int i) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(stateDir.resolve("dev" + i).resolve("connection.properties"))) {
            p.load(r);
        }
        return new Device(i, p);
    }

    /** Stops one device for good: SIGTERM to the sshd and netconfd this lab started (by their recorded PIDs), then waits. */
    void stopDevice(int i) throws IOException {
        Path dir = stateDir.resolve("dev" + i);
        for (String daemon : List.of("netconfd", "sshd")) {
            long pid = Long.parseLong(Files.readString(dir.resolve(daemon + ".pid")).strip());
            ProcessHandle.of(pid).ifPresent(h -> {
                h.destroy();
                h.onExit().orTimeout(20, TimeUnit.SECONDS).join();
            });
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        script("stop", stateDir.toString());
        // the lab's SSH keys and device state are the test's own: leave nothing behind in /tmp
        FileTrees.delete(stateDir);
    }

    private String script(String... args) throws IOException, InterruptedException {
        Path log = Files.createTempFile("netconf-lab", ".log");
        try {
            List<String> cmd = new ArrayList<>(List.of("bash", projectDir().resolve("scripts/netconf-lab").toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("netconf-lab " + String.join(" ", args) + " did not finish in 300 s");
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("netconf-lab " + String.join(" ", args) + " failed:\n" + out);
            }
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    public record Device(int index, Properties p) {
        String get(String key) {
            String v = p.getProperty(key);
            if (v == null) {
                throw new IllegalStateException("connection.properties has no " + key);
            }
            return v;
        }

        public int port() {
            return Integer.parseInt(get("netconf.port"));
        }

        String password() {
            return get("netconf.password");
        }

        Path knownHosts() {
            return Path.of(get("netconf.known.hosts"));
        }

        /**
         * Replaces the device's OpenConfig interfaces and qos trees with the rendered {@code <config>} payload
         * (edit-config to candidate with operation replace, then commit), so every test starts in sync.
         */
        void seed(String renderedConfig, Path clientKey) throws Exception {
            String nc = "xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"replace\"";
            String config = renderedConfig.replaceFirst("^<\\?xml[^>]*\\?>\\s*", "")
                    .replace("<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">",
                            "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\" " + nc + ">")
                    .replace("<qos xmlns=\"http://openconfig.net/yang/qos\">", "<qos xmlns=\"http://openconfig.net/yang/qos\" " + nc + ">");
            try (NetconfClient c = new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
                    NetconfSession s = c.connect(new DeviceEndpoint("dev" + index, "127.0.0.1", port()),
                            Credentials.keyFile(get("netconf.user"), clientKey), HostKeyPolicy.strict(knownHosts()),
                            Timeouts.all(Duration.ofSeconds(30)))) {
                if (!s.rpc("<edit-config><target><candidate/></target>" + config + "</edit-config>").isOk()
                        || !s.rpc("<commit/>").isOk()) {
                    throw new AssertionError("dev" + index + " did not accept the rendered config");
                }
            }
        }

        /**
         * Makes the running config exactly {@code config} (a NETCONF {@code <config>}): edit-config to the
         * candidate with default-operation replace, then commit. Returns the device's error, or null when it took the config.
         */
        public String replaceWith(String config, Path clientKey) throws Exception {
            String body = config.replaceFirst("^<\\?xml[^>]*\\?>\\s*", "");
            try (NetconfClient c = new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
                    NetconfSession s = c.connect(new DeviceEndpoint("dev" + index, "127.0.0.1", port()),
                            Credentials.keyFile(get("netconf.user"), clientKey), HostKeyPolicy.strict(knownHosts()),
                            Timeouts.all(Duration.ofSeconds(30)))) {
                try {
                    s.rpc("<edit-config><target><candidate/></target><default-operation>replace</default-operation>"
                            + body + "</edit-config>");
                    s.rpc("<commit/>");
                    return null;
                } catch (RpcErrorException e) {
                    s.rpc("<discard-changes/>");
                    return e.getMessage();
                }
            }
        }

        /** Merges {@code configXml} (a NETCONF {@code <config>}) with python3-ncclient, an independent client, and commits. */
        public void injectWithNcclient(String configXml, Path clientKey) throws IOException, InterruptedException {
            String py = String.join("\n",
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
                Process p = new ProcessBuilder("/usr/bin/python3", "-c", py, String.valueOf(port()), get("netconf.user"),
                        clientKey.toString()).redirectErrorStream(true).redirectOutput(log.toFile())
                        .redirectInput(in.toFile()).start();
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
