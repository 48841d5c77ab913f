package dev.weft.render;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Puts what would stop a device from rendering ({@link Renderer.Blocker}) beside the other findings
 * of a validate, reporting each cause once:
 *
 * <ul>
 *   <li>where a warning rule names the same cause at the same place ({@code cable-length-missing}
 *       on the link, {@code asic-profile-missing} at the asic line), the {@code render-error}
 *       replaces it: the verdict is an error, and one line says both what is missing and what it
 *       stops;
 *   <li>where an error already stands at that place (a broken ASIC profile), the {@code
 *       render-error} that follows from it is left out.
 * </ul>
 */
public final class RenderCheck {

  private RenderCheck() {}

  /**
   * {@code findings} (no render-error among them) with the blockers folded in as described above.
   */
  public static List<Finding> fold(List<Finding> findings, List<Renderer.Blocker> blockers) {
    if (blockers.isEmpty()) {
      return findings;
    }
    Set<Location> errors = new HashSet<>();
    for (Finding f : findings) {
      if (f.severity() == Severity.ERROR && f.location() != null) {
        errors.add(f.location());
      }
    }
    Set<String> replaced = new HashSet<>();
    List<Finding> added = new ArrayList<>();
    for (Renderer.Blocker b : blockers) {
      Location at = b.finding().location();
      if (at != null && errors.contains(at)) {
        continue; // follows from an error reported at the same place
      }
      added.add(b.finding());
      if (b.cause() != null && b.cause().rule() != null && at != null) {
        replaced.add(b.cause().rule() + "\u0000" + at);
      }
    }
    List<Finding> out = new ArrayList<>(findings.size() + added.size());
    for (Finding f : findings) {
      if (f.location() == null || !replaced.contains(f.rule() + "\u0000" + f.location())) {
        out.add(f);
      }
    }
    out.addAll(added);
    return out;
  }

  /**
   * Findings of a full (in-memory) render as blockers without a known cause: every error among
   * them.
   */
  public static List<Renderer.Blocker> asBlockers(List<Finding> renderFindings) {
    return renderFindings.stream()
        .filter(f -> f.severity() == Severity.ERROR)
        .map(f -> new Renderer.Blocker(f, null))
        .toList();
  }
}
