package dev.weft.log;

import java.util.List;

/**
 * How much a run logs, set once per process before the first logger exists (slf4j-simple reads its
 * configuration then): {@code QUIET} only Weft's own warnings; {@code VERBOSE} Weft's steps and
 * timings; {@code DEBUG} everything, including JGit's and MINA SSHD's logs and the NETCONF trace.
 */
public enum Verbosity {
  QUIET,
  VERBOSE,
  DEBUG;

  private static final String PREFIX = "org.slf4j.simpleLogger.";

  /** From a command line: {@code --debug} wins over {@code --verbose}/{@code -v}. */
  public static Verbosity fromArgs(List<String> args) {
    if (args.contains("--debug")) {
      return DEBUG;
    }
    return args.contains("--verbose") ? VERBOSE : QUIET;
  }

  /**
   * Configures slf4j-simple unless the user already did (a system property of theirs wins): stderr,
   * a short format with the time and the logger's short name.
   */
  public void apply() {
    set("logFile", "System.err");
    set("showDateTime", "true");
    set("dateTimeFormat", "HH:mm:ss.SSS");
    set("showThreadName", "true");
    set("showShortLogName", "true");
    set("levelInBrackets", "true");
    switch (this) {
      case QUIET -> {
        set("defaultLogLevel", "off");
        set("log.dev.weft", "warn");
      }
      case VERBOSE -> {
        set("defaultLogLevel", "warn");
        set("log.dev.weft", "info");
      }
      case DEBUG -> {
        set("defaultLogLevel", "debug");
        set("log.dev.weft", "debug");
      }
    }
  }

  private static void set(String key, String value) {
    if (System.getProperty(PREFIX + key) == null) {
      System.setProperty(PREFIX + key, value);
    }
  }
}
