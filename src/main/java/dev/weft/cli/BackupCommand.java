package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupException;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.intent.IntentResult;
import dev.weft.model.Management;
import dev.weft.model.Switch;
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

    @Mixin
    NetconfOptions netconf;

    @Override
    public Integer call() {
        Invocation invocation = Invocation.start(spec);
        ReportOutput.checkOptions(options);
        Duration limit = netconf.timeout();
        var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
        IntentResult intent = Pipeline.from(options).read(source);
        List<Finding> findings = new ArrayList<>(intent.findings());
        List<DeviceStatus> statuses = new ArrayList<>();
        if (intent.model() != null) {
            backup(intent.model().switches(), limit, findings, statuses);
        }
        findings.sort(Finding.ORDER);
        return ReportOutput.write(options, spec.commandLine().getOut(), "backup", source, findings, statuses, Map.of(),
                invocation, null);
    }

    private void backup(List<Switch> switches, Duration limit, List<Finding> findings, List<DeviceStatus> statuses) {
        Map<String, Switch> managed = new TreeMap<>();
        switches.stream().filter(s -> s.management() != null).forEach(s -> managed.put(s.name(), s));
        TreeSet<String> unknown = new TreeSet<>(netconf.devices);
        unknown.removeAll(managed.keySet());
        if (!unknown.isEmpty()) {
            throw new UsageException("--device " + String.join(", ", unknown)
                    + ": no switch with management of that name in the inventory");
        }
        if (!netconf.devices.isEmpty()) {
            managed.keySet().retainAll(netconf.devices);
        }
        CredentialsFile creds = loadCredentials(managed.isEmpty());
        List<DeviceTarget> targets = new ArrayList<>();
        for (Switch sw : managed.values()) {
            Management m = sw.management();
            Optional<Credentials> c = creds == null ? Optional.empty() : creds.get(m.credentials());
            if (c.isEmpty()) {
                findings.add(Finding.of(UNREACHABLE, Severity.ERROR, sw.name() + ": credential '" + m.credentials()
                        + "' is not in " + netconf.credentials).at(where(m, "credentials")).onDevice(sw.name()));
                statuses.add(new DeviceStatus(sw.name(), DeviceStatus.Status.ERROR, "credentials"));
                continue;
            }
            targets.add(new DeviceTarget(new DeviceEndpoint(sw.name(), m.host(), m.port()), c.get()));
        }
        HostKeyPolicy policy = netconf.hostKeys();
        Map<String, Element> configs = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        try (NetconfClient client = new NetconfClient(netconf.client(), System::getenv)) {
            for (FetchResult r : new ConfigFetcher(client, policy, Timeouts.all(limit), netconf.parallel()).fetchAll(targets, null)) {
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
        if (netconf.credentials == null) {
            if (nothingToRead) {
                return null;
            }
            throw new UsageException("--credentials FILE is required: the switches name credentials in management");
        }
        try {
            return CredentialsFile.load(netconf.credentials);
        } catch (CredentialsFileException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
