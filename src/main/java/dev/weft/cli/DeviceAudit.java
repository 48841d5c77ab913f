package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftRules;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.live.DeviceProfile;
import dev.weft.live.DeviceExecutor;
import dev.weft.live.DeviceProfiles;
import dev.weft.live.ReadException;
import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfException;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.Reply;
import dev.weft.netconf.Timeouts;
import dev.weft.report.DeviceStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code weft drift} over NETCONF: reads many devices, at most {@code parallel} at a time, each through its
 * platform's live profile, and compares each with its intended compiled switch. Every device gets exactly
 * one result, whatever happens to the others: a
 * device that cannot be reached is {@code unreachable} with a {@code device-unreachable} finding naming the
 * reason (refused, timeout, auth, host-key, netconf-error); one that answered but not usably (session
 * lost mid-read, a message too large or malformed, a DTD, no live profile for its platform) is {@code error} with a {@code device-error} finding;
 * one whose reply breaks its platform's model (a list entry without its key, a number out of range, an unknown
 * enumeration) is {@code error} with a {@code reply-invalid} finding naming the NETCONF path; and one whose
 * processing fails in any other way is {@code error} with reason {@code internal-error} ({@link DeviceExecutor}).
 * Secrets never reach a message: the NETCONF layer's messages name where a password comes from, not what it is.
 */
public final class DeviceAudit {

    /**
     * One device to read.
     *
     * @param intended    its compiled switch (name, platform, provenance for findings)
     * @param endpoint    where it listens, or null when {@code problem} says why not
     * @param credentials how to log in, or null when {@code problem} says why not
     * @param problem     why the device cannot even be tried (no management, unknown credential), or null
     */
    public record Target(CompiledSwitch intended, DeviceEndpoint endpoint, Credentials credentials, String problem) {
        public Target {
            Objects.requireNonNull(intended, "intended");
            if (problem == null && (endpoint == null || credentials == null)) {
                throw new IllegalArgumentException("a target needs an endpoint and credentials, or a problem");
            }
        }

        String name() {
            return intended.name();
        }
    }

    /** Called on the device's worker thread once its session is open, before the config is read (tests stop a device here). */
    @FunctionalInterface
    public interface Hook {
        Hook NONE = device -> { };

        void connected(String device) throws InterruptedException;
    }

    /**
     * @param parallel  most devices read at once
     * @param timeout   limit of each phase of one device's session (connect, login, each reply)
     * @param hostKeys  known_hosts and whether unknown keys are accepted
     * @param client    reply size limit and address policy
     * @param env       where {@code password-env} variables are read
     * @param hook      see {@link Hook}
     * @param progress  receives "done/total" lines as devices finish (a no-op unless stderr is a terminal)
     * @param crashes   keeps the trace of a device whose processing failed unexpectedly (a crash file)
     */
    public record Settings(int parallel, Duration timeout, HostKeyPolicy hostKeys, ClientSettings client,
            Function<String, String> env, Hook hook, Consumer<String> progress, DeviceExecutor.CrashRecorder crashes) {

        /** Without a crash recorder: a device whose processing fails unexpectedly gets no trace file. */
        public Settings(int parallel, Duration timeout, HostKeyPolicy hostKeys, ClientSettings client,
                Function<String, String> env, Hook hook, Consumer<String> progress) {
            this(parallel, timeout, hostKeys, client, env, hook, progress, null);
        }

        public Settings {
            if (parallel < 1) {
                throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
            }
            Objects.requireNonNull(timeout, "timeout");
            Objects.requireNonNull(hostKeys, "hostKeys");
            Objects.requireNonNull(client, "client");
            Objects.requireNonNull(env, "env");
            hook = hook == null ? Hook.NONE : hook;
            progress = progress == null ? s -> { } : progress;
            crashes = crashes == null ? DeviceExecutor.CrashRecorder.NONE : crashes;
        }
    }

    /**
     * What happened to one device.
     *
     * @param status   ok, drift, unreachable or error
     * @param findings drift findings, or the one finding saying why the device could not be audited
     * @param live     the switch as read from the device, or null when it could not be read
     */
    public record Result(DeviceStatus status, List<Finding> findings, CompiledSwitch live) {
        public Result {
            findings = List.copyOf(findings);
        }

        public String name() {
            return status.name();
        }
    }

    private final Settings settings;
    private final DeviceProfiles profiles;

    public DeviceAudit(Settings settings, DeviceProfiles profiles) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.profiles = Objects.requireNonNull(profiles, "profiles");
    }

    /**
     * Drift: reads each device through its platform's live profile and compares it with the intent, in the
     * shared {@link DeviceExecutor}: whatever one device's reply does to the reader or the comparison, that
     * device is an {@code error} and the others complete.
     */
    public List<Result> drift(List<Target> targets) throws InterruptedException {
        List<Target> sorted = new ArrayList<>(targets);
        sorted.sort(Comparator.comparing(Target::name));
        if (sorted.isEmpty()) {
            return List.of();
        }
        DeviceExecutor executor = new DeviceExecutor(settings.parallel(), settings.crashes(), settings.progress());
        try (NetconfClient client = new NetconfClient(settings.client(), settings.env())) {
            return List.copyOf(executor.run(sorted, Target::name, t -> {
                try {
                    return audit(client, t);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return error(t, "interrupted", t.name() + ": the run was interrupted");
                }
            }, (t, failure) -> error(t, failure.reason(), failure.message())));
        }
    }

    private Result audit(NetconfClient client, Target t) throws InterruptedException {
        String name = t.name();
        if (t.problem() != null) {
            return error(t, "not-configured", t.problem());
        }
        DeviceProfile profile = profiles.forPlatform(t.intended().platform()).orElse(null);
        if (profile == null) {
            return error(t, "no-live-profile", name + ": " + profiles.missing(t.intended().platform()));
        }
        NetconfSession session;
        try {
            session = client.connect(t.endpoint(), t.credentials(), settings.hostKeys(), Timeouts.all(settings.timeout()));
        } catch (NetconfException e) {
            if (e.reason() == NetconfException.Reason.REPLY_TOO_LARGE || e.reason() == NetconfException.Reason.PROTOCOL) {
                return error(t, e.reason().label(), e.getMessage());     // it answered, but not usably
            }
            String reason = e.reason().label();
            Finding f = Finding.of(DriftRules.UNREACHABLE, Severity.ERROR, e.getMessage() + " (reason: " + reason + ")")
                    .at(owner(t)).onDevice(name).withValues("reachable", reason);
            return new Result(new DeviceStatus(name, DeviceStatus.Status.UNREACHABLE, reason), List.of(f), null);
        }
        try (session) {
            settings.hook().connected(name);
            Reply reply = session.getConfig(profile.subtreeFilter());
            CompiledSwitch live = profile.read(reply.text(), name, t.endpoint().label() + " get-config");
            List<Finding> drift = Drift.compare(t.intended(), live, Tolerance.of(t.intended()));
            DeviceStatus status = drift.isEmpty() ? DeviceStatus.ok(name) : new DeviceStatus(name, DeviceStatus.Status.DRIFT, null);
            return new Result(status, drift, live);
        } catch (NetconfException e) {
            return error(t, e.reason().label(), e.getMessage());
        } catch (ReadException e) {
            return replyInvalid(t, e);
        }
    }

    /** The reply arrived but says something the platform's model does not allow: a located {@code reply-invalid}. */
    private static Result replyInvalid(Target t, ReadException e) {
        Finding f = Finding.of(DriftRules.REPLY_INVALID, Severity.ERROR, e.getMessage())
                .at(owner(t)).onDevice(t.name()).withPath(e.path());
        return new Result(new DeviceStatus(t.name(), DeviceStatus.Status.ERROR, DriftRules.REPLY_INVALID), List.of(f), null);
    }

    private static Result error(Target t, String reason, String message) {
        Finding f = Finding.of(DriftRules.DEVICE_ERROR, Severity.ERROR, message + " (reason: " + reason + ")")
                .at(owner(t)).onDevice(t.name());
        return new Result(new DeviceStatus(t.name(), DeviceStatus.Status.ERROR, reason), List.of(f), null);
    }

    /** The intent line of the device's management block, else its name. */
    private static Location owner(Target t) {
        Location at = t.intended().provenance().get("management_host");
        return at != null ? at : t.intended().provenance().get("name");
    }
}
