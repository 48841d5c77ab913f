package dev.weft.finding;

import java.util.Locale;
import java.util.Objects;

/**
 * The outcome for one device a command tried to reach (drift, backup), so a report never silently
 * drops a device.
 *
 * @param name   device name
 * @param status what happened
 * @param reason why, for {@code unreachable} and {@code error} (refused, timeout, auth, ...); or null
 */
public record DeviceStatus(String name, Status status, String reason) {

    /** The four statuses of the CLI contract. */
    public enum Status {
        OK,
        DRIFT,
        UNREACHABLE,
        ERROR;

        /** The lower-case word used in every report format. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public DeviceStatus {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
    }

    public static DeviceStatus ok(String name) {
        return new DeviceStatus(name, Status.OK, null);
    }
}
