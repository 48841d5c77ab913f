package dev.weft.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version baked into the jar manifest, falling back to the source version. */
final class Version implements IVersionProvider {
  static final String VERSION = "0.1.0";

  @Override
  public String[] getVersion() {
    return new String[] {"weft " + VERSION};
  }
}
