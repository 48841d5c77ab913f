package dev.weft.audit;

/**
 * A drifted device's config diff, as the audit report carries it (so {@code weft report merge}
 * keeps it): a unified diff from what the intent renders ({@code -}) to what the device runs
 * ({@code +}), cut to the parts of the file that hold the drifted features where the pack can cut
 * them.
 *
 * @param file the rendered file compared, e.g. {@code config_db.json}, or null when there is no
 *     diff
 * @param scope what the diff covers, e.g. {@code tables PORT} or {@code every rendered tree}
 * @param text the unified diff (secrets masked, capped at {@link ConfigDiffs#MAX_CHARS}); empty
 *     when there is none
 * @param note what was left out or cut, or why there is no diff; null when nothing needs saying
 */
public record ConfigDiff(String file, String scope, String text, String note) {

  public ConfigDiff {
    text = text == null ? "" : text;
  }

  /** No diff, with the reason. */
  public static ConfigDiff none(String why) {
    return new ConfigDiff(null, null, "", why);
  }
}
