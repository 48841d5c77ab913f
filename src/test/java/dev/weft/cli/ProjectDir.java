package dev.weft.cli;

import java.nio.file.Path;
import java.nio.file.Paths;

/** The project root, as surefire passes it (tests must not depend on the current directory). */
final class ProjectDir {
  private ProjectDir() {}

  static Path get() {
    return Paths.get(System.getProperty("weft.project.dir", "")).toAbsolutePath().normalize();
  }
}
