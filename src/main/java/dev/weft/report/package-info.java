/**
 * Reports: a {@link dev.weft.report.Report} (the findings of one command plus device statuses)
 * written by one {@link dev.weft.report.Reporter} per output format, chosen by name from {@link
 * dev.weft.report.Reporters}; {@link dev.weft.report.Outcome} turns a report into the exit code.
 *
 * <p>Depends only on {@code dev.weft.finding}; rule metadata arrives as {@link
 * dev.weft.report.RuleInfo} so this package knows nothing of the rule engine. Every writer is
 * deterministic: same report, same bytes.
 */
package dev.weft.report;
