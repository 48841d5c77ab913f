package dev.weft.model;

/** WRED-ECN marking thresholds; probability in percent (default 100). */
public record Ecn(Size min, Size max, int probability, Provenance at) {}
