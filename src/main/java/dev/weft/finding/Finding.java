package dev.weft.finding;

import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * One result of any stage: a schema error, a policy violation, a drift, an unreachable device. The
 * single record type every command produces and every reporter consumes.
 *
 * <p>Optional parts are {@code null} rather than empty strings so reporters can omit them.
 *
 * @param rule stable kebab-case id ({@code schema}, {@code yaml-syntax}, {@code drift-pfc}, ...)
 * @param severity how serious
 * @param message one plain-English line: what was expected and what was found
 * @param location the intent line this is about (for drift: the line that owns the expected value),
 *     or null
 * @param device device name, or null
 * @param port port name, or null
 * @param path semantic path: a JSON pointer into the merged intent, or a NETCONF path for live
 *     config; or null
 * @param expected expected value as text, or null
 * @param actual actual value as text, or null
 * @param waived true when a waiver matched; waived findings never fail a run
 * @param waiverReason the matching waiver's reason, or null
 */
public record Finding(
    String rule,
    Severity severity,
    String message,
    Location location,
    String device,
    String port,
    String path,
    String expected,
    String actual,
    boolean waived,
    String waiverReason) {

  /** Report order required by the CLI contract: file, line, column, rule, device, port. */
  public static final Comparator<Finding> ORDER =
      Comparator.comparing((Finding f) -> f.location() == null ? "\uffff" : f.location().file())
          .thenComparingInt(f -> f.location() == null ? 0 : f.location().line())
          .thenComparingInt(f -> f.location() == null ? 0 : f.location().column())
          .thenComparing(Finding::rule)
          .thenComparing(f -> f.device() == null ? "" : f.device())
          .thenComparing(f -> f.port() == null ? "" : f.port())
          .thenComparing(Finding::message);

  public Finding {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(message, "message");
    // A safety net under the stages, which quote values cut already: no finding carries a whole
    // input.
    message = Excerpt.cut(message, MAX_MESSAGE_CHARS);
    expected = Excerpt.cut(expected, MAX_VALUE_CHARS);
    actual = Excerpt.cut(actual, MAX_VALUE_CHARS);
  }

  /** Longest message kept; the stages' own messages are a line or two. */
  public static final int MAX_MESSAGE_CHARS = 2000;

  /** Longest expected or actual value kept (a whole DSCP map fits). */
  public static final int MAX_VALUE_CHARS = 1000;

  /**
   * Starts a finding with the three required parts; add the rest with the {@code with*} methods.
   */
  public static Finding of(String rule, Severity severity, String message) {
    return new Finding(rule, severity, message, null, null, null, null, null, null, false, null);
  }

  public Finding at(Location where) {
    return new Finding(
        rule, severity, message, where, device, port, path, expected, actual, waived, waiverReason);
  }

  public Finding onDevice(String deviceName) {
    return new Finding(
        rule,
        severity,
        message,
        location,
        deviceName,
        port,
        path,
        expected,
        actual,
        waived,
        waiverReason);
  }

  public Finding onPort(String portName) {
    return new Finding(
        rule,
        severity,
        message,
        location,
        device,
        portName,
        path,
        expected,
        actual,
        waived,
        waiverReason);
  }

  public Finding withPath(String semanticPath) {
    return new Finding(
        rule,
        severity,
        message,
        location,
        device,
        port,
        semanticPath,
        expected,
        actual,
        waived,
        waiverReason);
  }

  public Finding withValues(String expectedValue, String actualValue) {
    return new Finding(
        rule,
        severity,
        message,
        location,
        device,
        port,
        path,
        expectedValue,
        actualValue,
        waived,
        waiverReason);
  }

  public Finding withSeverity(Severity newSeverity) {
    return new Finding(
        rule,
        newSeverity,
        message,
        location,
        device,
        port,
        path,
        expected,
        actual,
        waived,
        waiverReason);
  }

  public Finding waivedBecause(String reason) {
    return new Finding(
        rule, severity, message, location, device, port, path, expected, actual, true, reason);
  }

  public Optional<Location> where() {
    return Optional.ofNullable(location);
  }

  /**
   * The message with this finding's device and port names replaced by {@code <device>} and {@code
   * <port>}: two findings with the same rule, place and generic message say the same thing about
   * different devices (reports group them, the intent stage reports a shared value's problem once).
   */
  public String genericMessage() {
    String m = message;
    if (device != null && !device.isEmpty()) {
      m = m.replace(device, "<device>");
    }
    if (port != null && !port.isEmpty()) {
      m = m.replace(port, "<port>");
    }
    return m;
  }
}
