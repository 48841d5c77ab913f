package dev.weft.platform;

import java.util.OptionalInt;

/**
 * A device's config as saved in a file an import is given ({@code weft backup}'s {@code
 * <device>.xml} or {@code <device>.json}, or any such file), for a pack to tell whether it is its
 * platform's ({@link LiveProfile#recognises}).
 *
 * @param format the file's extension, lower case: {@code xml}, {@code json}, {@code txt}, {@code
 *     cfg}, or empty for a file without one
 * @param text the file's text
 * @param json the text parsed as JSON (maps, lists, strings, numbers), or null when it is XML or
 *     not JSON
 */
public record SavedConfig(String format, String text, Object json) {

  /** {@code rank} when this is an XML file whose text names {@code namespace}, else empty. */
  public OptionalInt xmlNaming(String namespace, int rank) {
    return format.equals("xml") && text.contains(namespace)
        ? OptionalInt.of(rank)
        : OptionalInt.empty();
  }
}
