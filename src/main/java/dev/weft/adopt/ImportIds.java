package dev.weft.adopt;

import java.util.List;

/**
 * The ids {@code weft import} reports besides the drift ids of its round trip. Their explanations
 * are catalogue entries like every rule's ({@code policies/<id>/rule.yaml}, scope {@code tool}), so
 * {@code weft explain} answers; docs/import.md says the same in prose.
 */
public final class ImportIds {

  /**
   * A device file that is not a config Weft reads, too large, or that its platform's reader
   * refuses.
   */
  public static final String UNREADABLE = "import-unreadable";

  /** A device setting the generated intent does not carry (outside Weft's model). */
  public static final String OUTSIDE_MODEL = "import-outside-model";

  /**
   * A port or device value that differs from the fabric plan and is written as a reasoned
   * exception.
   */
  public static final String EXCEPTION = "import-exception";

  /**
   * Ports no link names: neither the config (port description, LLDP) nor the skeleton says where
   * they go.
   */
  public static final String UNLINKED = "import-unlinked";

  /** A value no device config carries that import had to fill in (role, NIC and RoCE MTU, ...). */
  public static final String ASSUMED = "import-assumed";

  private ImportIds() {}

  /** Every import id. */
  public static List<String> all() {
    return List.of(ASSUMED, EXCEPTION, OUTSIDE_MODEL, UNLINKED, UNREADABLE);
  }
}
