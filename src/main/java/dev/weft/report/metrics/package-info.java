/**
 * The audit as metrics: the OpenMetrics text of one night ({@code --output openmetrics=FILE}) for
 * Prometheus through node-exporter's textfile collector, with its documented families
 * (docs/audit.md, "Metrics").
 */
package dev.weft.report.metrics;
