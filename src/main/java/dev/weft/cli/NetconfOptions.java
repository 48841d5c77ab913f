package dev.weft.cli;

import dev.weft.units.TimeSpan;
import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.HostKeyPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options of the commands that talk to devices ({@code drift}, {@code backup}), cli.md "Drift options". */
final class NetconfOptions {

    @Option(names = "--device", paramLabel = "NAME", description = "Only this switch (repeatable). Default: every switch of the inventory.")
    List<String> devices = new ArrayList<>();

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "16", description = "Devices read at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "Per device: limit of connecting, logging in and each reply, e.g. 30s, 500ms (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--known-hosts", paramLabel = "FILE", description = "OpenSSH known_hosts with the devices' host keys (default: ~/.ssh/known_hosts).")
    Path knownHosts;

    @Option(names = "--accept-new-host-keys",
            description = "Trust the host key of a device that has no known_hosts entry yet and record it; a changed key is still refused.")
    boolean acceptNewHostKeys;

    @Option(names = "--credentials", paramLabel = "FILE",
            description = "YAML: credential name -> {user, key-file | agent: true | password-env: VAR}. Never echoed.")
    Path credentials;

    @Option(names = "--allow-remote-devices",
            description = "Allow management addresses outside 127.0.0.0/8 and ::1. Off by default so that a test or demo"
                    + " inventory can never reach a real network by accident; set it for production audits.")
    boolean allowRemoteDevices;

    @Option(names = "--max-reply-bytes", paramLabel = "BYTES", defaultValue = "67108864",
            description = "Largest reply accepted from a device; a larger one is an error for that device (default: ${DEFAULT-VALUE}).")
    long maxReplyBytes;

    Duration timeout() {
        long ms;
        try {
            ms = TimeSpan.parse(timeout).millis();
        } catch (IllegalArgumentException e) {
            throw new UsageException("--timeout: expected a duration like 30s or 500ms, found '" + timeout + "'");
        }
        if (ms <= 0) {
            throw new UsageException("--timeout must be positive, got '" + timeout + "'");
        }
        return Duration.ofMillis(ms);
    }

    int parallel() {
        if (parallel < 1 || parallel > 1024) {
            throw new UsageException("--parallel must be 1..1024, got " + parallel);
        }
        return parallel;
    }

    HostKeyPolicy hostKeys() {
        Path file = knownHosts != null ? knownHosts : Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
        return new HostKeyPolicy(file, acceptNewHostKeys);
    }

    ClientSettings client() {
        if (maxReplyBytes < 1024) {
            throw new UsageException("--max-reply-bytes must be at least 1024, got " + maxReplyBytes);
        }
        ClientSettings settings = ClientSettings.defaults().withMaxReplyBytes(maxReplyBytes);
        return allowRemoteDevices ? settings.allowingNonLoopback() : settings;
    }
}
