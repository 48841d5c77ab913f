package dev.weft.netconf;

/** How NETCONF messages appear in the debug trace: on one line, cut to a few kilobytes. */
final class Trace {
  static final int MAX_CHARS = 2048;

  private Trace() {}

  static String cut(String xml) {
    String line = xml.replaceAll("\\s*\\R\\s*", " ").strip();
    return line.length() <= MAX_CHARS
        ? line
        : line.substring(0, MAX_CHARS) + "... (" + line.length() + " chars)";
  }
}
