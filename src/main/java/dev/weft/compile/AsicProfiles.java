package dev.weft.compile;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@link AsicProfile} for an {@code asic} value: first in an optional directory of site
 * profiles ({@code <dir>/<asic>.properties}), then among the built-ins on the classpath ({@code
 * dev/weft/compile/asic/<asic>.properties}). An {@code asic} without a profile yields {@link
 * Optional#empty()}: the caller reports {@code asic-profile-missing} rather than guessing.
 *
 * <p>Files are JDK properties (the {@code compile} package uses no YAML library). Every value must
 * carry its unit where it is a size ({@code 192B}, {@code 0.8KiB}); unknown keys are errors so a
 * typo cannot silently fall back to nothing.
 */
public final class AsicProfiles {

  /**
   * Largest site profile read: a profile is a few dozen properties (about 2 kB); anything near this
   * is not one, and is refused from its size before it is read.
   */
  static final long MAX_PROFILE_BYTES = 1L << 20;

  static final String CLASSPATH_DIR = "dev/weft/compile/asic/";
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
  private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(B|KiB)");
  private static final List<String> KEYS =
      List.of(
          "profile-version",
          "cell-size",
          "mac-phy-delay",
          "pipeline-latency",
          "peer-response",
          "small-packet-percentage");

  /**
   * Keys a profile may give (site profiles written before they existed stay valid); each needs a
   * source too.
   */
  private static final List<String> OPTIONAL_KEYS =
      List.of("buffer-size", "ingress-lossless-pool", "lossless-dynamic-th", "max-port-speed");

  private static final Pattern SPEED = Pattern.compile("([0-9]+)G");

  private final Path directory;

  private AsicProfiles(Path directory) {
    this.directory = directory;
  }

  /** Only the profiles shipped with Weft. */
  public static AsicProfiles builtIn() {
    return new AsicProfiles(null);
  }

  /**
   * Site profiles in {@code directory} (which win over built-ins of the same name), then the
   * built-ins.
   */
  public static AsicProfiles withDirectory(Path directory) {
    return new AsicProfiles(directory);
  }

  /**
   * @return the profile, or empty when no file exists for {@code asic}
   * @throws AsicProfileException when a file exists but is not a valid profile
   */
  public Optional<AsicProfile> lookup(String asic) {
    if (asic == null || !NAME.matcher(asic).matches()) {
      return Optional.empty();
    }
    String fileName = asic + ".properties";
    if (directory != null) {
      Path file = directory.resolve(fileName);
      if (Files.isRegularFile(file)) {
        try {
          long size = Files.size(file);
          if (size > MAX_PROFILE_BYTES) {
            throw new AsicProfileException(
                file
                    + " is "
                    + size
                    + " bytes, more than the "
                    + MAX_PROFILE_BYTES
                    + " an ASIC profile may hold (limit: ASIC profile size); not read");
          }
          return Optional.of(
              parse(asic, file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
        } catch (IOException e) {
          throw new AsicProfileException(file + ": cannot read ASIC profile: " + e.getMessage());
        }
      }
    }
    String resource = CLASSPATH_DIR + fileName;
    try (InputStream in = AsicProfiles.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      return Optional.of(
          parse(
              asic,
              "classpath:" + resource,
              new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new AsicProfileException(
          "classpath:" + resource + ": cannot read ASIC profile: " + e.getMessage());
    }
  }

  /** Parses one profile; {@code where} names it in messages. */
  static AsicProfile parse(String asic, String where, String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw new AsicProfileException(where + ": not a properties file: " + e.getMessage());
    }
    for (String key : p.stringPropertyNames()) {
      if (!KEYS.contains(key) && !OPTIONAL_KEYS.contains(key)) {
        throw new AsicProfileException(
            where
                + ":"
                + lineOf(text, key)
                + ": unknown key '"
                + key
                + "'; expected one of "
                + String.join(", ", KEYS)
                + ", "
                + String.join(", ", OPTIONAL_KEYS));
      }
    }
    for (String key : KEYS) {
      if (p.getProperty(key) == null) {
        throw new AsicProfileException(where + ": missing key '" + key + "'");
      }
      if (!hasSourceComment(text, key)) {
        throw new AsicProfileException(
            where
                + ":"
                + lineOf(text, key)
                + ": key '"
                + key
                + "' has no '# source:' comment above it; every value must name its source");
      }
    }
    BigDecimal cell = size(where, text, p, "cell-size");
    if (cell.signum() <= 0 || cell.stripTrailingZeros().scale() > 0) {
      throw new AsicProfileException(
          where
              + ":"
              + lineOf(text, "cell-size")
              + ": cell-size must be a positive whole number of bytes, found '"
              + p.getProperty("cell-size")
              + "'");
    }
    int small;
    try {
      small = Integer.parseInt(p.getProperty("small-packet-percentage").trim());
    } catch (NumberFormatException e) {
      small = -1;
    }
    if (small < 0 || small > 100) {
      throw new AsicProfileException(
          where
              + ":"
              + lineOf(text, "small-packet-percentage")
              + ": small-packet-percentage must be an integer 0..100, found '"
              + p.getProperty("small-packet-percentage")
              + "'");
    }
    for (String key : OPTIONAL_KEYS) {
      if (p.getProperty(key) != null && !hasSourceComment(text, key)) {
        throw new AsicProfileException(
            where
                + ":"
                + lineOf(text, key)
                + ": key '"
                + key
                + "' has no '# source:' comment above it; every value must name its source");
      }
    }
    return new AsicProfile(
        asic,
        p.getProperty("profile-version").trim(),
        where,
        cell.longValueExact(),
        size(where, text, p, "mac-phy-delay"),
        size(where, text, p, "pipeline-latency"),
        size(where, text, p, "peer-response"),
        small,
        wholeBytes(where, text, p, "buffer-size"),
        wholeBytes(where, text, p, "ingress-lossless-pool"),
        dynamicTh(where, text, p),
        speed(where, text, p));
  }

  private static Long wholeBytes(String where, String text, Properties p, String key) {
    if (p.getProperty(key) == null) {
      return null;
    }
    BigDecimal n = size(where, text, p, key);
    if (n.signum() <= 0 || n.stripTrailingZeros().scale() > 0) {
      throw new AsicProfileException(
          where
              + ":"
              + lineOf(text, key)
              + ": "
              + key
              + " must be a positive whole number of bytes, found '"
              + p.getProperty(key).trim()
              + "'");
    }
    return n.longValueExact();
  }

  /** SONiC's dynamic_th range is -8..8 (alpha = 2^th; -8 means 0, 7 and up unlimited). */
  private static Integer dynamicTh(String where, String text, Properties p) {
    String raw = p.getProperty("lossless-dynamic-th");
    if (raw == null) {
      return null;
    }
    try {
      int th = Integer.parseInt(raw.trim());
      if (th >= -8 && th <= 8) {
        return th;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new AsicProfileException(
        where
            + ":"
            + lineOf(text, "lossless-dynamic-th")
            + ": lossless-dynamic-th must be an integer -8..8, found '"
            + raw.trim()
            + "'");
  }

  private static Long speed(String where, String text, Properties p) {
    String raw = p.getProperty("max-port-speed");
    if (raw == null) {
      return null;
    }
    Matcher m = SPEED.matcher(raw.trim());
    if (!m.matches()) {
      throw new AsicProfileException(
          where
              + ":"
              + lineOf(text, "max-port-speed")
              + ": max-port-speed must be a whole number of Gb/s with unit G (e.g. 800G), found '"
              + raw.trim()
              + "'");
    }
    return Long.parseLong(m.group(1));
  }

  private static BigDecimal size(String where, String text, Properties p, String key) {
    String raw = p.getProperty(key).trim();
    Matcher m = SIZE.matcher(raw);
    if (!m.matches()) {
      throw new AsicProfileException(
          where
              + ":"
              + lineOf(text, key)
              + ": "
              + key
              + " must be a number with unit B or KiB (e.g. 192B, 0.8KiB), found '"
              + raw
              + "'");
    }
    BigDecimal n = new BigDecimal(m.group(1));
    return "KiB".equals(m.group(2)) ? n.multiply(BigDecimal.valueOf(1024)) : n;
  }

  /**
   * True when the nearest non-blank line above {@code key=} belongs to a comment block holding "#
   * source:".
   */
  private static boolean hasSourceComment(String text, String key) {
    String[] lines = text.split("\n", -1);
    int at = lineOf(text, key) - 1;
    for (int i = at - 1; i >= 0; i--) {
      String line = lines[i].trim();
      if (!line.startsWith("#")) {
        return false;
      }
      if (line.startsWith("# source:")) {
        return true;
      }
    }
    return false;
  }

  private static int lineOf(String text, String key) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].trim();
      if (t.startsWith(key + "=") || t.startsWith(key + " ") || t.startsWith(key + ":")) {
        return i + 1;
      }
    }
    return 1;
  }
}
