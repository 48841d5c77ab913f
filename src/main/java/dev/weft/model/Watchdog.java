package dev.weft.model;

import dev.weft.units.TimeSpan;
/** PFC watchdog; defaults (spec §7): detection 200ms, restoration 400ms, action drop, poll 200ms. */
public record Watchdog(boolean enabled, TimeSpan detection, TimeSpan restoration, Action action, TimeSpan poll, Provenance at) {
    public enum Action { DROP, FORWARD, ALERT }
}
