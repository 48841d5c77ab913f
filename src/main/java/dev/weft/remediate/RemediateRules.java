package dev.weft.remediate;

import dev.weft.drift.DriftRules;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ids {@code weft remediate} reports besides the drift ids, with the text SARIF and the docs
 * need.
 */
public final class RemediateRules {

  public static final String APPLIED = "remediate-applied";
  public static final String NOT_REMEDIABLE = "remediate-not-remediable";
  public static final String REFUSED = "remediate-refused";
  public static final String LOCKED = "remediate-locked";
  public static final String REJECTED = "remediate-rejected";
  public static final String ROLLED_BACK = "remediate-rolled-back";
  public static final String SKIPPED = "remediate-skipped";

  private static final List<DriftRules.Description> TABLE =
      List.of(
          new DriftRules.Description(
              APPLIED,
              "The plan was pushed, read back in sync and confirmed",
              "The device's drifted parts are back to intent; the confirmed commit (NETCONF) was "
                  + "confirmed, or the checkpoint taken before the JSON Patch (SONiC) deleted, only "
                  + "after the read-back compared in sync.",
              "Nothing to do; the report and the backup commits (--backup) record what changed."),
          new DriftRules.Description(
              NOT_REMEDIABLE,
              "A drifted part Weft does not change on this platform",
              "Some drift cannot be fixed by an edit of the intended values (a missing port, a port speed, a"
                  + " feature the platform's model lacks); its drift finding stays.",
              "Fix it by hand, or change the intent."),
          new DriftRules.Description(
              REFUSED,
              "Weft did not push to the device",
              "A push must be reversible: Weft edits the candidate datastore and commits with a "
                  + "confirmed commit (NETCONF), or applies a JSON Patch inside a checkpoint it rolls "
                  + "back to (SONiC), so a device without :candidate or :confirmed-commit, a platform "
                  + "with neither path, or an intent with errors is refused rather than pushed to "
                  + "running blindly.",
              "See the reason; remediate such a device by hand or with its own tools."),
          new DriftRules.Description(
              LOCKED,
              "Another session holds the device's candidate",
              "A lock held by someone else (or a confirmed commit of theirs that is still pending) means a change"
                  + " is in progress; Weft does not push over it.",
              "Run again when the other session is done."),
          new DriftRules.Description(
              REJECTED,
              "The device refused the edit; nothing was committed",
              "The device's own model checks the edit (edit-config, validate, commit; SONiC's "
                  + "apply-patch dry run against its YANG) before anything takes effect; a refusal "
                  + "leaves running as it was and the candidate is discarded (or the unused checkpoint "
                  + "deleted).",
              "Read the device's error: the intent asks for something this platform does not take."),
          new DriftRules.Description(
              ROLLED_BACK,
              "The edit was committed but not confirmed: the device went back",
              "After the confirmed commit the device is read back; only when it compares in sync "
                  + "is the commit confirmed. Otherwise it is cancelled (or, when the session is lost, "
                  + "the device reverts by itself when the confirm timeout expires). On SONiC, a patch "
                  + "that does not read back in sync is rolled back to the checkpoint taken before it.",
              "See the reason (still-drifted names what differs after the edit; session-lost means the device"
                  + " or the path to it went away)."),
          new DriftRules.Description(
              SKIPPED,
              "Not attempted: canary or blast-radius cap",
              "--canary N pushes to N devices first and stops unless each was remediated; --max-devices caps how"
                  + " many devices one run changes.",
              "Look at the canaries' results, then run again (or raise --max-devices)."));

  private RemediateRules() {}

  /** Every remediate id, by id. */
  public static Map<String, DriftRules.Description> all() {
    Map<String, DriftRules.Description> out = new TreeMap<>();
    TABLE.forEach(d -> out.put(d.id(), d));
    return out;
  }
}
