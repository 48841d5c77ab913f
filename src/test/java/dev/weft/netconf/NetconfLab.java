package dev.weft.netconf;

import dev.weft.testing.FileTrees;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: real NETCONF devices started by {@code scripts/netconf-lab} (yuma123 netconfd
 * behind OpenSSH on loopback). One lab per state directory.
 */
public final class NetconfLab implements AutoCloseable {

    private final Path stateDir;

    private NetconfLab(Path stateDir) {
        this.stateDir = stateDir;
    }

    static Path projectDir() {
        String dir = System.getProperty("weft.project.dir");
        return Path.of(dir != null ? dir : System.getProperty("user.dir")).toAbsolutePath();
    }

    public static NetconfLab start(Path stateDir, int devices) throws IOException, InterruptedException {
        NetconfLab lab = new NetconfLab(stateDir);
        lab.run("start", stateDir.toString(), String.valueOf(devices));
        return lab;
    }

    /** Runs the lab script and fails unless it exits 0. */
    String run(String... args) throws IOException, InterruptedException {
        Result r = exec(java.util.Map.of(), args);
        if (r.exit() != 0) {
            throw new IOException("netconf-lab " + String.join(" ", args) + " failed (exit " + r.exit() + "):\n"
                    + r.output());
        }
        return r.output();
    }

    record Result(int exit, String output) {
    }

    /** Runs the lab script; its output goes to a file so a daemon can never hold our pipe open. */
    static Result exec(java.util.Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path script = projectDir().resolve("scripts/netconf-lab");
        Path log = Files.createTempFile("netconf-lab", ".log");
        try {
            List<String> cmd = new java.util.ArrayList<>(List.of("bash", script.toString()));
            cmd.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
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

    /** connection.properties of device i (1-based). */
    public Device device(int i) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(stateDir.resolve("dev" + i).resolve("connection.properties"))) {
            p.load(r);
        }
        return new Device(p);
    }

    @Override
    /** Stops the devices, then removes the state directory (keys, logs) once nothing runs from it. */
    public void close() throws IOException, InterruptedException {
        run("stop", stateDir.toString());
        FileTrees.delete(stateDir);
    }

    public record Device(Properties p) {
        public String get(String key) {
            String v = p.getProperty(key);
            if (v == null) {
                throw new IllegalStateException("connection.properties has no " + key);
            }
            return v;
        }

        public DeviceEndpoint endpoint() {
            return new DeviceEndpoint(get("netconf.name"), get("netconf.host"), Integer.parseInt(get("netconf.port")));
        }

        public Path knownHosts() {
            return Path.of(get("netconf.known.hosts"));
        }

        public String user() {
            return get("netconf.user");
        }

        String password() {
            return get("netconf.password");
        }

        public Path rsaKey() {
            return Path.of(get("netconf.key.rsa.pem"));
        }

        Path ed25519Key() {
            return Path.of(get("netconf.key.ed25519"));
        }

        List<String> hostKeyFingerprints() {
            return List.of(get("netconf.hostkey.sha256.ed25519"), get("netconf.hostkey.sha256.ecdsa"),
                    get("netconf.hostkey.sha256.rsa"));
        }
    }
}
