package dev.weft.adopt;

import java.util.ArrayList;
import java.util.List;

/**
 * One generated file's lines, numbered as written so findings can name the line of each exception.
 */
final class YamlFile {

  private final String path;
  private final List<String> lines = new ArrayList<>();

  YamlFile(String path, String header) {
    this.path = path;
    header.lines().forEach(l -> lines.add("# " + l));
    lines.add("version: 1");
  }

  /** Appends a line and returns its 1-based number. */
  int add(String line) {
    lines.add(line);
    return lines.size();
  }

  /** Appends lines and returns the 1-based number of the first. */
  int addAll(List<String> more) {
    int first = lines.size() + 1;
    lines.addAll(more);
    return first;
  }

  String path() {
    return path;
  }

  String text() {
    return String.join("\n", lines) + "\n";
  }
}
