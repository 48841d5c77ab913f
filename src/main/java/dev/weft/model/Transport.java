package dev.weft.model;

/** The fabric's transport: selects which parts of the intent apply. */
public enum Transport {
  ROCE_V2("roce-v2"),
  INFINIBAND("infiniband");

  private final String word;

  Transport(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  public static Transport parse(String word) {
    for (Transport t : values()) {
      if (t.word.equals(word)) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "transport must be roce-v2 or infiniband, found '" + word + "'");
  }
}
