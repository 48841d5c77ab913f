package dev.weft.cli;

import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.units.TimeSpan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Options of the commands that talk to devices ({@code drift}, {@code backup}), cli.md "Drift
 * options".
 */
final class NetconfOptions {

  @Option(
      names = "--device",
      paramLabel = "NAME",
      description =
          "Only this switch (repeatable; weft audit also takes a GPU host with management). Default: every switch of the inventory.")
  List<String> devices = new ArrayList<>();

  @Option(
      names = "--parallel",
      paramLabel = "N",
      defaultValue = "16",
      description = "Devices read at once (default: ${DEFAULT-VALUE}).")
  int parallel;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "30s",
      description =
          "Per device: limit of connecting, logging in and each reply, e.g. 30s, 500ms (default: ${DEFAULT-VALUE}).")
  String timeout;

  @Option(
      names = "--known-hosts",
      paramLabel = "FILE",
      description =
          "OpenSSH known_hosts with the devices' host keys (default: ~/.ssh/known_hosts).")
  Path knownHosts;

  @Option(
      names = "--accept-new-host-keys",
      description =
          "Trust the host key of a device that has no known_hosts entry yet and record it; a changed key is still refused.")
  boolean acceptNewHostKeys;

  @Option(
      names = "--credentials",
      paramLabel = "FILE",
      description =
          "YAML: credential name -> {user, key-file | agent: true | password-env: VAR}. Never echoed.")
  Path credentials;

  @Option(
      names = "--allow-remote-devices",
      description =
          "Allow management addresses outside 127.0.0.0/8 and ::1. Off by default so that a test or demo"
              + " inventory can never reach a real network by accident; set it for production audits.")
  boolean allowRemoteDevices;

  @Option(
      names = "--max-reply-bytes",
      paramLabel = "BYTES",
      defaultValue = "67108864",
      description =
          "Largest reply accepted from a device; a larger one is an error for that device (default: ${DEFAULT-VALUE}).")
  long maxReplyBytes;

  Duration timeout() {
    return duration("--timeout", timeout);
  }

  /**
   * A positive duration option ({@code 30s}, {@code 500ms}), or a usage error naming the option.
   */
  static Duration duration(String option, String text) {
    long ms;
    try {
      ms = TimeSpan.parse(text).millis();
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          option
              + ": expected a duration like 30s or 500ms, found '"
              + dev.weft.finding.Excerpt.cut(text)
              + "'");
    }
    if (ms <= 0) {
      throw new UsageException(option + " must be positive, got '" + text + "'");
    }
    return Duration.ofMillis(ms);
  }

  int parallel() {
    if (parallel < 1 || parallel > 1024) {
      throw new UsageException("--parallel must be 1..1024, got " + parallel);
    }
    return parallel;
  }

  /**
   * known_hosts beyond this is no known_hosts file (about 100,000 hosts); SSH re-reads it per
   * connection.
   */
  static final long MAX_KNOWN_HOSTS_BYTES = 16L * 1024 * 1024;

  HostKeyPolicy hostKeys() {
    Path file =
        knownHosts != null
            ? knownHosts
            : Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
    // Checked before any device is tried: /dev/zero or a pipe here once read until the heap ran
    // out.
    if (Files.exists(file)) {
      try {
        if (!Files.isRegularFile(file)) {
          throw new UsageException("--known-hosts " + file + ": not a regular file");
        }
        if (Files.size(file) > MAX_KNOWN_HOSTS_BYTES) {
          throw new UsageException(
              "--known-hosts "
                  + file
                  + ": "
                  + Files.size(file)
                  + " bytes; the limit is "
                  + MAX_KNOWN_HOSTS_BYTES
                  + " bytes (limit: known_hosts size)");
        }
        if (!Files.isReadable(file)) {
          throw new UsageException("--known-hosts " + file + ": not readable");
        }
      } catch (java.io.IOException e) {
        throw new UsageException(
            "--known-hosts " + file + ": cannot read it (" + e.getMessage() + ")");
      }
    }
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
