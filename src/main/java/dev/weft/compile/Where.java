package dev.weft.compile;

import dev.weft.finding.Location;
import dev.weft.model.Provenance;

/**
 * Null-safe provenance lookups: a model built in code may carry no provenance, and compiling must
 * not fail on it.
 */
final class Where {

  private Where() {}

  static Location of(Provenance p, String field) {
    return p == null ? null : p.of(field);
  }

  static Location self(Provenance p) {
    return p == null ? null : p.self();
  }

  static boolean written(Provenance p, String field) {
    return p != null && p.written(field);
  }
}
