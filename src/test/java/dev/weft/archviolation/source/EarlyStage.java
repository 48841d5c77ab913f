package dev.weft.archviolation.source;

import dev.weft.archviolation.cli.LateStage;

/** Violation: the first stage imports the last one. */
public final class EarlyStage {
  public String reachBack() {
    return new LateStage().toString();
  }
}
