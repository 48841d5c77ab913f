package dev.weft.yaml;

import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * {@link FastYamlParser}'s small direct-mapped cache of one file's short scalars: inventories
 * repeat the same keys and many of the same values (profile names, speeds, models) thousands of
 * times, so each is decoded, and each plain one resolved by the core schema, once per slot instead
 * of once per occurrence. The nodes then share one immutable String (and value) per distinct text.
 */
final class ScalarCache {

  private static final int SLOTS = 1024;
  private static final int MAX_LENGTH = 48;
  private final byte[][] bytes = new byte[SLOTS][];
  private final String[] texts = new String[SLOTS];
  private final Object[] values = new Object[SLOTS];
  private final Charset charset;

  /** The slot text() last used, or -1 when the text was too long to cache. */
  int lastSlot;

  ScalarCache(Charset charset) {
    this.charset = charset;
  }

  /**
   * The text of bytes [start, end), whose String.hashCode-style hash the scanner computed on the
   * way.
   */
  String text(byte[] b, int start, int end, int hash) {
    int length = end - start;
    if (length > MAX_LENGTH) {
      lastSlot = -1;
      return new String(b, start, length, charset);
    }
    int slot = (hash ^ (hash >>> 10) ^ (hash >>> 20)) & (SLOTS - 1);
    lastSlot = slot;
    byte[] known = bytes[slot];
    if (known != null && Arrays.equals(known, 0, known.length, b, start, end)) {
      return texts[slot];
    }
    byte[] copy = new byte[length];
    System.arraycopy(b, start, copy, 0, length);
    String text = new String(copy, charset);
    bytes[slot] = copy;
    texts[slot] = text;
    values[slot] = null;
    return text;
  }

  /** CoreScalars.resolve, remembered per slot while the slot still holds this very String. */
  Object plainValue(String text, int slot) {
    if (slot < 0 || texts[slot] != text) {
      return CoreScalars.resolve(text);
    }
    Object value = values[slot];
    if (value == null) {
      value = CoreScalars.resolve(text);
      values[slot] = value;
    }
    return value;
  }
}
