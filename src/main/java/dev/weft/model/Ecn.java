package dev.weft.model;

import dev.weft.units.Size;
/** WRED-ECN marking thresholds; probability in percent (default 100). */
public record Ecn(Size min, Size max, int probability, Provenance at) {}
