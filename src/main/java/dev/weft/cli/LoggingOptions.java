package dev.weft.cli;

import picocli.CommandLine.Option;

/**
 * {@code --verbose} and {@code --debug}, added to every command by {@link Main}. Their effect is
 * set up before the command runs ({@link dev.weft.log.Verbosity}): logging must be configured
 * before the first logger exists, which is before picocli has finished parsing.
 */
final class LoggingOptions {

  @Option(names = "--verbose", description = "Log Weft's steps and per-stage timings on stderr.")
  boolean verbose;

  @Option(
      names = "--debug",
      description =
          "Log everything on stderr: the NETCONF session trace (secrets masked),"
              + " SSH and Git library logs, and what --verbose logs.")
  boolean debug;
}
