package dev.weft.archviolation.cli;

/** The stage {@code EarlyStage} must not import. */
public final class LateStage {}
