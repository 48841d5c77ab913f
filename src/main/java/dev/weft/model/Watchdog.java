package dev.weft.model;

import dev.weft.units.TimeSpan;
import java.util.Locale;

/**
 * PFC watchdog; defaults (spec §7): detection 200ms, restoration 400ms, action drop, poll 200ms.
 */
public record Watchdog(
    boolean enabled,
    TimeSpan detection,
    TimeSpan restoration,
    Action action,
    TimeSpan poll,
    Provenance at) {
  public enum Action {
    DROP,
    FORWARD,
    ALERT;

    /** The word written in intent ({@code drop}, {@code forward}, {@code alert}). */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** True for the actions that stop a pause storm (drop); forward and alert let it run. */
    public boolean mitigates() {
      return this == DROP;
    }

    /** The action for {@code word}, or null for anything else. */
    public static Action of(String word) {
      for (Action a : values()) {
        if (a.word().equals(word)) {
          return a;
        }
      }
      return null;
    }
  }
}
