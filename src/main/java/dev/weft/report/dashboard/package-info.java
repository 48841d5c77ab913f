/**
 * The audit dashboard: one self-contained HTML file (inline CSS, inline SVG, no script, a Content
 * Security Policy that forbids every fetch) that works from a CI artefact or a file share.
 */
package dev.weft.report.dashboard;
