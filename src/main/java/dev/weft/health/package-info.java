/**
 * Fabric health from per-priority counters: a switch's counters as its platform pack reads them
 * (the pack's {@link dev.weft.platform.CounterSource}), a GPU host's {@code ethtool -S} and {@code
 * rdma statistic}, the counter snapshot kept in the audit history, and the findings ({@code
 * health-*}) computed from the delta since the previous snapshot against the intent's {@code
 * fabric.health} thresholds. Uses the compiled switch (which priorities are lossless, which queue
 * carries CNPs) and the intent's hosts; reads nothing itself.
 */
package dev.weft.health;
