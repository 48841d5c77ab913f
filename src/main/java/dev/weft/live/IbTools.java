package dev.weft.live;

import java.util.List;

/**
 * Runs one infiniband-diags command on the SM host and returns what it printed. Kept as an
 * interface so the reader does not care whether the tools run locally, on a simulated fabric or
 * through a wrapper.
 */
public interface IbTools {

  /** Runs {@code args} (e.g. {@code smpquery pkeys 4 1}) and returns its standard output. */
  String run(List<String> args) throws IbReadException;
}
