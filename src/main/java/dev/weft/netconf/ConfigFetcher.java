package dev.weft.netconf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the running configuration of many devices, at most {@code parallel} at a time, each in
 * its own session (connect, {@code <get-config>}, close-session). Every device gets a result,
 * so a report never silently drops one; every phase has a timeout, so the whole run ends.
 */
public final class ConfigFetcher {

    private final NetconfClient client;
    private final HostKeyPolicy hostKeys;
    private final Timeouts timeouts;
    private final int parallel;

    public ConfigFetcher(NetconfClient client, HostKeyPolicy hostKeys, Timeouts timeouts, int parallel) {
        this.client = Objects.requireNonNull(client, "client");
        this.hostKeys = Objects.requireNonNull(hostKeys, "hostKeys");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
        }
        this.parallel = parallel;
    }

    /**
     * Reads every target with the same subtree filter (null: the whole configuration).
     *
     * @return one result per target, sorted by device name
     * @throws IllegalArgumentException for duplicate device names or a malformed filter
     */
    public List<FetchResult> fetchAll(List<DeviceTarget> targets, String subtreeFilterXml) throws InterruptedException {
        Set<String> names = new HashSet<>();
        for (DeviceTarget t : targets) {
            if (!names.add(t.endpoint().name())) {
                throw new IllegalArgumentException("device " + t.endpoint().name() + " is listed twice");
            }
        }
        if (subtreeFilterXml != null && !subtreeFilterXml.isBlank()) {
            Rpc.checkWellFormed(subtreeFilterXml, "subtree filter");
        }
        List<DeviceTarget> sorted = new ArrayList<>(targets);
        sorted.sort(Comparator.comparing((DeviceTarget t) -> t.endpoint().name()));
        if (sorted.isEmpty()) {
            return List.of();
        }
        AtomicInteger counter = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, sorted.size()), r -> {
            Thread t = new Thread(r, "netconf-fetch-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<FetchResult>> futures = new ArrayList<>();
            for (DeviceTarget t : sorted) {
                futures.add(pool.submit(() -> fetch(t, subtreeFilterXml)));
            }
            List<FetchResult> results = new ArrayList<>();
            for (Future<FetchResult> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    // fetch() turns every expected failure into a result; this is a bug
                    throw new IllegalStateException("reading a device failed unexpectedly", e.getCause());
                }
            }
            return List.copyOf(results);
        } finally {
            pool.shutdownNow();
        }
    }

    private FetchResult fetch(DeviceTarget target, String filter) {
        try (NetconfSession s = client.connect(target.endpoint(), target.credentials(), hostKeys, timeouts)) {
            return new FetchResult.Fetched(target.endpoint(), s.getConfig(filter));
        } catch (NetconfException e) {
            return new FetchResult.Failed(target.endpoint(), e);
        }
    }
}
