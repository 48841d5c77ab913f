package dev.weft.model;

import java.util.List;

/**
 * A declared deviation from the fabric plan for one switch, profile or port ({@code exception:} in
 * intent), with its mandatory reason. The compiled config follows it (a lossy storage port gets no
 * PFC, no watchdog, no headroom), and every exception is listed in reports as a waived {@code
 * plan-exception} finding so it never hides. Rules judge the resulting plan: an exception changes
 * what the plan is, it does not silence a rule (that is what a waiver does).
 *
 * @param reason why the deviation is acceptable; required by the schema
 * @param pfc the PFC priorities of the scope (empty: no PFC, a lossy scope), or null to keep the
 *     fabric's lossless set
 * @param watchdogAction the PFC watchdog action of the scope, or null to keep the fabric's
 */
public record PlanException(
    String reason, List<Integer> pfc, Watchdog.Action watchdogAction, Provenance at) {

  public PlanException {
    pfc = pfc == null ? null : List.copyOf(pfc);
  }

  /**
   * What the exception changes, in words ({@code PFC off}, {@code PFC on 3}, {@code watchdog action
   * forward}).
   */
  public String describe() {
    StringBuilder out = new StringBuilder();
    if (pfc != null) {
      out.append(
          pfc.isEmpty()
              ? "PFC off (lossy)"
              : "PFC only on priorit"
                  + (pfc.size() == 1 ? "y " : "ies ")
                  + String.join(",", pfc.stream().map(String::valueOf).toList()));
    }
    if (watchdogAction != null) {
      out.append(out.isEmpty() ? "" : ", ")
          .append("watchdog action ")
          .append(watchdogAction.word());
    }
    return out.isEmpty() ? "nothing" : out.toString();
  }
}
