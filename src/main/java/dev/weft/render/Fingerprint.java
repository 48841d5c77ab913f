package dev.weft.render;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * A 64-bit change detector for render inputs and rendered files: CRC-32C and CRC-32 of the same
 * bytes (two different polynomials), as 16 hex digits.
 *
 * <p>Why not SHA-256: the incremental render checks every output file on every run, and with the
 * launcher's C1-only JVM SHA-256 runs at ~60 MB/s (no intrinsic), which would cost seconds on a
 * large fabric; both CRCs run at several GB/s. What has to be caught is a changed input or a
 * hand-edited file, not a forged one: a CRC detects every change of up to 32 consecutive bits
 * outright, and two independent 32-bit checks miss a random change with probability ~2^-64. Someone
 * who can write the output folder can write any config anyway.
 */
final class Fingerprint {
  private Fingerprint() {}

  static String of(byte[] bytes) {
    return of(bytes, bytes.length);
  }

  static String of(byte[] bytes, int length) {
    CRC32C castagnoli = new CRC32C();
    castagnoli.update(bytes, 0, length);
    CRC32 ieee = new CRC32();
    ieee.update(bytes, 0, length);
    return hex8(castagnoli.getValue()) + hex8(ieee.getValue());
  }

  private static String hex8(long value) {
    String hex = Long.toHexString(value);
    return "0".repeat(8 - hex.length()) + hex;
  }

  /**
   * Encodes template data (maps, lists, strings, numbers, booleans) and other render inputs into
   * bytes that differ whenever the inputs differ: every value is tagged with its kind and every
   * string and collection carries its length, so no two different inputs give the same bytes.
   */
  static final class Encoder {
    /**
     * Keys of one class in their natural order (strings, integers), mixed keys by class then text.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final Comparator<Object> KEY_ORDER =
        (a, b) -> {
          if (a instanceof String sa && b instanceof String sb) {
            return sa.compareTo(sb);
          }
          if (a != null
              && b != null
              && a.getClass() == b.getClass()
              && a instanceof Comparable ca) {
            return ca.compareTo(b);
          }
          String classA = a == null ? "" : a.getClass().getName();
          String classB = b == null ? "" : b.getClass().getName();
          int byClass = classA.compareTo(classB);
          return byClass != 0 ? byClass : String.valueOf(a).compareTo(String.valueOf(b));
        };

    private byte[] buffer = new byte[8192];
    private int size;

    /**
     * Maps and lists already encoded, by identity, with their ordinal: a repeat is written as a
     * reference ('R' + ordinal), which a reader could expand, so the encoding stays one-to-one.
     * Template data shares objects (every port of a plan holds the same queue views), and writing
     * them once per holder was most of the encoding.
     */
    private IdentityHashMap<Object, Integer> seen = new IdentityHashMap<>();

    /** The same objects in ordinal order, so a rolled-back map encoding can forget its own. */
    private List<Object> seenOrder = new ArrayList<>();

    Encoder add(String label, Object value) {
      text('K', label);
      value(value);
      return this;
    }

    /**
     * An encoder holding what this one holds so far; adding to either leaves the other as it is.
     */
    Encoder copy() {
      Encoder copy = new Encoder();
      copy.buffer = Arrays.copyOf(buffer, Math.max(size + 1024, 16));
      copy.size = size;
      copy.seen = new IdentityHashMap<>(seen);
      copy.seenOrder = new ArrayList<>(seenOrder);
      return copy;
    }

    String fingerprint() {
      return Fingerprint.of(buffer, size);
    }

    /**
     * The fingerprint of what this encoder holds followed by what {@code tail} holds: the same as
     * {@code copy()} with the tail's additions made to the copy, as long as the tail holds no map
     * or list this encoder numbered (plain strings, as template names and checks are). Without
     * copying this encoder's buffer and its table of numbered objects, once or twice per device.
     */
    String fingerprintThen(Encoder tail) {
      CRC32C castagnoli = new CRC32C();
      castagnoli.update(buffer, 0, size);
      castagnoli.update(tail.buffer, 0, tail.size);
      CRC32 ieee = new CRC32();
      ieee.update(buffer, 0, size);
      ieee.update(tail.buffer, 0, tail.size);
      return hex8(castagnoli.getValue()) + hex8(ieee.getValue());
    }

    private void value(Object value) {
      // most values are strings and integers: test those first
      if (value instanceof String s) {
        text('S', s);
      } else if (value instanceof Integer n) {
        tag('I');
        number(n);
      } else if (value instanceof Boolean b) {
        tag(b ? 'T' : 'F');
      } else if ((value instanceof Map<?, ?> || value instanceof List<?>) && repeated(value)) {
        return;
      } else if (value instanceof Map<?, ?> map) {
        map(map);
      } else if (value instanceof List<?> list) {
        tag('L');
        number(list.size());
        for (Object item : list) {
          value(item);
        }
      } else if (value == null) {
        tag('N');
      } else if (value instanceof Long n) {
        tag('J');
        number((int) (n >>> 32));
        number(n.intValue());
      } else if (value instanceof java.util.Collection<?> set) {
        // a set: its order may differ between runs, so its items in string order
        tag('C');
        number(set.size());
        List<Object> items = new ArrayList<>(set);
        items.sort(Comparator.comparing(String::valueOf));
        for (Object item : items) {
          value(item);
        }
      } else if (value instanceof Number n) {
        text('#', n.getClass().getSimpleName() + ":" + n);
      } else {
        text('?', value.getClass().getName() + ":" + value);
      }
    }

    /** True (and a reference written) when {@code value} was encoded before; else numbers it. */
    private boolean repeated(Object value) {
      Integer ordinal = seen.get(value);
      if (ordinal != null) {
        tag('R');
        number(ordinal);
        return true;
      }
      seen.put(value, seenOrder.size());
      seenOrder.add(value);
      return false;
    }

    /**
     * Entries in key order, whatever the map's own order: Map.of iterates in an order salted per
     * JVM, and the fingerprint must match across runs. Most maps here are already in key order
     * (TreeMap views, the ascending DSCP map), so they are encoded as they come, and only a map
     * found out of order is encoded again from a sorted copy.
     */
    private void map(Map<?, ?> map) {
      int start = size;
      int seenMark = seenOrder.size();
      tag('M');
      number(map.size());
      // forEach, not entrySet: the array-backed views then hand over pairs without an entry object
      // each
      InOrder walk = new InOrder();
      map.forEach(walk);
      if (!walk.inOrder) {
        size = start;
        // what the abandoned pass numbered was rolled back with its bytes: un-number it
        while (seenOrder.size() > seenMark) {
          seen.remove(seenOrder.remove(seenOrder.size() - 1));
        }
        sortedMap(map);
      }
    }

    /**
     * Encodes a map's entries while their keys ascend; after the first that does not, only notes
     * it.
     */
    private final class InOrder implements java.util.function.BiConsumer<Object, Object> {
      private Object previous;
      private boolean first = true;
      private boolean inOrder = true;

      @Override
      public void accept(Object key, Object value) {
        if (!inOrder) {
          return;
        }
        // string and integer keys (template views, DSCP maps) compared directly
        if (!first
            && !(previous instanceof String p && key instanceof String k
                ? p.compareTo(k) < 0
                : previous instanceof Integer p && key instanceof Integer k
                    ? p < k
                    : KEY_ORDER.compare(previous, key) < 0)) {
          inOrder = false;
          return;
        }
        previous = key;
        first = false;
        if (key instanceof String k) {
          text('S', k); // what value(key) writes for a string
        } else {
          value(key);
        }
        value(value);
      }
    }

    private void sortedMap(Map<?, ?> map) {
      tag('M');
      number(map.size());
      List<Map.Entry<?, ?>> sorted = new ArrayList<>(map.entrySet());
      sorted.sort((a, b) -> KEY_ORDER.compare(a.getKey(), b.getKey()));
      for (Map.Entry<?, ?> entry : sorted) {
        value(entry.getKey());
        value(entry.getValue());
      }
    }

    /**
     * Kind, UTF-8 length, UTF-8 bytes. {@code getBytes} is one intrinsic copy for the Latin-1
     * strings that make up nearly all template data, where a {@code charAt} loop (bounds-checked
     * per char under C1) was a third of a 32k warm render.
     */
    private void text(char kind, String s) {
      byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
      tag(kind);
      number(bytes.length);
      ensure(bytes.length);
      System.arraycopy(bytes, 0, buffer, size, bytes.length);
      size += bytes.length;
    }

    private void number(int n) {
      ensure(4);
      buffer[size++] = (byte) (n >>> 24);
      buffer[size++] = (byte) (n >>> 16);
      buffer[size++] = (byte) (n >>> 8);
      buffer[size++] = (byte) n;
    }

    private void tag(char kind) {
      ensure(1);
      buffer[size++] = (byte) kind;
    }

    private void ensure(int more) {
      if (size + more > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
      }
    }
  }
}
