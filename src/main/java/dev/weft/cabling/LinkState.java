package dev.weft.cabling;

import dev.weft.model.Link;

/**
 * One declared link as the neighbours show it.
 *
 * @param link the declared link
 * @param state what the neighbours show
 * @param seen what its ends see instead (the peers, as {@code device:port}), or empty when correct
 *     or unseen
 * @param fix the re-cabling that makes it right, or empty
 */
public record LinkState(Link link, State state, String seen, String fix) {

  /** What the neighbours show of a declared link. */
  public enum State {
    OK("ok"),
    MISSING("missing"),
    WRONG("wrong"),
    SWAPPED("swapped"),
    NOT_READ("not read");

    private final String label;

    State(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }
}
