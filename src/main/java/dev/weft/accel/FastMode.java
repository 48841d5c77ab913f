package dev.weft.accel;

import java.util.Locale;
import java.util.Map;

/** Which paths run where Weft has a hand-written fast path beside a library. */
public enum FastMode {
  /** The fast path where it accepts the input, the library where it declines (the default). */
  ON,
  /**
   * Only the libraries: the reference behaviour, and the switch to use when a fast path is suspect.
   */
  OFF,
  /** Both on every input; a difference is an {@code internal-error} finding naming the file. */
  VERIFY;

  /** The environment variable that sets the mode. */
  public static final String VARIABLE = "WEFT_FAST";

  /** The system property that sets the mode; it wins over the variable (tests, embedding). */
  public static final String PROPERTY = "weft.fast";

  /**
   * The mode the property or, without it, the variable names; {@link #ON} when neither is set.
   *
   * @throws IllegalArgumentException naming the setting and the values it takes
   */
  public static FastMode from(Map<String, String> environment, String property) {
    if (property != null && !property.isBlank()) {
      return parse(property, "-D" + PROPERTY);
    }
    String value = environment.get(VARIABLE);
    return value == null || value.isBlank() ? ON : parse(value, VARIABLE);
  }

  private static FastMode parse(String value, String setting) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          setting + " must be on, off or verify, found '" + value.trim() + "'", e);
    }
  }
}
