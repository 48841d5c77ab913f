package dev.weft.rules;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Waiver;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Applies waivers (spec §6) to the rules' findings and judges the waivers themselves.
 *
 * <p>A matching finding is marked waived with the waiver's reason, never removed, so reports still
 * show it. A waiver matches a finding of its rule when its scope is empty, or when any scope entry
 * matches: a device name, a {@code device:port}, or a file (repository-relative, or relative to the
 * inventory). A scope naming a device the inventory does not have makes the waiver invalid: a typo
 * must not quietly waive nothing. Expired and invalid waivers waive nothing: an expired waiver must
 * not keep hiding a problem after the date its owner committed to.
 */
final class Waivers {

  static final String EXPIRED = "waiver-expired";
  static final String INVALID = "waiver-invalid";
  static final String UNUSED = "waiver-unused";

  private Waivers() {}

  /**
   * @param waivers the inventory's waivers in declaration order
   * @param findings every rule's findings (severities already stamped)
   * @param catalog for unknown-rule checks
   * @param ran ids of the rules that ran; a waiver of a rule that did not run is not "unused"
   * @param today the date expiry is judged against
   * @param model the inventory: its path (for inventory-relative {@code files}) and device names
   * @return the findings with matches marked waived, followed by the waiver findings
   */
  static List<Finding> apply(
      List<Waiver> waivers,
      List<Finding> findings,
      RuleCatalog catalog,
      Set<String> ran,
      LocalDate today,
      FabricModel model) {
    String inventory = model.inventory();
    List<Finding> out = new ArrayList<>(findings.size() + waivers.size());
    List<Finding> verdicts = new ArrayList<>();
    Map<String, List<Active>> activeByRule = new HashMap<>();
    List<Active> actives = new ArrayList<>();
    for (Waiver w : waivers) {
      List<Finding> problems = problems(w, catalog, model);
      if (!problems.isEmpty()) {
        verdicts.addAll(problems);
      } else if (w.expires().isBefore(today)) {
        verdicts.add(
            Finding.of(
                    EXPIRED,
                    Severity.WARNING,
                    "waiver for "
                        + w.rule()
                        + " expired on "
                        + w.expires()
                        + "; it no longer waives anything: fix the findings or renew it with a new date")
                .at(where(w, "expires"))
                .withValues("on or after " + today, w.expires().toString()));
      } else {
        Active a = new Active(w, Scope.of(w, inventory));
        actives.add(a);
        activeByRule.computeIfAbsent(w.rule(), k -> new ArrayList<>()).add(a);
      }
    }
    for (Finding f : findings) {
      out.add(waive(f, activeByRule.getOrDefault(f.rule(), List.of())));
    }
    for (Active a : actives) {
      if (!a.used && ran.contains(a.waiver.rule())) {
        verdicts.add(
            Finding.of(
                    UNUSED,
                    Severity.WARNING,
                    "waiver for "
                        + a.waiver.rule()
                        + " matches no finding; remove it or correct its scope")
                .at(where(a.waiver, "rule")));
      }
    }
    out.addAll(verdicts);
    return out;
  }

  private static Finding waive(Finding f, List<Active> candidates) {
    for (Active a : candidates) {
      if (a.scope.matches(f)) {
        a.used = true;
        return f.waivedBecause(a.waiver.reason());
      }
    }
    return f;
  }

  /** Why a waiver cannot be applied; empty when it is usable. */
  private static List<Finding> problems(Waiver w, RuleCatalog catalog, FabricModel model) {
    List<Finding> problems = new ArrayList<>();
    if (w.rule() != null
        && RuleCatalog.BUILT_IN_FINDINGS.contains(w.rule())
        && !catalog.waivable(w.rule())) {
      problems.add(
          invalid(
              w,
              "rule",
              "waiver names "
                  + w.rule()
                  + ", a finding of Weft itself rather than of a"
                  + " policy rule (weft explain "
                  + w.rule()
                  + "); waivers accept policy findings only, fix the cause instead"));
    } else if (w.rule() == null || !(catalog.knows(w.rule()) || catalog.waivable(w.rule()))) {
      String hint =
          w.rule() == null
              ? ""
              : Optional.ofNullable(DidYouMean.suggest(w.rule(), catalog.ruleIds()))
                  .map(id -> " (did you mean " + id + "?)")
                  .orElse("");
      problems.add(
          invalid(
              w,
              "rule",
              "waiver names rule '" + w.rule() + "', which is not in the catalogue" + hint));
    } else if (RuleCatalog.WAIVER_RULE_IDS.contains(w.rule())) {
      problems.add(
          invalid(
              w,
              "rule",
              "waiver names "
                  + w.rule()
                  + "; findings about waivers cannot be waived, fix the waiver instead"));
    }
    if (w.reason() == null || w.reason().isBlank()) {
      problems.add(
          invalid(
              w,
              "reason",
              "waiver for " + w.rule() + " has no reason; say why the finding is acceptable"));
    }
    if (w.expires() == null) {
      problems.add(
          invalid(
              w,
              "expires",
              "waiver for " + w.rule() + " has no expiry date (expires: YYYY-MM-DD)"));
    }
    for (String device : w.devices()) {
      unknownDevice(model, device)
          .ifPresent(m -> problems.add(invalid(w, "devices", "waiver device scope names " + m)));
    }
    for (String port : w.ports()) {
      int colon = port.indexOf(':');
      if (colon <= 0 || colon == port.length() - 1) { // the port may be a breakout: et-0/0/0:1
        problems.add(
            invalid(w, "ports", "waiver port scope must be device:port, found '" + port + "'"));
      } else {
        unknownDevice(model, port.substring(0, colon))
            .ifPresent(
                m ->
                    problems.add(invalid(w, "ports", "waiver port scope " + port + " names " + m)));
      }
    }
    for (String file : w.files()) {
      if (file.isBlank()
          || file.startsWith("/")
          || file.contains("\\")
          || List.of(file.split("/")).contains("..")) {
        problems.add(
            invalid(
                w,
                "files",
                "waiver file scope must be a relative path inside the repository, found '"
                    + file
                    + "'"));
      }
    }
    return problems;
  }

  /**
   * Why {@code name} is not a device of the inventory (a typo would silently waive nothing), or
   * empty.
   */
  private static Optional<String> unknownDevice(FabricModel model, String name) {
    if (model.switchNamed(name).isPresent() || model.hostNamed(name).isPresent()) {
      return Optional.empty();
    }
    List<String> names = new ArrayList<>(model.index().switchesByName().keySet());
    names.addAll(model.index().hostsByName().keySet());
    return Optional.of(
        "'"
            + name
            + "', which is no switch or host of the inventory"
            + Optional.ofNullable(DidYouMean.suggest(name, names))
                .map(n -> " (did you mean " + n + "?)")
                .orElse(""));
  }

  private static Finding invalid(Waiver w, String field, String message) {
    return Finding.of(INVALID, Severity.ERROR, message).at(where(w, field));
  }

  private static Location where(Waiver w, String field) {
    return w.at() == null ? null : w.at().of(field);
  }

  /**
   * A usable waiver and whether it matched anything (mutated only within one {@link #apply} call).
   */
  private static final class Active {
    final Waiver waiver;
    final Scope scope;
    boolean used;

    Active(Waiver waiver, Scope scope) {
      this.waiver = waiver;
      this.scope = scope;
    }
  }

  private record Scope(Set<String> devices, Set<String> ports, Set<String> files) {
    static Scope of(Waiver w, String inventory) {
      Set<String> files = new java.util.HashSet<>();
      for (String f : w.files()) {
        String clean = f.startsWith("./") ? f.substring(2) : f;
        files.add(clean);
        if (inventory != null && !inventory.isEmpty()) {
          files.add(inventory + "/" + clean);
        }
      }
      return new Scope(Set.copyOf(w.devices()), Set.copyOf(w.ports()), Set.copyOf(files));
    }

    boolean matches(Finding f) {
      if (devices.isEmpty() && ports.isEmpty() && files.isEmpty()) {
        return true;
      }
      return (f.device() != null && devices.contains(f.device()))
          || (f.device() != null && f.port() != null && ports.contains(f.device() + ":" + f.port()))
          || (f.location() != null && files.contains(f.location().file()));
    }
  }
}
