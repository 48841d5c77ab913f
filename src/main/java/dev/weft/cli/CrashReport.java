package dev.weft.cli;

import dev.weft.finding.WhileProcessing;
import dev.weft.live.LiveSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The trace file of an internal error, written for a bug report: the Weft and Java versions, the
 * command line, what was being processed (the input file or device, from every {@link
 * WhileProcessing} in the cause chain) and the full trace, with anything that looks like a secret
 * masked. The user sees one line naming the file; the file never leaves the machine by itself.
 */
final class CrashReport {

  /** {@code password: x}, {@code token=x}, {@code secret "x"}: the value goes, the key stays. */
  private static final Pattern SECRET_VALUE =
      Pattern.compile(
          "(?i)((?:password|passphrase|passwd|secret|token|api[-_]?key|private[-_]?key|authorization)[\"']?\\s*[:=]\\s*)"
              + "(\"[^\"]*\"|'[^']*'|\\S+)");

  private static final Pattern PEM =
      Pattern.compile(
          "-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(-----END [A-Z ]*PRIVATE KEY-----|\\z)",
          Pattern.DOTALL);
  private static final Pattern URL_USERINFO = Pattern.compile("(\\w+://[^/\\s:@]+:)[^@\\s/]+@");

  private CrashReport() {}

  /**
   * Writes the report of {@code error}, thrown while running {@code args}; answers the file's path
   * or why it could not be written.
   */
  static String write(Throwable error, List<String> args, List<String> context) {
    try {
      Path file = Files.createTempFile("weft-crash-", ".txt");
      Files.writeString(file, text(error, args, context), StandardCharsets.UTF_8);
      return file.toString();
    } catch (IOException | RuntimeException e) {
      return "unavailable: " + e.getMessage();
    }
  }

  /** The report's text (tests read it). */
  static String text(Throwable error, List<String> args, List<String> context) {
    StringBuilder out = new StringBuilder();
    out.append("Weft ").append(Version.VERSION).append(" internal error\n");
    out.append("java: ")
        .append(System.getProperty("java.version"))
        .append(" (")
        .append(System.getProperty("java.vendor"))
        .append(")\n");
    if (args != null) {
      out.append("command: weft ").append(String.join(" ", args)).append('\n');
    }
    Set<String> subjects = new LinkedHashSet<>(context);
    subjects.addAll(subjects(error));
    for (String s : subjects) {
      out.append("while processing: ").append(s).append('\n');
    }
    StringWriter trace = new StringWriter();
    error.printStackTrace(new PrintWriter(trace));
    out.append('\n').append(trace);
    return mask(out.toString());
  }

  /** Every subject named in the cause chain, outermost first. */
  static List<String> subjects(Throwable error) {
    List<String> out = new ArrayList<>();
    Set<Throwable> seen = new java.util.HashSet<>();
    for (Throwable t = error; t != null && seen.add(t); t = t.getCause()) {
      if (t instanceof WhileProcessing w) {
        out.add(w.subject());
      }
    }
    return out;
  }

  static String mask(String text) {
    String masked = PEM.matcher(text).replaceAll("-----BEGIN PRIVATE KEY----- (masked)");
    masked = SECRET_VALUE.matcher(masked).replaceAll("$1***");
    return URL_USERINFO.matcher(masked).replaceAll("$1***@");
  }

  /**
   * For per-device failures ({@code dev.weft.live.DevicePool}): each gets a trace file naming the
   * device.
   */
  static LiveSettings.CrashRecorder forDevices() {
    return (device, error) -> write(error, null, List.of("device " + device));
  }
}
