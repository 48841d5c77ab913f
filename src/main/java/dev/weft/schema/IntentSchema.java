package dev.weft.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The intent JSON Schema as Weft checks it: {@code intent.schema.json} from the jar with the list
 * of switch platforms filled in from the platform packs (the file holds a marker there, so adding a
 * pack edits no list in the schema).
 */
public final class IntentSchema {

  static final String RESOURCE = "/dev/weft/schema/intent.schema.json";

  /**
   * Where the switch platforms go: the {@code platform} enum and the keys of every map keyed by
   * platform ({@code versions.switch-os}, {@code versions.switch-os-minimum}). No platform id is
   * written in the file.
   */
  static final String PLATFORMS_MARKER = "[\"@switch-platforms@\"]";

  /** The one word of the marker's enum. */
  static final String PLATFORM_WORD = "@switch-platforms@";

  private static final Pattern PLATFORM_ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

  private IntentSchema() {}

  /** The schema text with {@code switchPlatforms} (sorted) as the platform enum. */
  public static String text(Collection<String> switchPlatforms) {
    if (switchPlatforms.isEmpty()) {
      throw new IllegalArgumentException("no switch platforms: the platform packs are missing");
    }
    StringBuilder list = new StringBuilder("[");
    for (String id : new TreeSet<>(switchPlatforms)) {
      if (!PLATFORM_ID.matcher(id).matches()) {
        throw new IllegalArgumentException(
            "platform id '" + id + "' is not lower case letters, digits and '-'");
      }
      list.append(list.length() > 1 ? ", " : "").append('"').append(id).append('"');
    }
    String raw = raw();
    if (!raw.contains(PLATFORMS_MARKER)) {
      throw new IllegalStateException(RESOURCE + " lost its platform marker " + PLATFORMS_MARKER);
    }
    return raw.replace(PLATFORMS_MARKER, list.append(']').toString());
  }

  /** The file as shipped (marker included). */
  static String raw() {
    try (InputStream in = IntentSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("intent schema missing from the jar: " + RESOURCE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
