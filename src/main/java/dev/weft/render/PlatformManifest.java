package dev.weft.render;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which files a platform renders, read from {@code templates/<platform>/manifest.properties}:
 *
 * <pre>
 * # output file = template, relative to the platform folder
 * config_db.json = config_db.json.j2
 * # what the device model must provide before this platform can render
 * requires = headroom
 * </pre>
 *
 * Keeping this as data means a user's {@code --templates} folder can add or replace a platform
 * without code.
 *
 * @param files output file name → template name relative to the templates root, sorted by output
 * @param requires model features the platform needs ({@code headroom}: the computed headroom of
 *     every lossless port; {@code speed}: a fixed speed on every port)
 */
public record PlatformManifest(String platform, Map<String, String> files, Set<String> requires) {
  static final String FILE = "manifest.properties";
  private static final Pattern PLATFORM = Pattern.compile("[a-z0-9][a-z0-9-]*");
  private static final Pattern OUTPUT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public PlatformManifest {
    files = Collections.unmodifiableMap(new TreeMap<>(files));
    requires = Collections.unmodifiableSet(new TreeSet<>(requires));
  }

  /** Loads a platform's manifest; the exception message is one line naming file and line. */
  static PlatformManifest load(TemplateFolders folders, String platform)
      throws TemplateAccessException {
    if (platform == null || !PLATFORM.matcher(platform).matches()) {
      throw new TemplateAccessException("unknown platform '" + platform + "'");
    }
    TemplateFolders.Template manifest;
    try {
      manifest = folders.read(platform + "/" + FILE);
    } catch (TemplateAccessException e) {
      throw new TemplateAccessException(
          "unknown platform '" + platform + "': no templates/" + platform + "/" + FILE);
    }
    Map<String, String> files = new TreeMap<>();
    Set<String> requires = new TreeSet<>();
    String[] lines = manifest.text().split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      String where = manifest.shownAs() + ":" + (i + 1) + ": ";
      if (eq <= 0) {
        throw new TemplateAccessException(
            where + "expected 'output = template', found '" + line + "'");
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      if (key.equals("requires")) {
        for (String feature : value.split(",")) {
          if (!feature.isBlank()) {
            requires.add(feature.strip());
          }
        }
        continue;
      }
      if (!OUTPUT.matcher(key).matches()) {
        throw new TemplateAccessException(where + "output '" + key + "' is not a plain file name");
      }
      String template = TemplateFolders.checkName(platform + "/" + value);
      if (files.put(key, template) != null) {
        throw new TemplateAccessException(where + "output '" + key + "' is listed twice");
      }
    }
    if (files.isEmpty()) {
      throw new TemplateAccessException(manifest.shownAs() + ":1: lists no output files");
    }
    return new PlatformManifest(platform, files, requires);
  }
}
