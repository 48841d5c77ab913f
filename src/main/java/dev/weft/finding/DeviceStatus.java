package dev.weft.finding;

import java.util.Locale;
import java.util.Objects;

/**
 * The outcome for one device a command tried to reach (drift, backup, remediate), so a report never
 * silently drops a device.
 *
 * @param name device name
 * @param status what happened
 * @param reason why, one short word: for {@code unreachable} and {@code error} (refused, timeout,
 *     auth, ...) and for the remediate statuses other than {@code remediated} (lock-denied,
 *     still-drifted, no-candidate, ...); or null
 */
public record DeviceStatus(String name, Status status, String reason) {

  /**
   * The statuses of the CLI contract: {@code ok}, {@code drift}, {@code unreachable} and {@code
   * error} for every device command; the others only for {@code weft remediate}
   * (docs/remediate.md).
   */
  public enum Status {
    OK,
    DRIFT,
    UNREACHABLE,
    ERROR,
    /**
     * {@code weft audit}: the device's platform has no live read (no live profile); nothing was
     * compared.
     */
    NOT_AUDITED,
    /** Remediate dry run: a plan was made, nothing was sent. */
    PLANNED,
    /** The plan was pushed, the device read back in sync, and the commit was confirmed. */
    REMEDIATED,
    /**
     * The plan was committed with a confirmed commit that was not confirmed: the device went back.
     */
    ROLLED_BACK,
    /** The device refused the edit (edit-config, validate or commit); nothing was committed. */
    REJECTED,
    /**
     * Weft did not push: the device or its platform cannot take a safe push (no candidate, not
     * NETCONF).
     */
    REFUSED,
    /**
     * Another session holds the candidate lock (or a confirmed commit is pending); nothing was
     * sent.
     */
    LOCKED,
    /** Not attempted: the canary failed or the blast-radius cap was reached. */
    SKIPPED;

    /** The lower-case word used in every report format ({@code rolled-back}). */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
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
