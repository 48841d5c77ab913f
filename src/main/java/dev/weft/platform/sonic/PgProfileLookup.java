package dev.weft.platform.sonic;

import dev.weft.compile.HeadroomTable;
import dev.weft.finding.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a HWSKU's {@code pg_profile_lookup.ini}, SONiC's own lossless PG headroom table, the way
 * sonic-swss {@code cfgmgr/buffermgr.cpp} ({@code readPgProfileLookupFile}) does: a line that is
 * empty or starts with {@code #} is skipped; every other line is {@code speed cable size xon xoff
 * threshold [xon_offset]} separated by blanks, speed in Mb/s and cable as {@code <metres>m}, the
 * keys buffermgrd matches exactly against a port's {@code PORT.speed} and {@code CABLE_LENGTH}.
 *
 * <p>Stricter than buffermgrd where it would go on silently: a field that is not a number, a cable
 * without its {@code m}, a line with too few or too many fields, and a key listed twice (buffermgrd
 * keeps the later line) are refused at their line and column, so the table Weft compares with is
 * the one on the switch. The file is refused from its size before it is read.
 */
final class PgProfileLookup {

  /**
   * Largest table read: the shipped ones are under 3 kB (40 rows); a file near this is not a PG
   * lookup table.
   */
  static final long MAX_BYTES = 64 * 1024;

  static final String SUFFIX = ".pg_profile_lookup.ini";

  /** How SONiC finds a port's row, and what a missing row means, for the explanation. */
  static final String LOOKUP =
      "SONiC's buffermgrd (traditional buffer model) takes a port's row by its exact PORT.speed"
          + " and CABLE_LENGTH (Weft writes the link's cable-length as <metres>m); with the row it"
          + " points the port's lossless PGs at its own pg_lossless_<speed>_<cable>_profile when the"
          + " port's speed, cable length or pfc_enable changes, without it it creates none";

  private static final Pattern TOKEN = Pattern.compile("\\S+");
  private static final Pattern NUMBER = Pattern.compile("[0-9]{1,12}");
  private static final Pattern SPEED = Pattern.compile("[0-9]{4,7}");
  private static final Pattern CABLE = Pattern.compile("([0-9]{1,6})m");
  private static final Pattern THRESHOLD = Pattern.compile("-?[0-9]{1,2}");

  private PgProfileLookup() {}

  /** The built-in table of {@code hwsku}, if Weft ships one beside its profile. */
  static Optional<HeadroomTable> builtIn(String hwsku) throws HeadroomTable.InvalidException {
    String resource = SonicHwskus.CLASSPATH_DIR + hwsku + SUFFIX;
    String where = "classpath:" + resource;
    try (InputStream in = PgProfileLookup.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw tooLarge(where, "more than " + MAX_BYTES + " bytes");
      }
      return Optional.of(parse(hwsku, where, decode(bytes, where)));
    } catch (IOException e) {
      throw new HeadroomTable.InvalidException(
          Location.ofFile(where), "cannot read: " + e.getMessage(), null, null);
    }
  }

  /**
   * The user's table {@code file} (named {@code where} in findings), if it exists; its size is
   * checked before it is read.
   */
  static Optional<HeadroomTable> user(String hwsku, Path file, String where)
      throws HeadroomTable.InvalidException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw tooLarge(where, size + " bytes");
      }
      return Optional.of(parse(hwsku, where, decode(Files.readAllBytes(file), where)));
    } catch (IOException e) {
      throw new HeadroomTable.InvalidException(
          Location.ofFile(where), "cannot read: " + e.getMessage(), null, null);
    }
  }

  private static HeadroomTable.InvalidException tooLarge(String where, String found) {
    return new HeadroomTable.InvalidException(
        Location.ofFile(where),
        "the PG lookup table is larger than the "
            + MAX_BYTES
            + " bytes one may hold (limit: PG lookup table size); not read",
        "at most " + MAX_BYTES + " bytes",
        found);
  }

  private static String decode(byte[] bytes, String where) throws HeadroomTable.InvalidException {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new HeadroomTable.InvalidException(
          Location.ofFile(where), "not UTF-8 text", "UTF-8 text", "other bytes");
    }
  }

  /** Parses the table's text; {@code where} names the file in locations. */
  static HeadroomTable parse(String hwsku, String where, String text)
      throws HeadroomTable.InvalidException {
    List<HeadroomTable.Row> rows = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line =
          lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
      String stripped = line.strip();
      if (stripped.isEmpty() || stripped.startsWith("#")) {
        continue;
      }
      List<int[]> spans = new ArrayList<>();
      Matcher m = TOKEN.matcher(line);
      while (m.find()) {
        spans.add(new int[] {m.start(), m.end()});
      }
      if (spans.size() < 6 || spans.size() > 7) {
        throw problem(
            where,
            i,
            spans.get(0)[0],
            "a row is 'speed cable size xon xoff threshold' (and an optional xon_offset)",
            "6 or 7 fields",
            spans.size() + " fields");
      }
      String speed = field(line, spans, 0);
      check(where, i, spans, 0, SPEED, speed, "speed in Mb/s, e.g. 400000");
      String cable = field(line, spans, 1);
      Matcher c = CABLE.matcher(cable);
      if (!c.matches()) {
        throw problem(
            where, i, spans.get(1)[0], "bad cable length", "metres with 'm', e.g. 40m", cable);
      }
      for (int f = 2; f <= 4; f++) {
        check(where, i, spans, f, NUMBER, field(line, spans, f), "bytes, e.g. 19456");
      }
      check(where, i, spans, 5, THRESHOLD, field(line, spans, 5), "a dynamic_th, e.g. 0");
      if (spans.size() == 7) {
        check(where, i, spans, 6, NUMBER, field(line, spans, 6), "an xon_offset in bytes");
      }
      Integer before = seen.put(speed + " " + cable, i + 1);
      if (before != null) {
        throw problem(
            where,
            i,
            spans.get(0)[0],
            "speed "
                + speed
                + " and cable "
                + cable
                + " are listed twice (first at line "
                + before
                + "); buffermgrd would keep this line, Weft does not guess",
            "one row per speed and cable",
            "a second");
      }
      rows.add(
          new HeadroomTable.Row(
              Long.parseLong(speed),
              cable,
              Long.parseLong(c.group(1)),
              Long.parseLong(field(line, spans, 2)),
              Long.parseLong(field(line, spans, 3)),
              Long.parseLong(field(line, spans, 4)),
              Integer.parseInt(field(line, spans, 5)),
              i + 1));
    }
    if (rows.isEmpty()) {
      throw problem(
          where, Math.max(0, lines.length - 1), 0, "the table has no rows", "rows", "none");
    }
    return new HeadroomTable("SONiC's pg_profile_lookup.ini of " + hwsku, where, LOOKUP, rows);
  }

  private static String field(String line, List<int[]> spans, int f) {
    return line.substring(spans.get(f)[0], spans.get(f)[1]);
  }

  private static void check(
      String where, int i, List<int[]> spans, int f, Pattern shape, String value, String expected)
      throws HeadroomTable.InvalidException {
    if (!shape.matcher(value).matches()) {
      throw problem(
          where,
          i,
          spans.get(f)[0],
          "field " + (f + 1) + " (" + NAMES.get(f) + ") is not a number of the right shape",
          expected,
          value);
    }
  }

  private static final List<String> NAMES =
      List.of("speed", "cable", "size", "xon", "xoff", "threshold", "xon_offset");

  /** A problem on 0-based line {@code i}, 0-based column {@code col}. */
  private static HeadroomTable.InvalidException problem(
      String where, int i, int col, String message, String expected, String found) {
    return new HeadroomTable.InvalidException(
        new Location(where, i + 1, col + 1), message, expected, found);
  }
}
