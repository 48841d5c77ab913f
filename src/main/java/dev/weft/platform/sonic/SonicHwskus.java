package dev.weft.platform.sonic;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Finds the {@link SonicHwsku} profile an intent's {@code hwsku} names, among the ones Weft ships
 * ({@code dev/weft/platform/sonic/hwsku/<HWSKU>.properties}). Each file is written from the SKU's
 * files in sonic-buildimage and names its source: {@code key=value} lines, a {@code # source:}
 * comment above each group of keys ({@code profile-version}, {@code platform}, {@code asic}, the
 * {@code pool.*} lines, the {@code port.*} lines); unknown keys are errors so a typo cannot
 * silently drop a fact.
 *
 * <pre>
 * pool.ingress_lossless_pool=ingress dynamic 52161690        # type mode size (bytes)
 * port.Ethernet0=0,1,2,3 etp1a 1 400000                       # lanes alias index speed (Mb/s)
 * </pre>
 */
public final class SonicHwskus {

  static final String CLASSPATH_DIR = "dev/weft/platform/sonic/hwsku/";

  /** The HWSKUs Weft ships a profile for. */
  static final List<String> BUILT_IN = List.of("Arista-7060X6-64PE-C256S2", "Mellanox-SN5600-O128");

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final Pattern PORT =
      Pattern.compile("([0-9]{1,4}(?:,[0-9]{1,4}){0,15}) (\\S+) ([0-9]{1,6}) ([0-9]{1,9})");
  private static final Pattern POOL =
      Pattern.compile("(ingress|egress) (static|dynamic) ([0-9]{1,15})");
  private static final Set<String> SCALARS = Set.of("profile-version", "platform", "asic");

  /** A profile file that exists but is not valid; the message names file and line. */
  public static final class InvalidProfileException extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidProfileException(String message) {
      super(message);
    }
  }

  /** Loaded profiles by name: the files are read once per pack. */
  private final Map<String, Object> loaded = new ConcurrentHashMap<>();

  /** The profile of {@code hwsku}, or empty when Weft ships none. */
  public Optional<SonicHwsku> lookup(String hwsku) throws InvalidProfileException {
    if (hwsku == null || !NAME.matcher(hwsku).matches()) {
      return Optional.empty();
    }
    Object cached = loaded.computeIfAbsent(hwsku, this::load);
    if (cached instanceof InvalidProfileException e) {
      throw e;
    }
    return cached instanceof SonicHwsku profile ? Optional.of(profile) : Optional.empty();
  }

  /** The profile, an InvalidProfileException, or "" when there is no file. */
  private Object load(String hwsku) {
    String resource = CLASSPATH_DIR + hwsku + ".properties";
    try (InputStream in = SonicHwskus.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return "";
      }
      return parse(
          hwsku, "classpath:" + resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new InvalidProfileException(
          "classpath:" + resource + ": cannot read: " + e.getMessage());
    } catch (InvalidProfileException e) {
      return e;
    }
  }

  static SonicHwsku parse(String hwsku, String where, String text) throws InvalidProfileException {
    Map<String, String> scalars = new LinkedHashMap<>();
    Map<String, SonicHwsku.Port> ports = new LinkedHashMap<>();
    Map<String, SonicHwsku.Pool> pools = new LinkedHashMap<>();
    String[] lines = text.split("\n", -1);
    boolean sourced = false;
    String lastGroup = null;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        sourced = false;
        continue;
      }
      if (line.startsWith("#")) {
        sourced |= line.startsWith("# source:");
        continue;
      }
      String at = where + ":" + (i + 1) + ": ";
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new InvalidProfileException(at + "expected key=value, found '" + line + "'");
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      String group = key.startsWith("port.") ? "port" : key.startsWith("pool.") ? "pool" : key;
      if (!group.equals(lastGroup) && !sourced) {
        throw new InvalidProfileException(
            at
                + "'"
                + key
                + "' has no '# source:' comment above it;"
                + " every value must name its source");
      }
      lastGroup = group;
      if (SCALARS.contains(key)) {
        if (scalars.put(key, value) != null) {
          throw new InvalidProfileException(at + "'" + key + "' is set twice");
        }
      } else if (group.equals("port")) {
        String port = key.substring(5);
        var m = PORT.matcher(value);
        if (!m.matches()) {
          throw new InvalidProfileException(
              at
                  + key
                  + ": expected 'lanes alias index speed'"
                  + " (e.g. 0,1,2,3 etp1a 1 400000), found '"
                  + value
                  + "'");
        }
        if (ports.put(
                port,
                new SonicHwsku.Port(
                    port,
                    m.group(1),
                    m.group(2),
                    Integer.parseInt(m.group(3)),
                    Long.parseLong(m.group(4))))
            != null) {
          throw new InvalidProfileException(at + "port " + port + " is listed twice");
        }
      } else if (group.equals("pool")) {
        String pool = key.substring(5);
        var m = POOL.matcher(value);
        if (!m.matches()) {
          throw new InvalidProfileException(
              at
                  + key
                  + ": expected 'type mode size'"
                  + " (e.g. ingress dynamic 52161690), found '"
                  + value
                  + "'");
        }
        if (pools.put(
                pool, new SonicHwsku.Pool(pool, m.group(1), m.group(2), Long.parseLong(m.group(3))))
            != null) {
          throw new InvalidProfileException(at + "pool " + pool + " is listed twice");
        }
      } else {
        throw new InvalidProfileException(
            at
                + "unknown key '"
                + key
                + "'; expected profile-version, platform,"
                + " asic, pool.<name> or port.<name>");
      }
    }
    for (String key : SCALARS) {
      if (!scalars.containsKey(key)) {
        throw new InvalidProfileException(where + ": missing key '" + key + "'");
      }
    }
    if (ports.isEmpty()) {
      throw new InvalidProfileException(where + ": lists no port.<name> lines");
    }
    return new SonicHwsku(
        hwsku,
        scalars.get("profile-version"),
        where,
        scalars.get("platform"),
        scalars.get("asic"),
        ports,
        pools);
  }
}
