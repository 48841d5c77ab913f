package dev.weft.report;

import java.io.IOException;
import java.io.Writer;

/** Writes a report in one format. Implementations are stateless and deterministic. */
public interface Reporter {

  /**
   * Writes the whole report to {@code out}; the caller owns (and closes) the writer, which should
   * be UTF-8.
   */
  void write(Report report, Writer out) throws IOException;
}
