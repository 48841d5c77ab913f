package dev.weft.platform;

import java.util.Locale;
import java.util.Map;

/**
 * The standard names of DSCP code points, which several vendors print in place of the number: the
 * class selectors {@code cs0}..{@code cs7} (RFC 2474), assured forwarding {@code af11}..{@code
 * af43} (RFC 2597), expedited forwarding {@code ef} (RFC 3246) and lower effort {@code le} (RFC
 * 8622). One table for every reader; a vendor's own extra names (Junos's {@code be}, {@code nc1})
 * stay in its pack.
 */
public final class DscpNames {

  private static final Map<String, Integer> STANDARD =
      Map.ofEntries(
          Map.entry("cs0", 0),
          Map.entry("le", 1),
          Map.entry("cs1", 8),
          Map.entry("af11", 10),
          Map.entry("af12", 12),
          Map.entry("af13", 14),
          Map.entry("cs2", 16),
          Map.entry("af21", 18),
          Map.entry("af22", 20),
          Map.entry("af23", 22),
          Map.entry("cs3", 24),
          Map.entry("af31", 26),
          Map.entry("af32", 28),
          Map.entry("af33", 30),
          Map.entry("cs4", 32),
          Map.entry("af41", 34),
          Map.entry("af42", 36),
          Map.entry("af43", 38),
          Map.entry("cs5", 40),
          Map.entry("ef", 46),
          Map.entry("cs6", 48),
          Map.entry("cs7", 56));

  private DscpNames() {}

  /**
   * The code point of a standard name in either case ({@code EF}, {@code af31}), or null when it is
   * none.
   */
  public static Integer codePoint(String name) {
    return name == null ? null : STANDARD.get(name.toLowerCase(Locale.ROOT));
  }
}
