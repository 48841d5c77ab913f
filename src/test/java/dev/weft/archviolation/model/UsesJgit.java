package dev.weft.archviolation.model;

import org.eclipse.jgit.lib.ObjectId;

/** Violation: the model imports JGit, which only source and git may. */
public final class UsesJgit {
  public String zero() {
    return ObjectId.zeroId().name();
  }
}
