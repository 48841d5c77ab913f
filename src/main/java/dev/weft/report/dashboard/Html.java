package dev.weft.report.dashboard;

import dev.weft.report.Xml;

/** HTML escaping (the report's XML escaping) and ids safe for fragment links. */
final class Html {

  private Html() {}

  /**
   * Text or attribute value, escaped as the report's XML writers escape (control characters made
   * visible).
   */
  static String escape(String s) {
    return s == null ? "" : Xml.attr(s);
  }

  /** A fragment id: letters, digits, '-', '_' and '.' kept, anything else '_'. */
  static String id(String prefix, String name) {
    return prefix + (name == null ? "" : name.replaceAll("[^A-Za-z0-9_.-]", "_"));
  }
}
