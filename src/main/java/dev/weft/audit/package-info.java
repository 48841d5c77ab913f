/**
 * {@code weft audit}, the nightly job: one pass per device (the drift read, the rules on the live
 * config, the counters for health and the config for the backup in one session), the device
 * statuses, each drifted device's config diff against what its intent renders ({@link
 * ConfigDiffs}), the shard a runner takes ({@link Shard}), and the history: the previous night's
 * report and counter snapshot, compared with tonight's (new, fixed and persisting findings, status
 * changes) and a trend of the last nights.
 */
package dev.weft.audit;
