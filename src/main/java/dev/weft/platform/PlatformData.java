package dev.weft.platform;

import java.nio.file.Path;

/**
 * Platform facts a project adds without rebuilding Weft, handed to every pack ({@link
 * PlatformPack#withData}): today the folder of user HWSKU profiles ({@code hwsku-profiles} in
 * {@code .weft.yaml}, docs/hwsku-profiles.md).
 *
 * @param hwskuProfiles the folder, or null
 * @param hwskuProfilesShown how findings name that folder (relative to its Git repository, else to
 *     the working folder when it is inside it), or null
 */
public record PlatformData(Path hwskuProfiles, String hwskuProfilesShown) {

  /** Only what Weft ships. */
  public static final PlatformData NONE = new PlatformData(null, null);

  /** The user's HWSKU folder, named in findings relative to its repository. */
  public static PlatformData withHwskuProfiles(Path folder) {
    if (folder == null) {
      return NONE;
    }
    Path abs = folder.toAbsolutePath().normalize();
    // findings name files relative to their repository (the folder holding .git), as intent files
    Path base = Path.of("").toAbsolutePath().normalize();
    for (Path dir = abs; dir != null; dir = dir.getParent()) {
      if (java.nio.file.Files.exists(dir.resolve(".git"))) {
        base = dir;
        break;
      }
    }
    String shown =
        (abs.startsWith(base) ? base.relativize(abs) : abs).toString().replace('\\', '/');
    return new PlatformData(folder, shown.isEmpty() ? "." : shown);
  }
}
