package dev.weft.model;

/** PFC settings: the watchdog and 802.3x link pause. */
public record Pfc(Watchdog watchdog, boolean linkPause, Provenance at) {}
