package dev.weft.render;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where templates come from: an optional user folder ({@code --templates DIR}) that overrides the
 * built-in templates by relative path, then the built-ins shipped on the classpath under {@code
 * templates/}. Nothing outside those two roots can be read, whatever name a template asks for.
 */
public final class TemplateFolders {
  /** Classpath folder of the built-in templates (the project's {@code templates/} folder). */
  static final String BUILT_IN = "templates/";

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");

  private final Path userRoot;

  /** The user folder as the user named it: how its templates are shown in findings. */
  private final Path userShown;

  private final ClassLoader loader;

  private TemplateFolders(Path userRoot, Path userShown, ClassLoader loader) {
    this.userRoot = userRoot;
    this.userShown = userShown;
    this.loader = loader;
  }

  /** Built-in templates only. */
  public static TemplateFolders builtIn() {
    return new TemplateFolders(null, null, TemplateFolders.class.getClassLoader());
  }

  /** A user folder first, then the built-ins. */
  public static TemplateFolders withOverrides(Path userFolder) {
    Path real;
    try {
      real = userFolder.toRealPath();
    } catch (IOException e) {
      throw new IllegalArgumentException("templates folder " + userFolder + " does not exist");
    }
    if (!Files.isDirectory(real)) {
      throw new IllegalArgumentException("templates folder " + userFolder + " is not a directory");
    }
    return new TemplateFolders(
        real, userFolder.normalize(), TemplateFolders.class.getClassLoader());
  }

  /** A template found in one of the roots. */
  public record Template(String name, String shownAs, String text) {}

  /**
   * The largest template file read, checked from its size before reading: the built-in ones are
   * under 20 kB; a 300 MB template once took 31 s and 6 GB, a 1.5 GB one ended in an
   * OutOfMemoryError (issue 32).
   */
  public static final long MAX_TEMPLATE_BYTES = 1L << 20;

  /**
   * Reads a template by its name relative to the templates root ({@code sonic/config_db.json.j2}).
   * Names are plain relative paths: no leading '/', no '..', no '\', no hidden segments.
   */
  public Template read(String name) throws TemplateAccessException {
    String clean = checkName(name);
    if (userRoot != null) {
      Optional<Template> fromUser = readUser(clean);
      if (fromUser.isPresent()) {
        return fromUser.get();
      }
    }
    try (InputStream in = loader.getResourceAsStream(BUILT_IN + clean)) {
      if (in == null) {
        throw new TemplateAccessException("template '" + name + "' not found");
      }
      return new Template(
          clean, BUILT_IN + clean, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new TemplateAccessException(
          "template '" + name + "' could not be read: " + e.getMessage());
    }
  }

  private Optional<Template> readUser(String clean) throws TemplateAccessException {
    Path candidate = userRoot.resolve(clean).normalize();
    if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS) && !Files.exists(candidate)) {
      return Optional.empty();
    }
    try {
      // A symbolic link inside the folder must not lead out of it.
      Path real = candidate.toRealPath();
      if (!real.startsWith(userRoot)) {
        throw new TemplateAccessException("template '" + clean + "' leaves the templates folder");
      }
      if (!Files.isRegularFile(real)) {
        return Optional.empty();
      }
      String shown = userShown.resolve(clean).toString().replace('\\', '/');
      long size = Files.size(real);
      if (size > MAX_TEMPLATE_BYTES) {
        throw new TemplateAccessException(
            shown
                + " is "
                + size
                + " bytes; a template may be at most "
                + MAX_TEMPLATE_BYTES
                + " bytes (limit: template size)");
      }
      return Optional.of(new Template(clean, shown, Files.readString(real)));
    } catch (IOException e) {
      throw new TemplateAccessException(
          "template '" + clean + "' could not be read: " + e.getMessage());
    }
  }

  /** Returns the name normalised, or refuses it when it could leave the templates root. */
  static String checkName(String name) throws TemplateAccessException {
    if (name == null || name.isBlank()) {
      throw new TemplateAccessException("empty template name");
    }
    if (name.startsWith("/")
        || name.contains("\\")
        || name.contains(":")
        || name.indexOf('\0') >= 0) {
      throw new TemplateAccessException(
          "template '" + name + "' is not a relative path inside the templates folder");
    }
    StringBuilder clean = new StringBuilder();
    for (String segment : name.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (!SEGMENT.matcher(segment).matches()) {
        throw new TemplateAccessException("template '" + name + "' leaves the templates folder");
      }
      if (clean.length() > 0) {
        clean.append('/');
      }
      clean.append(segment);
    }
    if (clean.length() == 0) {
      throw new TemplateAccessException("empty template name");
    }
    return clean.toString();
  }
}
