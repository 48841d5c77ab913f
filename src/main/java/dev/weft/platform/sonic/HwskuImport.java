package dev.weft.platform.sonic;

import dev.weft.finding.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code weft hwsku import}: SONiC's own device folder of one SKU ({@code
 * device/<vendor>/<platform>/<hwsku>/} of sonic-buildimage) as a Weft HWSKU profile, in the format
 * {@link SonicHwskus} reads (the profile written is parsed back before it is returned). Every group
 * of values names its source file:
 *
 * <ul>
 *   <li>ports: {@code hwsku.json} + the platform's {@code platform.json}, else {@code
 *       port_config.ini} ({@link SonicPortLayout});
 *   <li>pools: {@code buffers_defaults_t1.j2} ({@link SonicBufferDefaults}); none when the SKU has
 *       no buffer defaults;
 *   <li>platform: the platform folder's name; ASIC: SONiC's {@code platform/mellanox/asic_table.j2}
 *       for a Mellanox platform (found at the root of the sonic-buildimage tree the folder is in),
 *       the Broadcom config's name ({@code th5-*.config.bcm}) for a Broadcom one, or {@code
 *       --asic}.
 * </ul>
 */
public final class HwskuImport {

  /** Largest input file read. */
  static final long MAX_INPUT_BYTES = 4L << 20;

  /** Broadcom config name prefixes (the SDK's chip abbreviations) and Weft's ASIC names. */
  static final Map<String, String> BROADCOM =
      Map.of(
          "th", "tomahawk",
          "th2", "tomahawk-2",
          "th3", "tomahawk-3",
          "th4", "tomahawk-4",
          "th5", "tomahawk-5",
          "td2", "trident-2",
          "td3", "trident-3",
          "td4", "trident-4");

  private static final Pattern ASIC_TABLE =
      Pattern.compile("'([A-Za-z0-9_.-]+)'\\s*:\\s*'MELLANOX-(SPECTRUM(?:-[0-9]+)?)'");
  private static final Pattern BCM = Pattern.compile("([a-z]{2}[0-9]?)-.*\\.config\\.bcm");

  /** What an import gives: the profile's text, and the PG lookup table to copy beside it. */
  public record Result(String hwsku, String profile, Optional<String> pgProfileLookup) {}

  private final Path dir;
  private final String asicOverride;

  /**
   * @param dir the SKU folder
   * @param asic the ASIC name to write, or null to derive it
   */
  public HwskuImport(Path dir, String asic) {
    this.dir = dir;
    this.asicOverride = asic;
  }

  /** The profile of the folder, parsed back by {@link SonicHwskus#parse}. */
  public Result run() throws HwskuImportException {
    Path folder = dir.toAbsolutePath().normalize();
    Path platformDir = folder.getParent();
    if (folder.getFileName() == null || platformDir == null || platformDir.getFileName() == null) {
      // the file-system root or a folder right below it: no <platform>/<hwsku> to name the SKU
      throw new HwskuImportException(
          Location.ofFile("."),
          "the folder is not a SONiC device folder",
          "device/<vendor>/<platform>/<hwsku>/",
          folder.toString());
    }
    String hwsku = folder.getFileName().toString();
    if (!SonicHwskus.NAME.matcher(hwsku).matches()) {
      throw new HwskuImportException(
          Location.ofFile("."),
          "the folder's name is not a HWSKU name",
          "letters, digits, '.', '_', '-'",
          hwsku);
    }
    String platform = platformDir.getFileName().toString();
    String shown = shownPath();
    StringBuilder out = new StringBuilder();
    out.append("# SONiC hardware SKU ").append(hwsku).append(" on platform ").append(platform);
    out.append(",\n# written by `weft hwsku import` from SONiC's device folder\n");
    out.append("# ").append(shown).append("/").append(commitNote()).append(".\n");
    out.append("# Do not edit: import the folder again (docs/hwsku-profiles.md).\n\n");
    out.append(
        "# source: Weft's own revision of this format; bump it when any value below changes.\n");
    out.append("profile-version=1\n\n");
    out.append(
        "# source: the platform folder's name (DEVICE_METADATA|localhost.platform on the switch)\n");
    out.append("platform=").append(platform).append("\n\n");
    String[] asic = asic(platformDir, platform);
    out.append("# source: ").append(asic[1]).append("\n");
    out.append("asic=").append(asic[0]).append("\n\n");
    Optional<String> t1 = read("buffers_defaults_t1.j2");
    if (t1.isPresent()) {
      SonicBufferDefaults.Result pools =
          SonicBufferDefaults.read(name -> read(name).orElse(null), "buffers_defaults_t1.j2");
      out.append("# source: pool = type mode size (bytes): the BUFFER_POOL of ")
          .append(pools.macroFile())
          .append(
              "\n#   as buffers_defaults_t1.j2 renders it (static buffer model, no inactive port)\n");
      for (String used : pools.used()) {
        out.append("#   set: ").append(used).append("\n");
      }
      for (SonicBufferDefaults.Pool p : pools.pools().values()) {
        out.append("pool.")
            .append(p.name())
            .append("=")
            .append(p.type())
            .append(" ")
            .append(p.mode())
            .append(" ")
            .append(p.size())
            .append("\n");
      }
      out.append("\n");
    }
    List<SonicHwsku.Port> ports = new ArrayList<>();
    Optional<String> hwskuJson = read("hwsku.json");
    Optional<String> platformJson = readIn(platformDir, "platform.json");
    if (hwskuJson.isPresent() && platformJson.isPresent()) {
      ports.addAll(
          SonicPortLayout.fromBreakouts(
              "hwsku.json", hwskuJson.get(), "../platform.json", platformJson.get()));
      out.append(
              "# source: port = lanes alias index speed (Mb/s): hwsku.json default_brkout_mode of")
          .append(" each interface over\n# its lanes in ../platform.json, as SONiC's portconfig.py")
          .append(" breaks it out\n");
    } else {
      Optional<String> ini = read("port_config.ini");
      if (ini.isEmpty()) {
        throw new HwskuImportException(
            Location.ofFile("."),
            "the folder has no port list",
            "port_config.ini, or hwsku.json with ../platform.json",
            "neither");
      }
      ports.addAll(SonicPortLayout.fromPortConfig("port_config.ini", ini.get()));
      out.append("# source: port = lanes alias index speed (Mb/s): port_config.ini\n");
    }
    ports.sort(
        Comparator.comparingInt(HwskuImport::portNumber).thenComparing(SonicHwsku.Port::name));
    for (SonicHwsku.Port p : ports) {
      out.append("port.")
          .append(p.name())
          .append("=")
          .append(p.lanes())
          .append(" ")
          .append(p.alias())
          .append(" ")
          .append(p.index())
          .append(" ")
          .append(p.speedMbps())
          .append("\n");
    }
    String profile = out.toString();
    try {
      SonicHwskus.parse(hwsku, hwsku + ".properties", profile);
    } catch (SonicHwskus.InvalidProfileException e) {
      throw new HwskuImportException(
          e.where(),
          "the written profile does not read back: " + e.getMessage(),
          e.expected(),
          e.found());
    }
    return new Result(hwsku, profile, read("pg_profile_lookup.ini"));
  }

  private static int portNumber(SonicHwsku.Port p) {
    String digits = p.name().replaceAll("[^0-9]", "");
    return digits.isEmpty() || digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
  }

  /** {@code [asic, source]}. */
  private String[] asic(Path platformDir, String platform) throws HwskuImportException {
    if (asicOverride != null) {
      return new String[] {asicOverride, "--asic given to weft hwsku import"};
    }
    String vendor = readIn(platformDir, "platform_asic").map(String::strip).orElse("");
    if (vendor.equals("mellanox")) {
      Path table = platformDir.resolve("../../../platform/mellanox/asic_table.j2").normalize();
      Optional<String> text = readIn(table.getParent(), table.getFileName().toString());
      if (text.isPresent()) {
        Matcher m = ASIC_TABLE.matcher(text.get());
        while (m.find()) {
          if (m.group(1).equals(platform)) {
            return new String[] {
              m.group(2).toLowerCase(Locale.ROOT),
              "platform/mellanox/asic_table.j2: '" + platform + "':'MELLANOX-" + m.group(2) + "'"
            };
          }
        }
      }
    } else if (vendor.equals("broadcom")) {
      try (var files = Files.list(dir)) {
        for (Path f : files.map(Path::getFileName).sorted().toList()) {
          Matcher m = BCM.matcher(f.toString());
          if (m.matches() && BROADCOM.containsKey(m.group(1))) {
            return new String[] {
              BROADCOM.get(m.group(1)),
              f
                  + ": a Broadcom "
                  + BROADCOM.get(m.group(1))
                  + " config (../platform_asic: broadcom)"
            };
          }
        }
      } catch (IOException e) {
        // no listing: the message below asks for --asic
      }
    }
    throw new HwskuImportException(
        Location.ofFile("."),
        "cannot tell the ASIC of platform " + platform + "; name it with --asic",
        "a Mellanox platform in platform/mellanox/asic_table.j2, a Broadcom *.config.bcm, or --asic",
        "platform_asic '" + vendor + "'");
  }

  /** The folder as the header names it: from {@code device/} on when it is in a SONiC tree. */
  private String shownPath() {
    String abs = dir.toAbsolutePath().normalize().toString().replace('\\', '/');
    int device = abs.lastIndexOf("/device/");
    return device >= 0
        ? abs.substring(device + 1)
        : dir.toAbsolutePath().normalize().getFileName().toString();
  }

  /**
   * " of sonic-buildimage commit X" when the tree has the SOURCE file scripts/vendor-hwsku keeps.
   */
  private String commitNote() {
    Path root = dir.toAbsolutePath().normalize();
    for (int up = 0; up < 4 && root != null; up++) {
      root = root.getParent(); // <root>/device/<vendor>/<platform>/<hwsku>
    }
    if (root == null) {
      return "";
    }
    try {
      Path source = root.resolve("SOURCE");
      if (Files.isRegularFile(source) && Files.size(source) < MAX_INPUT_BYTES) {
        for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
          if (line.startsWith("commit ")) {
            return " of sonic-buildimage at " + line.substring(7).strip();
          }
        }
      }
    } catch (IOException e) {
      // no note
    }
    return "";
  }

  private Optional<String> read(String name) throws HwskuImportException {
    return readIn(dir, name);
  }

  private Optional<String> readIn(Path folder, String name) throws HwskuImportException {
    Path file = folder.resolve(name);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      long size = Files.size(file);
      if (size > MAX_INPUT_BYTES) {
        throw new HwskuImportException(
            Location.ofFile(name),
            "the file is larger than an import reads",
            "at most " + MAX_INPUT_BYTES + " bytes",
            size + " bytes");
      }
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new HwskuImportException(
          Location.ofFile(name),
          "cannot read: " + e.getMessage(),
          "a readable UTF-8 file",
          "an error");
    }
  }
}
