package dev.weft.remediate;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A drift or audit report ({@code --format json}) as the input of {@code weft remediate --from}:
 * the drift findings of each device, as the report states them (with the intent lines they name).
 *
 * @param inventory the report's inventory folder
 * @param command the command that wrote it
 * @param drift device → its drift findings, by device name; a device without drift is not listed
 */
public record ReportInput(String inventory, String command, Map<String, List<Finding>> drift) {

  /** Largest report read; a report of a 32k-GPU fabric with drift everywhere stays well below. */
  public static final long MAX_BYTES = 256L * 1024 * 1024;

  private static final Set<String> COMMANDS = Set.of("drift", "audit");

  /** A report that cannot be used: the message names the file and what was expected and found. */
  public static final class BadReportException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadReportException(String message) {
      super(message);
    }
  }

  public ReportInput {
    Map<String, List<Finding>> copy = new TreeMap<>();
    drift.forEach((d, fs) -> copy.put(d, List.copyOf(fs)));
    drift = java.util.Collections.unmodifiableMap(copy);
  }

  public static ReportInput read(Path file) throws BadReportException {
    byte[] bytes;
    try {
      if (!Files.isRegularFile(file)) {
        throw new BadReportException(
            file
                + ": "
                + (Files.exists(file) ? "not a regular file" : "no such file")
                + "; expected a weft drift or audit report (--format json)");
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, MAX_BYTES + 1));
      }
    } catch (IOException e) {
      throw new BadReportException(
          file + ": cannot read the report (" + e.getClass().getSimpleName() + ")");
    }
    if (bytes.length > MAX_BYTES) {
      throw new BadReportException(
          file + ": larger than " + MAX_BYTES + " bytes (limit: report size); not a report");
    }
    return parse(new String(bytes, StandardCharsets.UTF_8), file.toString());
  }

  static ReportInput parse(String text, String what) throws BadReportException {
    Object root;
    try {
      root = Json.parse(text);
    } catch (JsonException e) {
      throw new BadReportException(what + ": " + e.getMessage());
    }
    if (!(root instanceof Map<?, ?> top) || !"weft".equals(top.get("tool"))) {
      throw new BadReportException(
          what + ": expected a weft report (a JSON object with \"tool\": \"weft\")");
    }
    Object command = top.get("command");
    if (!(command instanceof String c) || !COMMANDS.contains(c)) {
      throw new BadReportException(
          what
              + ": expected the report of weft drift or weft audit, found command "
              + (command == null ? "none" : "'" + command + "'"));
    }
    if (!(top.get("findings") instanceof List<?> findings)) {
      throw new BadReportException(what + ": the report has no \"findings\" list");
    }
    Map<String, List<Finding>> drift = new TreeMap<>();
    int i = 0;
    for (Object o : findings) {
      String at = what + ": findings[" + i++ + "]";
      if (!(o instanceof Map<?, ?> f)) {
        throw new BadReportException(at + ": expected an object");
      }
      String rule = string(f, "rule", at, true);
      if (!rule.startsWith(Planner.DRIFT)) {
        continue;
      }
      String device = string(f, "device", at, true);
      Finding finding =
          Finding.of(
                  rule,
                  severity(string(f, "severity", at, true), at),
                  string(f, "message", at, true))
              .at(location(f, at))
              .onDevice(device)
              .onPort(string(f, "port", at, false))
              .withPath(string(f, "path", at, false))
              .withValues(string(f, "expected", at, false), string(f, "actual", at, false));
      if (Boolean.TRUE.equals(f.get("waived"))) {
        continue; // a waived difference is accepted, not to be pushed away
      }
      drift.computeIfAbsent(device, k -> new ArrayList<>()).add(finding);
    }
    Object inventory = top.get("inventory");
    return new ReportInput(inventory instanceof String s ? s : "", (String) command, drift);
  }

  private static String string(Map<?, ?> f, String key, String at, boolean required)
      throws BadReportException {
    Object v = f.get(key);
    if (v == null) {
      if (required) {
        throw new BadReportException(at + ": \"" + key + "\" is missing");
      }
      return null;
    }
    if (!(v instanceof String s)) {
      throw new BadReportException(at + ": \"" + key + "\" must be a string, found " + v);
    }
    return s;
  }

  private static Severity severity(String label, String at) throws BadReportException {
    for (Severity s : Severity.values()) {
      if (s.label().equals(label)) {
        return s;
      }
    }
    throw new BadReportException(at + ": unknown severity '" + label + "'");
  }

  private static Location location(Map<?, ?> f, String at) throws BadReportException {
    Object file = f.get("file");
    if (file == null) {
      return null;
    }
    if (!(file instanceof String name)
        || !(f.get("line") instanceof Long line)
        || !(f.get("column") instanceof Long column)
        || line < 1
        || column < 1
        || line > Integer.MAX_VALUE
        || column > Integer.MAX_VALUE) {
      throw new BadReportException(
          at + ": \"file\", \"line\" and \"column\" must be a file name and 1-based numbers");
    }
    return new Location(name, (int) (long) line, (int) (long) column);
  }
}
