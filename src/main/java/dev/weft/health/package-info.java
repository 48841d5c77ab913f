/**
 * Fabric health from per-priority counters: the platform's counter commands and their parsers (SONiC's show
 * tables, Cumulus NVUE's JSON, a GPU host's {@code ethtool -S} and {@code rdma statistic}), the counter
 * snapshot kept in the audit history, and the findings ({@code health-*}) computed from the delta since the
 * previous snapshot against the intent's {@code fabric.health} thresholds. Uses the compiled switch (which
 * priorities are lossless, which queue carries CNPs) and the intent's hosts; reads nothing itself.
 */
package dev.weft.health;
