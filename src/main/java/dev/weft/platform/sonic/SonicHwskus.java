package dev.weft.platform.sonic;

import dev.weft.finding.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Finds the {@link SonicHwsku} profile an intent's {@code hwsku} names: among the ones Weft ships
 * ({@code dev/weft/platform/sonic/hwsku/<HWSKU>.properties}, written by {@code weft hwsku import}
 * from SONiC's own device folders) and, when the project names one ({@code hwsku-profiles} in
 * {@code .weft.yaml}, or {@code --hwsku-profiles}), the user's folder of the same files, read with
 * the same reader (docs/hwsku-profiles.md). A name in both is refused, naming both files: a user
 * profile silently replacing a built-in one would change what a reviewed switch renders without the
 * change showing in the inventory.
 *
 * <p>The format: {@code key=value} lines, a {@code # source:} comment above each group of keys
 * ({@code profile-version}, {@code platform}, {@code asic}, the {@code pool.*} lines, the {@code
 * port.*} lines); unknown keys are errors so a typo cannot silently drop a fact. Kept as properties
 * rather than YAML: one fact a line gives every problem an exact line and column, and the {@code #
 * source:} comment sits above the value it sources.
 *
 * <pre>
 * pool.ingress_lossless_pool=ingress dynamic 52161690        # type mode size (bytes)
 * port.Ethernet0=0,1,2,3 etp1a 1 400000                       # lanes alias index speed (Mb/s)
 * </pre>
 */
public final class SonicHwskus {

  static final String CLASSPATH_DIR = "dev/weft/platform/sonic/hwsku/";

  /** The HWSKUs Weft ships a profile for ({@code SonicHwskuProfilesTest} keeps it equal). */
  public static final List<String> BUILT_IN =
      List.of(
          "Arista-7060DX5-64S",
          "Arista-7060X6-64PE-C256S2",
          "Mellanox-SN3800-C64",
          "Mellanox-SN4600C-C64",
          "Mellanox-SN4700-O32",
          "Mellanox-SN5600-C224O8",
          "Mellanox-SN5600-C256S1",
          "Mellanox-SN5600-O128");

  /**
   * Largest user profile read: the biggest SKU (512 ports) is about 25 kB; a file near this is not
   * a profile and is refused from its size before it is read.
   */
  public static final long MAX_PROFILE_BYTES = 1L << 20;

  /** The keys a profile has, as docs/hwsku-profiles.md lists them. */
  public static final List<String> KEYS =
      List.of("profile-version", "platform", "asic", "pool.<name>", "port.<name>");

  static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final Pattern PORT_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9/_.-]{0,63}");
  private static final Pattern PORT =
      Pattern.compile("([0-9]{1,4}(?:,[0-9]{1,4}){0,15}) (\\S{1,64}) ([0-9]{1,6}) ([0-9]{1,9})");
  private static final Pattern POOL =
      Pattern.compile("(ingress|egress) (static|dynamic) ([0-9]{1,15})");
  private static final Set<String> SCALARS = Set.of("profile-version", "platform", "asic");

  /**
   * A profile file that exists but is not valid: where (file, line, column), what was expected and
   * what was found.
   */
  public static final class InvalidProfileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Location where;
    private final String expected;
    private final String found;

    InvalidProfileException(Location where, String message, String expected, String found) {
      super(where + ": " + message);
      this.where = where;
      this.expected = expected;
      this.found = found;
    }

    /** The file, line and column of the problem. */
    public Location where() {
      return where;
    }

    /** What the reader expected there, or null. */
    public String expected() {
      return expected;
    }

    /** What it found, or null. */
    public String found() {
      return found;
    }
  }

  /** Loaded profiles by name: the files are read once per pack. */
  private final Map<String, Object> loaded = new ConcurrentHashMap<>();

  /** The user's folder, or null. */
  private final Path directory;

  /** How the user's folder is named in locations (repository- or working-folder-relative). */
  private final String shown;

  /** Only the built-in profiles. */
  public SonicHwskus() {
    this(null, null);
  }

  /**
   * The built-in profiles and the user's in {@code directory} (null: none), whose files are named
   * {@code shown/<HWSKU>.properties} in findings.
   */
  public SonicHwskus(Path directory, String shown) {
    this.directory = directory;
    this.shown = shown == null && directory != null ? directory.toString() : shown;
  }

  /** The user's folder, if any. */
  public Optional<Path> directory() {
    return Optional.ofNullable(directory);
  }

  /** The profile of {@code hwsku}, or empty when there is none. */
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

  /** Loaded PG lookup tables by HWSKU: a table, an InvalidException, or "" for none. */
  private final Map<String, Object> tables = new ConcurrentHashMap<>();

  /**
   * SONiC's own PG headroom table of {@code hwsku} ({@code <HWSKU>.pg_profile_lookup.ini}), kept
   * beside the profile it belongs to: the user's folder's when the user's folder has the SKU's
   * profile, else the built-in one; empty when that profile has none.
   */
  public Optional<dev.weft.compile.HeadroomTable> table(String hwsku)
      throws dev.weft.compile.HeadroomTable.InvalidException {
    if (hwsku == null || !NAME.matcher(hwsku).matches()) {
      return Optional.empty();
    }
    Object cached = tables.computeIfAbsent(hwsku, this::loadTable);
    if (cached instanceof dev.weft.compile.HeadroomTable.InvalidException e) {
      throw e;
    }
    return cached instanceof dev.weft.compile.HeadroomTable t ? Optional.of(t) : Optional.empty();
  }

  private Object loadTable(String hwsku) {
    try {
      Optional<dev.weft.compile.HeadroomTable> t;
      if (directory != null && Files.isRegularFile(directory.resolve(hwsku + ".properties"))) {
        String fileName = hwsku + PgProfileLookup.SUFFIX;
        t = PgProfileLookup.user(hwsku, directory.resolve(fileName), shown + "/" + fileName);
      } else {
        t = PgProfileLookup.builtIn(hwsku);
      }
      return t.<Object>map(x -> x).orElse("");
    } catch (dev.weft.compile.HeadroomTable.InvalidException e) {
      return e;
    }
  }

  /** Every profile name there is, built-in and the user's, sorted, for messages. */
  public List<String> names() {
    java.util.TreeSet<String> out = new java.util.TreeSet<>(BUILT_IN);
    if (directory != null && Files.isDirectory(directory)) {
      try (var files = Files.list(directory)) {
        files
            .map(f -> f.getFileName().toString())
            .filter(n -> n.endsWith(".properties"))
            .map(n -> n.substring(0, n.length() - ".properties".length()))
            .filter(n -> NAME.matcher(n).matches())
            .forEach(out::add);
      } catch (IOException e) {
        // the names are for a message; a folder that cannot be listed shows only the built-ins
      }
    }
    return List.copyOf(out);
  }

  private final java.util.concurrent.atomic.AtomicReference<String> fingerprint =
      new java.util.concurrent.atomic.AtomicReference<>();

  /**
   * The user's profile files (names, sizes, contents) as one digest, for the render cache: "" with
   * no folder. Read once.
   */
  public String fingerprint() {
    if (directory == null) {
      return "";
    }
    return fingerprint.updateAndGet(before -> before != null ? before : digest(directory));
  }

  private static String digest(Path directory) {
    try {
      java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
      if (Files.isDirectory(directory)) {
        try (var files = Files.list(directory)) {
          for (Path f : files.sorted().toList()) {
            if (Files.isRegularFile(f) && Files.size(f) <= MAX_PROFILE_BYTES) {
              sha.update(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
              sha.update((byte) 0);
              sha.update(Files.readAllBytes(f));
              sha.update((byte) 0);
            }
          }
        }
      }
      return java.util.HexFormat.of().formatHex(sha.digest());
    } catch (IOException | java.security.NoSuchAlgorithmException e) {
      // an unreadable profile stops the render of every switch using it (renderChecks)
      return "unreadable";
    }
  }

  /** The profile, an InvalidProfileException, or "" when there is no file. */
  private Object load(String hwsku) {
    String fileName = hwsku + ".properties";
    String resource = CLASSPATH_DIR + fileName;
    boolean builtIn = SonicHwskus.class.getClassLoader().getResource(resource) != null;
    if (directory != null) {
      Path file = directory.resolve(fileName);
      if (Files.isRegularFile(file)) {
        Location at = Location.ofFile(shown + "/" + fileName);
        if (builtIn) {
          return new InvalidProfileException(
              at,
              "hwsku "
                  + hwsku
                  + " has a built-in profile (classpath:"
                  + resource
                  + ") and a user profile ("
                  + at.file()
                  + "); Weft does not choose between them: rename the user's profile and the"
                  + " switch's hwsku, or delete the user's file to use the built-in one",
              "one profile named " + hwsku,
              "classpath:" + resource + " and " + at.file());
        }
        return readUser(hwsku, file, at);
      }
    }
    try (InputStream in = SonicHwskus.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return "";
      }
      return parse(
          hwsku, "classpath:" + resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new InvalidProfileException(
          Location.ofFile("classpath:" + resource), "cannot read: " + e.getMessage(), null, null);
    } catch (InvalidProfileException e) {
      return e;
    }
  }

  private static Object readUser(String hwsku, Path file, Location at) {
    try {
      long size = Files.size(file);
      if (size > MAX_PROFILE_BYTES) {
        return new InvalidProfileException(
            at,
            "the profile is "
                + size
                + " bytes, more than the "
                + MAX_PROFILE_BYTES
                + " a HWSKU profile may hold (limit: HWSKU profile size); not read",
            "at most " + MAX_PROFILE_BYTES + " bytes",
            size + " bytes");
      }
      return parse(hwsku, at.file(), Files.readString(file, StandardCharsets.UTF_8));
    } catch (java.nio.charset.MalformedInputException e) {
      return new InvalidProfileException(at, "not UTF-8 text", "UTF-8 text", "other bytes");
    } catch (IOException e) {
      return new InvalidProfileException(at, "cannot read: " + e.getMessage(), null, null);
    } catch (InvalidProfileException e) {
      return e;
    }
  }

  /**
   * Parses one profile's text; {@code where} names the file in locations. Public for {@code weft
   * hwsku import}, which checks what it writes with the reader that will read it.
   */
  public static SonicHwsku parse(String hwsku, String where, String text)
      throws InvalidProfileException {
    Map<String, String> scalars = new LinkedHashMap<>();
    Map<String, SonicHwsku.Port> ports = new LinkedHashMap<>();
    Map<String, SonicHwsku.Pool> pools = new LinkedHashMap<>();
    String[] lines = text.split("\n", -1);
    boolean sourced = false;
    String lastGroup = null;
    for (int i = 0; i < lines.length; i++) {
      String raw =
          lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
      String line = raw.strip();
      int indent = raw.indexOf(line.isEmpty() ? " " : line.substring(0, 1));
      if (line.isEmpty()) {
        sourced = false;
        continue;
      }
      if (line.startsWith("#")) {
        sourced |= line.startsWith("# source:");
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw problem(where, i, indent, "expected key=value", "key=value", line);
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      int valueColumn =
          indent
              + eq
              + 1
              + (line.substring(eq + 1).length() - line.substring(eq + 1).stripLeading().length());
      String group = key.startsWith("port.") ? "port" : key.startsWith("pool.") ? "pool" : key;
      if (!group.equals(lastGroup) && !sourced) {
        throw problem(
            where,
            i,
            indent,
            "'" + key + "' has no '# source:' comment above it; every value must name its source",
            "a '# source:' line above " + key,
            "none");
      }
      lastGroup = group;
      if (SCALARS.contains(key)) {
        if (value.isEmpty()) {
          throw problem(where, i, valueColumn, key + " is empty", "a value", "nothing");
        }
        if (scalars.put(key, value) != null) {
          throw problem(where, i, indent, "'" + key + "' is set twice", "one " + key, "a second");
        }
      } else if (group.equals("port")) {
        String port = key.substring(5);
        if (!PORT_NAME.matcher(port).matches()) {
          throw problem(
              where, i, indent + 5, "bad port name", "a SONiC port name (e.g. Ethernet0)", port);
        }
        var m = PORT.matcher(value);
        if (!m.matches()) {
          throw problem(
              where,
              i,
              valueColumn,
              key + ": not 'lanes alias index speed'",
              "lanes alias index speed (Mb/s), e.g. 0,1,2,3 etp1a 1 400000",
              value);
        }
        long speed = Long.parseLong(m.group(4));
        if (speed < 1000) {
          throw problem(
              where,
              i,
              valueColumn + m.start(4),
              key + ": speed is in Mb/s",
              "a speed of at least 1000 (Mb/s)",
              m.group(4));
        }
        if (ports.put(
                port,
                new SonicHwsku.Port(
                    port, m.group(1), m.group(2), Integer.parseInt(m.group(3)), speed))
            != null) {
          throw problem(
              where, i, indent, "port " + port + " is listed twice", "one line", "a second");
        }
      } else if (group.equals("pool")) {
        String pool = key.substring(5);
        if (!PORT_NAME.matcher(pool).matches()) {
          throw problem(where, i, indent + 5, "bad pool name", "a BUFFER_POOL name", pool);
        }
        var m = POOL.matcher(value);
        if (!m.matches()) {
          throw problem(
              where,
              i,
              valueColumn,
              key + ": not 'type mode size'",
              "type mode size (bytes), e.g. ingress dynamic 52161690",
              value);
        }
        if (pools.put(
                pool, new SonicHwsku.Pool(pool, m.group(1), m.group(2), Long.parseLong(m.group(3))))
            != null) {
          throw problem(
              where, i, indent, "pool " + pool + " is listed twice", "one line", "a second");
        }
      } else {
        throw problem(
            where,
            i,
            indent,
            "unknown key '" + key + "'",
            "profile-version, platform, asic, pool.<name> or port.<name>",
            key);
      }
    }
    for (String key : List.of("profile-version", "platform", "asic")) {
      if (!scalars.containsKey(key)) {
        throw problem(
            where, lines.length - 1, 0, "missing key '" + key + "'", key + "=...", "none");
      }
    }
    if (ports.isEmpty()) {
      throw problem(
          where, lines.length - 1, 0, "lists no port.<name> lines", "port.<name>=...", "none");
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

  /** A problem on 0-based line {@code i}, 0-based column {@code col}. */
  private static InvalidProfileException problem(
      String where, int i, int col, String message, String expected, String found) {
    return new InvalidProfileException(
        new Location(where, Math.max(1, i + 1), Math.max(1, col + 1)), message, expected, found);
  }
}
