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
 * Finds the {@link AsicProfile} for an {@code asic} value: first in an optional directory of site profiles
 * ({@code <dir>/<asic>.properties}), then among the built-ins on the classpath
 * ({@code dev/weft/compile/asic/<asic>.properties}). An {@code asic} without a profile yields
 * {@link Optional#empty()}: the caller reports {@code asic-profile-missing} rather than guessing.
 *
 * <p>Files are JDK properties (the {@code compile} package uses no YAML library). Every value must carry its
 * unit where it is a size ({@code 192B}, {@code 0.8KiB}); unknown keys are errors so a typo cannot silently
 * fall back to nothing.
 */
public final class AsicProfiles {

    static final String CLASSPATH_DIR = "dev/weft/compile/asic/";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(B|KiB)");
    private static final List<String> KEYS = List.of("profile-version", "cell-size", "mac-phy-delay",
            "pipeline-latency", "peer-response", "small-packet-percentage");

    private final Path directory;

    private AsicProfiles(Path directory) {
        this.directory = directory;
    }

    /** Only the profiles shipped with Weft. */
    public static AsicProfiles builtIn() {
        return new AsicProfiles(null);
    }

    /** Site profiles in {@code directory} (which win over built-ins of the same name), then the built-ins. */
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
                    return Optional.of(parse(asic, file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
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
            return Optional.of(parse(asic, "classpath:" + resource, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new AsicProfileException("classpath:" + resource + ": cannot read ASIC profile: " + e.getMessage());
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
            if (!KEYS.contains(key)) {
                throw new AsicProfileException(where + ":" + lineOf(text, key) + ": unknown key '" + key
                        + "'; expected one of " + String.join(", ", KEYS));
            }
        }
        for (String key : KEYS) {
            if (p.getProperty(key) == null) {
                throw new AsicProfileException(where + ": missing key '" + key + "'");
            }
            if (!hasSourceComment(text, key)) {
                throw new AsicProfileException(where + ":" + lineOf(text, key) + ": key '" + key
                        + "' has no '# source:' comment above it; every value must name its source");
            }
        }
        BigDecimal cell = size(where, text, p, "cell-size");
        if (cell.signum() <= 0 || cell.stripTrailingZeros().scale() > 0) {
            throw new AsicProfileException(where + ":" + lineOf(text, "cell-size")
                    + ": cell-size must be a positive whole number of bytes, found '" + p.getProperty("cell-size") + "'");
        }
        int small;
        try {
            small = Integer.parseInt(p.getProperty("small-packet-percentage").trim());
        } catch (NumberFormatException e) {
            small = -1;
        }
        if (small < 0 || small > 100) {
            throw new AsicProfileException(where + ":" + lineOf(text, "small-packet-percentage")
                    + ": small-packet-percentage must be an integer 0..100, found '"
                    + p.getProperty("small-packet-percentage") + "'");
        }
        return new AsicProfile(asic, p.getProperty("profile-version").trim(), where, cell.longValueExact(),
                size(where, text, p, "mac-phy-delay"), size(where, text, p, "pipeline-latency"),
                size(where, text, p, "peer-response"), small);
    }

    private static BigDecimal size(String where, String text, Properties p, String key) {
        String raw = p.getProperty(key).trim();
        Matcher m = SIZE.matcher(raw);
        if (!m.matches()) {
            throw new AsicProfileException(where + ":" + lineOf(text, key) + ": " + key
                    + " must be a number with unit B or KiB (e.g. 192B, 0.8KiB), found '" + raw + "'");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        return "KiB".equals(m.group(2)) ? n.multiply(BigDecimal.valueOf(1024)) : n;
    }

    /** True when the nearest non-blank line above {@code key=} belongs to a comment block holding "# source:". */
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
