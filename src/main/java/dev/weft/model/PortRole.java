package dev.weft.model;

/** What a switch port faces. */
public enum PortRole {
  HOST_FACING("host-facing"),
  FABRIC("fabric");

  private final String word;

  PortRole(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  public static PortRole parse(String word) {
    for (PortRole r : values()) {
      if (r.word.equals(word)) {
        return r;
      }
    }
    throw new IllegalArgumentException("role must be host-facing or fabric, found '" + word + "'");
  }
}
