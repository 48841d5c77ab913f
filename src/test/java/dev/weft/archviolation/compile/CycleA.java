package dev.weft.archviolation.compile;

import dev.weft.archviolation.render.CycleB;

/** Violation: compile and render import each other. */
public final class CycleA {
  public CycleB other() {
    return new CycleB();
  }
}
