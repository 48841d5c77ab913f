package dev.weft.model;

/** An on/off subnet feature ({@code adaptive-routing}, {@code sharp}). */
public record IbFeature(boolean enabled, Provenance at) {}
