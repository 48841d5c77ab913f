package dev.weft.cabling;

/** The finding ids of the cabling audit; each is a catalogue entry under {@code policies/<id>/}. */
public final class CablingRules {

  /** A declared link whose ends see no neighbour on it. */
  public static final String MISSING = "cabling-missing";

  /** A port that sees another device or port than the intent cables it to. */
  public static final String WRONG = "cabling-wrong-neighbour";

  /**
   * A neighbour on a port the intent declares no link on, from a port the intent declares none on
   * either.
   */
  public static final String UNKNOWN = "cabling-unknown-neighbour";

  /** Two declared links whose far ends are exchanged: one finding for the pair. */
  public static final String SWAP = "cabling-swap";

  /** A device whose neighbours could not be read: the cabling audit is blind there. */
  public static final String NOT_SERVED = "cabling-not-served";

  private CablingRules() {}
}
