package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupException;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.intent.IntentResult;
import dev.weft.model.Management;
import dev.weft.model.Switch;
import dev.weft.model.TimeSpan;
import dev.weft.model.UnitException;
import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.ConfigFetcher;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.CredentialsFile;
import dev.weft.netconf.CredentialsFileException;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.DeviceTarget;
import dev.weft.netconf.FetchResult;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.Timeouts;
import dev.weft.report.DeviceStatus;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.w3c.dom.Element;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft backup}: reads every managed switch's running configuration over NETCONF and commits
 * it to a Git repository, one file per device, one commit per run (none when nothing changed).
 * A device that cannot be read is a {@code device-unreachable} finding and keeps its last backup.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = "Read every switch's running config over NETCONF and commit it to a Git repository"
                + " (one file per device, one commit per run).")
final class BackupCommand implements Callable<Integer> {

    static final String UNREACHABLE = "device-unreachable";

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INVENTORY",
            description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Option(names = "--to", required = true, paramLabel = "GITDIR",
            description = "Backup repository (created when missing or empty).")
    Path to;

    @Option(names = "--device", paramLabel = "NAME", description = "Back up only this device (repeatable).")
    List<String> devices = new ArrayList<>();

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "16", description = "Devices read at once (default 16).")
    int parallel;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "Limit for each phase of each device: connect, login, each reply (default 30s).")
    String timeout;

    @Option(names = "--known-hosts", paramLabel = "FILE",
            description = "SSH known_hosts with the devices' host keys (default ~/.ssh/known_hosts).")
    Path knownHosts;

    @Option(names = "--accept-new-host-keys",
            description = "Trust and record the key of a device seen for the first time (a changed key is still refused).")
    boolean acceptNewHostKeys;

    @Option(names = "--credentials", paramLabel = "FILE",
            description = "YAML file: credential name -> user plus key-file, agent: true or password-env.")
    Path credentials;

    @Override
    public Integer call() {
        ReportOutput.checkOptions(options);
        if (parallel < 1) {
            throw new UsageException("--parallel must be at least 1, got " + parallel);
        }
        Duration limit = duration(timeout);
        var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
        IntentResult intent = Pipeline.from(options).read(source);
        List<Finding> findings = new ArrayList<>(intent.findings());
        List<DeviceStatus> statuses = new ArrayList<>();
        if (intent.model() != null) {
            backup(intent.model().switches(), limit, findings, statuses);
        }
        findings.sort(Finding.ORDER);
        return ReportOutput.write(options, spec.commandLine().getOut(), "backup", source.inventoryPath(),
                findings, statuses, Map.of());
    }

    private void backup(List<Switch> switches, Duration limit, List<Finding> findings, List<DeviceStatus> statuses) {
        Map<String, Switch> managed = new TreeMap<>();
        switches.stream().filter(s -> s.management() != null).forEach(s -> managed.put(s.name(), s));
        TreeSet<String> unknown = new TreeSet<>(devices);
        unknown.removeAll(managed.keySet());
        if (!unknown.isEmpty()) {
            throw new UsageException("--device " + String.join(", ", unknown)
                    + ": no switch with management of that name in the inventory");
        }
        if (!devices.isEmpty()) {
            managed.keySet().retainAll(devices);
        }
        CredentialsFile creds = loadCredentials(managed.isEmpty());
        List<DeviceTarget> targets = new ArrayList<>();
        for (Switch sw : managed.values()) {
            Management m = sw.management();
            Optional<Credentials> c = creds == null ? Optional.empty() : creds.get(m.credentials());
            if (c.isEmpty()) {
                findings.add(Finding.of(UNREACHABLE, Severity.ERROR, sw.name() + ": credential '" + m.credentials()
                        + "' is not in " + credentials).at(where(m, "credentials")).onDevice(sw.name()));
                statuses.add(new DeviceStatus(sw.name(), DeviceStatus.Status.ERROR, "credentials"));
                continue;
            }
            targets.add(new DeviceTarget(new DeviceEndpoint(sw.name(), m.host(), m.port()), c.get()));
        }
        Path hosts = knownHosts != null ? knownHosts : Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
        HostKeyPolicy policy = new HostKeyPolicy(hosts, acceptNewHostKeys);
        Map<String, Element> configs = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        try (NetconfClient client = NetconfClient.create()) {
            for (FetchResult r : new ConfigFetcher(client, policy, Timeouts.all(limit), parallel).fetchAll(targets, null)) {
                String name = r.endpoint().name();
                if (r instanceof FetchResult.Fetched f) {
                    configs.put(name, f.reply().data());
                    statuses.add(DeviceStatus.ok(name));
                } else if (r instanceof FetchResult.Failed f) {
                    failed.add(name);
                    Management m = managed.get(name).management();
                    findings.add(Finding.of(UNREACHABLE, Severity.ERROR, f.error().getMessage())
                            .at(where(m, "host")).onDevice(name).withValues(null, f.error().reason().label()));
                    statuses.add(new DeviceStatus(name, DeviceStatus.Status.UNREACHABLE, f.error().reason().label()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsageException("interrupted");
        }
        statuses.sort(java.util.Comparator.comparing(DeviceStatus::name));
        try (BackupRepository repo = BackupRepository.openOrInit(to)) {
            BackupResult result = repo.record(configs, failed, Instant.now());
            String first = result.message().lines().findFirst().orElse("");
            spec.commandLine().getErr().println(first + (result.committed()
                    ? "; commit " + result.commitId().orElseThrow().substring(0, 12) + " in " + to
                    : "; nothing to commit in " + to));
        } catch (BackupException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static dev.weft.finding.Location where(Management m, String field) {
        return m.at() == null ? null : m.at().of(field);
    }

    private CredentialsFile loadCredentials(boolean nothingToRead) {
        if (credentials == null) {
            if (nothingToRead) {
                return null;
            }
            throw new UsageException("--credentials FILE is required: the switches name credentials in management");
        }
        try {
            return CredentialsFile.load(credentials);
        } catch (CredentialsFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Duration duration(String text) {
        try {
            TimeSpan t = TimeSpan.parse(text);
            if (t.millis() < 1) {
                throw new UsageException("--timeout must be at least 1ms, got " + text);
            }
            return Duration.ofMillis(t.millis());
        } catch (UnitException e) {
            throw new UsageException("--timeout: " + e.getMessage());
        }
    }
}
