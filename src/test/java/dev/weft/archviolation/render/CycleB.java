package dev.weft.archviolation.render;

import dev.weft.archviolation.compile.CycleA;

/** The other half of the cycle. */
public final class CycleB {
  public CycleA other() {
    return null;
  }
}
