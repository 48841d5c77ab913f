package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.schema.SchemaMessages;
import dev.weft.yaml.YamlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What is broken in an inventory's input, so that later stages report each problem once, at its
 * cause. Rules run on the sound part of the model; a finding that follows from broken input is left
 * out:
 *
 * <ul>
 *   <li>a finding at the very place of a {@code yaml-syntax} or {@code schema} error (the value is
 *       already reported there, e.g. a port whose headroom cannot be computed from a mistyped
 *       speed);
 *   <li>a finding on a device, or a device and port, that an input error names (its inputs are
 *       broken);
 *   <li>a finding that names a device, host or profile declared in a skipped file (it is not
 *       missing, only unread: "link end spine-01:Ethernet0 is unknown" when the file declaring
 *       spine-01 has an error);
 *   <li>a port's reference to a profile declared in a skipped file (the one input error that can
 *       follow from another: the profile is unread, not unknown);
 *   <li>{@code waiver-unused} while any file is skipped (the finding it waives may be in the
 *       skipped part);
 *   <li>{@code port-unlinked} while a skipped file may hold links (the port's link may be there).
 * </ul>
 *
 * @param skipped the files left out of the model, with why
 * @param declared device, host and profile names declared in skipped files (best effort for a file
 *     that does not parse: every {@code name:} value and every key under {@code profiles:})
 * @param errorPlaces where the input errors are
 * @param errorTargets {@code device} or {@code device port} named by input errors
 * @param linksComplete false when a skipped file holds (or may hold) links, so a port without a
 *     link may have one
 */
public record Consequences(
    List<SkippedFile> skipped,
    Set<String> declared,
    Set<Location> errorPlaces,
    Set<String> errorTargets,
    boolean linksComplete) {

  /** A file the model was built without, and the rule of the first error that made it so. */
  public record SkippedFile(String file, String reason) {}

  public static final Consequences NONE =
      new Consequences(List.of(), Set.of(), Set.of(), Set.of(), true);

  public Consequences {
    skipped = List.copyOf(skipped);
    declared = Set.copyOf(declared);
    errorPlaces = Set.copyOf(errorPlaces);
    errorTargets = Set.copyOf(errorTargets);
  }

  /**
   * Whether {@code f} follows from broken input (and is therefore left out). Input errors never do,
   * but for a reference to an unread profile.
   */
  public boolean follows(Finding f) {
    if (isInputError(f)) {
      // a port naming a profile of a skipped file: the profile is unread, not unknown (a mistyped
      // 400g in
      // one profile gave an error on every port that uses any profile of that file)
      return IntentMapper.PROFILE_REFERENCE.equals(f.expected()) && named(f.actual());
    }
    if (f.location() != null && errorPlaces.contains(f.location())) {
      return true;
    }
    if (f.device() != null
        && (errorTargets.contains(f.device())
            || (f.port() != null && errorTargets.contains(f.device() + " " + f.port())))) {
      return true;
    }
    if (named(f.device())
        || named(f.actual())
        || (f.actual() != null && named(deviceOf(f.actual())))) {
      return true;
    }
    if (!linksComplete && f.rule().equals("port-unlinked")) {
      return true; // the port's link may be in the skipped file
    }
    return !skipped.isEmpty() && f.rule().equals("waiver-unused");
  }

  /** {@code findings} without the ones that follow from broken input. */
  public List<Finding> without(List<Finding> findings) {
    if (this == NONE) {
      return findings;
    }
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      if (!follows(f)) {
        out.add(f);
      }
    }
    return out;
  }

  /** A one-line note for reports, or null when nothing was skipped. */
  public String note() {
    if (skipped.isEmpty()) {
      return null;
    }
    long syntax = skipped.stream().filter(s -> s.reason().equals(YamlParser.RULE)).count();
    long schema = skipped.size() - syntax;
    List<String> why = new ArrayList<>();
    if (syntax > 0) {
      why.add(syntax + " with YAML errors");
    }
    if (schema > 0) {
      why.add(schema + " with schema errors");
    }
    return skipped.size()
        + (skipped.size() == 1 ? " file was" : " files were")
        + " not mapped ("
        + String.join(", ", why)
        + ": "
        + String.join(", ", skipped.stream().map(SkippedFile::file).toList())
        + "); the rules ran on the rest, and findings that depend on what those files declare are left out"
        + " until they are fixed";
  }

  static boolean isInputError(Finding f) {
    return f.severity() == Severity.ERROR
        && (f.rule().equals(YamlParser.RULE) || f.rule().equals(SchemaMessages.RULE));
  }

  private boolean named(String name) {
    return name != null && declared.contains(name);
  }

  private static String deviceOf(String endpoint) {
    int colon = endpoint.indexOf(':');
    return colon < 0 ? endpoint : endpoint.substring(0, colon);
  }
}
