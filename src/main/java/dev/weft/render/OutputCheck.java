package dev.weft.render;

import dev.weft.compile.CompiledDevice;
import dev.weft.finding.Finding;
import java.util.List;
import java.util.Map;

/**
 * A check of one device's rendered files before they are written, by a later stage that the
 * renderer must not import (translation validation reads each file back through its platform's
 * reader). An error finding stops the device as a {@code render-error} would: its files are not
 * written; other findings are reported beside the written files.
 */
@FunctionalInterface
public interface OutputCheck {

  /** Checks nothing. */
  OutputCheck NONE = (device, files) -> List.of();

  /**
   * @param device the compiled device the files were rendered from
   * @param files output name → bytes, as the renderer would write them
   */
  List<Finding> check(CompiledDevice device, Map<String, byte[]> files);
}
