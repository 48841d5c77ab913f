package dev.weft.model;

/** Declared congestion control: DCQCN, PFC only (as Meta runs), or ECN only. */
public enum CongestionControl {
  DCQCN("dcqcn"),
  PFC_ONLY("pfc-only"),
  ECN_ONLY("ecn-only");

  private final String word;

  CongestionControl(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  public static CongestionControl parse(String word) {
    for (CongestionControl c : values()) {
      if (c.word.equals(word)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "congestion-control must be dcqcn, pfc-only or ecn-only, found '" + word + "'");
  }
}
