package dev.weft.json;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The fast path of {@link Json#canonical(String)}: re-writes a JSON text canonically (sorted keys,
 * four-space indent, final newline) straight from its UTF-8 bytes into a byte array, with the bytes
 * {@code Json.write(Json.parse(text)).getBytes(UTF_8)} gives.
 *
 * <p>Why not parse into maps: a rendered SONiC {@code config_db.json} has tens of thousands of
 * values, and building a {@code LinkedHashMap} per object, a {@code TreeMap} per re-sort, a {@code
 * Long} per number and a {@code String} per key, then a {@code StringBuilder}, then a {@code
 * String}, then its UTF-8 copy, was a sixth of a large render. Here the document becomes one flat
 * table of ints (a tape): strings and numbers are spans of the input, objects are runs of member
 * slots that are sorted by comparing key bytes, and the writer copies spans into one growing byte
 * array.
 *
 * <p>Only plain input takes this path: ASCII text whose escapes decode to ASCII and whose strings
 * hold no {@code ?} (see {@link #rewrite} for why). Anything else, and every error (so the message
 * names the same line and column), returns null and the caller takes the general path. For ASCII
 * keys, byte order is {@link String#compareTo} order, which is what the general writer sorts by.
 */
final class CanonicalJson {
  private static final int MAX_DEPTH = 64;

  // node kinds
  private static final int STRING = 1; // a = start, b = end: raw span in input (no escapes)
  private static final int ESCAPED = 2; // a = start, b = end: decoded span in `decoded`
  private static final int NUMBER = 3; // a = start, b = end: raw span in input
  private static final int BIG = 4; // a = start, b = end: span in `decoded` (BigDecimal text)
  private static final int TRUE = 5;
  private static final int FALSE = 6;
  private static final int NULL = 7;
  private static final int OBJECT =
      8; // a = first slot in `slots`, b = member count (pairs key, value)
  private static final int ARRAY = 9; // a = first slot in `slots`, b = item count

  private static final byte[] PAD =
      "                                                                "
          .getBytes(StandardCharsets.US_ASCII);
  private static final byte[] TRUE_BYTES = ascii("true");
  private static final byte[] FALSE_BYTES = ascii("false");
  private static final byte[] NULL_BYTES = ascii("null");
  private static final byte[] EMPTY_OBJECT = ascii("{}");
  private static final byte[] EMPTY_ARRAY = ascii("[]");
  private static final byte[] OPEN_OBJECT = ascii("{\n");
  private static final byte[] OPEN_ARRAY = ascii("[\n");
  private static final byte[] COLON = ascii(": ");
  private static final byte[] COMMA = ascii(",\n");
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private final byte[] in;
  private int pos;

  private int[] kind;
  private int[] a;
  private int[] b;
  private int nodes;

  /** Children of containers, each container's run contiguous (pairs for objects). */
  private int[] slots;

  private int slotCount;

  /** Pending children while a container is being parsed (nested containers push above them). */
  private int[] stack = new int[256];

  private int stackSize;

  private byte[] decoded = new byte[64];
  private int decodedSize;

  private byte[] out;
  private int size;

  private CanonicalJson(byte[] in) {
    this.in = in;
    // sized for an indented document (a value per ~12 bytes) so that growing is rare
    int expected = in.length / 12 + 64;
    kind = new int[expected];
    a = new int[expected];
    b = new int[expected];
    slots = new int[expected];
  }

  /** The canonical bytes of {@code text}, or null when the general path must decide. */
  static byte[] rewrite(String text) {
    // Latin-1, not UTF-8: for the Latin-1 strings templates produce that is a plain array copy,
    // where UTF-8 first scans for non-ASCII. Exact for ASCII; a char above 0x7F becomes a byte
    // that is negative (refused below) or, above 0xFF, '?' (refused inside strings, an error
    // outside them): either way the general path decides.
    byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
    CanonicalJson json = new CanonicalJson(bytes);
    int root = json.parseDocument();
    if (root < 0) {
      return null;
    }
    json.out = new byte[bytes.length + (bytes.length >> 1) + 16];
    json.write(root, 0);
    json.put((byte) '\n');
    return json.size == json.out.length ? json.out : Arrays.copyOf(json.out, json.size);
  }

  // ---------------------------------------------------------------- parsing

  private int parseDocument() {
    skipSpace();
    int root = value(0);
    if (root < 0) {
      return -1;
    }
    skipSpace();
    return pos == in.length ? root : -1;
  }

  private int value(int depth) {
    if (depth > MAX_DEPTH || pos >= in.length) {
      return -1;
    }
    byte c = in[pos];
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        return literal("true", TRUE);
      case 'f':
        return literal("false", FALSE);
      case 'n':
        return literal("null", NULL);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        return -1;
    }
  }

  private int object(int depth) {
    pos++;
    int mark = stackSize;
    skipSpace();
    if (pos < in.length && in[pos] == '}') {
      pos++;
      return node(OBJECT, slotCount, 0);
    }
    while (true) {
      skipSpace();
      if (pos >= in.length || in[pos] != '"') {
        return -1;
      }
      int key = string();
      if (key < 0) {
        return -1;
      }
      skipSpace();
      if (pos >= in.length || in[pos] != ':') {
        return -1;
      }
      pos++;
      skipSpace();
      int value = value(depth + 1);
      if (value < 0) {
        return -1;
      }
      push(key);
      push(value);
      skipSpace();
      if (pos >= in.length) {
        return -1;
      }
      byte c = in[pos++];
      if (c == '}') {
        break;
      }
      if (c != ',') {
        return -1;
      }
    }
    int members = (stackSize - mark) / 2;
    int first = slotCount;
    ensureSlots(stackSize - mark);
    System.arraycopy(stack, mark, slots, first, stackSize - mark);
    slotCount += stackSize - mark;
    stackSize = mark;
    if (!sortMembers(first, members)) {
      return -1; // a duplicate key: the general parser reports it
    }
    return node(OBJECT, first, members);
  }

  private int array(int depth) {
    pos++;
    int mark = stackSize;
    skipSpace();
    if (pos < in.length && in[pos] == ']') {
      pos++;
      return node(ARRAY, slotCount, 0);
    }
    while (true) {
      skipSpace();
      int item = value(depth + 1);
      if (item < 0) {
        return -1;
      }
      push(item);
      skipSpace();
      if (pos >= in.length) {
        return -1;
      }
      byte c = in[pos++];
      if (c == ']') {
        break;
      }
      if (c != ',') {
        return -1;
      }
    }
    int items = stackSize - mark;
    int first = slotCount;
    ensureSlots(items);
    System.arraycopy(stack, mark, slots, first, items);
    slotCount += items;
    stackSize = mark;
    return node(ARRAY, first, items);
  }

  private int string() {
    byte[] in = this.in;
    int start = ++pos;
    int n = in.length;
    int p = start;
    while (p < n) {
      byte c = in[p];
      if (c == '"') {
        pos = p + 1;
        return node(STRING, start, p);
      }
      if (c == '\\' || c < 0x20 || c == '?') { // bytes >= 0x80 are negative: general path too
        break;
      }
      p++;
    }
    pos = p;
    if (pos >= n || in[pos] != '\\') {
      return -1; // unterminated, a control character, or not ASCII
    }
    int from = decodedSize;
    ensureDecoded(pos - start + 16);
    System.arraycopy(in, start, decoded, decodedSize, pos - start);
    decodedSize += pos - start;
    while (pos < n) {
      byte c = in[pos++];
      if (c == '"') {
        return node(ESCAPED, from, decodedSize);
      }
      if (c < 0x20 || c == '?') {
        return -1;
      }
      if (c == '\\') {
        if (pos >= n) {
          return -1;
        }
        byte e = in[pos++];
        int ch;
        switch (e) {
          case '"', '\\', '/' -> ch = e;
          case 'b' -> ch = '\b';
          case 'f' -> ch = '\f';
          case 'n' -> ch = '\n';
          case 'r' -> ch = '\r';
          case 't' -> ch = '\t';
          case 'u' -> {
            ch = hex4();
            if (ch < 0 || ch >= 0x80) {
              return -1;
            }
          }
          default -> {
            return -1;
          }
        }
        ensureDecoded(1);
        decoded[decodedSize++] = (byte) ch;
      } else {
        ensureDecoded(1);
        decoded[decodedSize++] = c;
      }
    }
    return -1;
  }

  private int hex4() {
    if (pos + 4 > in.length) {
      return -1;
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(in[pos + i], 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    pos += 4;
    return v;
  }

  private int number() {
    int start = pos;
    if (in[pos] == '-') {
      pos++;
    }
    int intStart = pos;
    while (pos < in.length && in[pos] >= '0' && in[pos] <= '9') {
      pos++;
    }
    int digits = pos - intStart;
    if (pos < in.length && isNumberChar(in[pos])) {
      // a fraction or exponent (or junk): as the general reader, via BigDecimal
      while (pos < in.length && isNumberChar(in[pos])) {
        pos++;
      }
      String raw = new String(in, start, pos - start, StandardCharsets.US_ASCII);
      int integerDigits = validNumber(raw);
      if (integerDigits < 0) {
        return -1;
      }
      byte[] text;
      try {
        text = new BigDecimal(raw).toString().getBytes(StandardCharsets.US_ASCII);
      } catch (NumberFormatException e) {
        return -1;
      }
      int from = decodedSize;
      ensureDecoded(text.length);
      System.arraycopy(text, 0, decoded, decodedSize, text.length);
      decodedSize += text.length;
      return node(BIG, from, decodedSize);
    }
    if (digits == 0 || (digits > 1 && in[intStart] == '0')) {
      return -1;
    }
    int length = pos - start;
    if (length >= 19) {
      // the general reader makes a BigDecimal of it, which prints an integer as written
      return node(NUMBER, start, pos);
    }
    if (digits == 1 && in[intStart] == '0' && start != intStart) {
      // -0 is read as the long 0 and written "0"
      return node(NUMBER, intStart, pos);
    }
    return node(NUMBER, start, pos);
  }

  private static boolean isNumberChar(byte c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
  }

  private int literal(String word, int kind) {
    int n = word.length();
    if (pos + n > in.length) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      if (in[pos + i] != word.charAt(i)) {
        return -1;
      }
    }
    pos += n;
    return node(kind, 0, 0);
  }

  private void skipSpace() {
    // locals, not fields, in the byte loops: C1 (the launcher's JIT) re-reads fields every turn
    byte[] in = this.in;
    int p = pos;
    int n = in.length;
    while (p < n) {
      byte c = in[p];
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
        break;
      }
      p++;
    }
    pos = p;
  }

  private int node(int k, int start, int end) {
    if (nodes == kind.length) {
      int grown = nodes * 2;
      kind = Arrays.copyOf(kind, grown);
      a = Arrays.copyOf(a, grown);
      b = Arrays.copyOf(b, grown);
    }
    kind[nodes] = k;
    a[nodes] = start;
    b[nodes] = end;
    return nodes++;
  }

  private void push(int value) {
    if (stackSize == stack.length) {
      stack = Arrays.copyOf(stack, stackSize * 2);
    }
    stack[stackSize++] = value;
  }

  private void ensureSlots(int more) {
    if (slotCount + more > slots.length) {
      slots = Arrays.copyOf(slots, Math.max(slots.length * 2, slotCount + more));
    }
  }

  private void ensureDecoded(int more) {
    if (decodedSize + more > decoded.length) {
      decoded = Arrays.copyOf(decoded, Math.max(decoded.length * 2, decodedSize + more));
    }
  }

  // ---------------------------------------------------------------- key order

  /**
   * Sorts the (key, value) pairs of one object by key; false when two keys are equal. Templates
   * often emit keys in order already (one pass proves it), else a stable merge sort on pair
   * indexes.
   */
  private boolean sortMembers(int first, int members) {
    boolean ascending = true;
    for (int i = 1; i < members && ascending; i++) {
      int c = compareKeys(slots[first + 2 * (i - 1)], slots[first + 2 * i]);
      if (c == 0) {
        return false;
      }
      ascending = c < 0;
    }
    if (ascending) {
      return true;
    }
    // Keys of one object mostly share a long prefix ("Ethernet104|3", "Ethernet12|3"): compare the
    // 8 bytes after the common prefix as one long, and whole keys only when those are equal.
    int[] keys = new int[members];
    for (int i = 0; i < members; i++) {
      keys[i] = slots[first + 2 * i];
    }
    int common = commonPrefix(keys);
    long[] packed = new long[members];
    for (int i = 0; i < members; i++) {
      packed[i] = pack(keys[i], common);
    }
    int[] order = new int[members];
    for (int i = 0; i < members; i++) {
      order[i] = i;
    }
    sort(order, new int[members], 0, members, keys, packed);
    for (int i = 1; i < members; i++) {
      if (compareMembers(order[i - 1], order[i], keys, packed) == 0) {
        return false;
      }
    }
    int[] copy = new int[members * 2];
    for (int i = 0; i < members; i++) {
      copy[2 * i] = slots[first + 2 * order[i]];
      copy[2 * i + 1] = slots[first + 2 * order[i] + 1];
    }
    System.arraycopy(copy, 0, slots, first, copy.length);
    return true;
  }

  /** The length of the longest prefix all the given keys share. */
  private int commonPrefix(int[] keys) {
    int k0 = keys[0];
    byte[] b0 = kind[k0] == STRING ? in : decoded;
    int s0 = a[k0];
    int common = b[k0] - s0;
    for (int i = 1; i < keys.length && common > 0; i++) {
      int k = keys[i];
      byte[] bk = kind[k] == STRING ? in : decoded;
      int sk = a[k];
      int n = Math.min(common, b[k] - sk);
      int j = 0;
      while (j < n && bk[sk + j] == b0[s0 + j]) {
        j++;
      }
      common = j;
    }
    return common;
  }

  /**
   * Bytes {@code [from, from + 8)} of a key, big-endian, zero past its end: ordering these longs
   * orders the keys by those bytes (ASCII, so no sign bit), a shorter key first when it is a
   * prefix.
   */
  private long pack(int key, int from) {
    byte[] bytes = kind[key] == STRING ? in : decoded;
    int p = a[key] + from;
    int end = b[key];
    long v = 0;
    for (int t = 0; t < 8; t++, p++) {
      v = v << 8 | (p < end ? bytes[p] & 0xff : 0);
    }
    return v;
  }

  private int compareMembers(int x, int y, int[] keys, long[] packed) {
    int c = Long.compare(packed[x], packed[y]);
    return c != 0 ? c : compareKeys(keys[x], keys[y]);
  }

  /** Merge sort of member numbers {@code order[from, to)} by key. */
  private void sort(int[] order, int[] tmp, int from, int to, int[] keys, long[] packed) {
    if (to - from <= 8) {
      for (int i = from + 1; i < to; i++) {
        int v = order[i];
        int j = i - 1;
        while (j >= from && compareMembers(order[j], v, keys, packed) > 0) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    sort(order, tmp, from, mid, keys, packed);
    sort(order, tmp, mid, to, keys, packed);
    if (compareMembers(order[mid - 1], order[mid], keys, packed) <= 0) {
      return;
    }
    int i = from;
    int j = mid;
    int k = from;
    while (i < mid && j < to) {
      tmp[k++] = compareMembers(order[i], order[j], keys, packed) <= 0 ? order[i++] : order[j++];
    }
    while (i < mid) {
      tmp[k++] = order[i++];
    }
    while (j < to) {
      tmp[k++] = order[j++];
    }
    System.arraycopy(tmp, from, order, from, to - from);
  }

  /**
   * Key order: bytes compared as unsigned, a prefix first; for ASCII that is {@link
   * String#compareTo}.
   */
  private int compareKeys(int x, int y) {
    byte[] bx = kind[x] == STRING ? in : decoded;
    byte[] by = kind[y] == STRING ? in : decoded;
    int i = a[x];
    int j = a[y];
    int lengthX = b[x] - i;
    int lengthY = b[y] - j;
    int n = Math.min(lengthX, lengthY);
    for (int k = 0; k < n; k++) {
      int c = (bx[i + k] & 0xff) - (by[j + k] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return lengthX - lengthY;
  }

  // ---------------------------------------------------------------- writing

  private void write(int node, int indent) {
    switch (kind[node]) {
      case STRING -> {
        ensure(b[node] - a[node] + 2);
        out[size++] = '"';
        System.arraycopy(in, a[node], out, size, b[node] - a[node]);
        size += b[node] - a[node];
        out[size++] = '"';
      }
      case ESCAPED -> writeEscaped(a[node], b[node]);
      case NUMBER -> putSpan(in, a[node], b[node]);
      case BIG -> putSpan(decoded, a[node], b[node]);
      case TRUE -> put(TRUE_BYTES);
      case FALSE -> put(FALSE_BYTES);
      case NULL -> put(NULL_BYTES);
      case OBJECT -> {
        int members = b[node];
        if (members == 0) {
          put(EMPTY_OBJECT);
          return;
        }
        put(OPEN_OBJECT);
        int first = a[node];
        for (int i = 0; i < members; i++) {
          pad(indent + 1);
          write(slots[first + 2 * i], indent + 1);
          put(COLON);
          write(slots[first + 2 * i + 1], indent + 1);
          put(COMMA, i + 1 < members ? 0 : 1);
        }
        pad(indent);
        put((byte) '}');
      }
      default -> { // ARRAY
        int items = b[node];
        if (items == 0) {
          put(EMPTY_ARRAY);
          return;
        }
        put(OPEN_ARRAY);
        int first = a[node];
        for (int i = 0; i < items; i++) {
          pad(indent + 1);
          write(slots[first + i], indent + 1);
          put(COMMA, i + 1 < items ? 0 : 1);
        }
        pad(indent);
        put((byte) ']');
      }
    }
  }

  /**
   * A decoded string with {@link Json}'s escapes: quote, backslash, \n \r \t, other controls as
   * backslash-u.
   */
  private void writeEscaped(int from, int to) {
    ensure((to - from) * 6 + 2);
    out[size++] = '"';
    for (int i = from; i < to; i++) {
      byte c = decoded[i];
      switch (c) {
        case '"' -> {
          out[size++] = '\\';
          out[size++] = '"';
        }
        case '\\' -> {
          out[size++] = '\\';
          out[size++] = '\\';
        }
        case '\n' -> {
          out[size++] = '\\';
          out[size++] = 'n';
        }
        case '\r' -> {
          out[size++] = '\\';
          out[size++] = 'r';
        }
        case '\t' -> {
          out[size++] = '\\';
          out[size++] = 't';
        }
        default -> {
          if (c < 0x20) {
            out[size++] = '\\';
            out[size++] = 'u';
            out[size++] = '0';
            out[size++] = '0';
            out[size++] = HEX[c >> 4];
            out[size++] = HEX[c & 0xf];
          } else {
            out[size++] = c;
          }
        }
      }
    }
    out[size++] = '"';
  }

  private void pad(int indent) {
    int spaces = indent * 4;
    ensure(spaces);
    while (spaces > 0) {
      int n = Math.min(spaces, PAD.length);
      System.arraycopy(PAD, 0, out, size, n);
      size += n;
      spaces -= n;
    }
  }

  private void putSpan(byte[] from, int start, int end) {
    ensure(end - start);
    System.arraycopy(from, start, out, size, end - start);
    size += end - start;
  }

  private void put(byte[] bytes) {
    put(bytes, 0);
  }

  private void put(byte[] bytes, int from) {
    int n = bytes.length - from;
    ensure(n);
    System.arraycopy(bytes, from, out, size, n);
    size += n;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private void put(byte c) {
    ensure(1);
    out[size++] = c;
  }

  private void ensure(int more) {
    if (size + more > out.length) {
      out = Arrays.copyOf(out, Math.max(out.length * 2, size + more));
    }
  }

  /**
   * Checks {@code -?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?} without a regular expression;
   * returns the number of integer-part digits, or -1 when {@code raw} is not a JSON number.
   */
  static int validNumber(String raw) {
    int i = 0;
    int n = raw.length();
    if (i < n && raw.charAt(i) == '-') {
      i++;
    }
    int intStart = i;
    while (i < n && isDigit(raw.charAt(i))) {
      i++;
    }
    int integerDigits = i - intStart;
    if (integerDigits == 0 || (integerDigits > 1 && raw.charAt(intStart) == '0')) {
      return -1;
    }
    if (i < n && raw.charAt(i) == '.') {
      int fracStart = ++i;
      while (i < n && isDigit(raw.charAt(i))) {
        i++;
      }
      if (i == fracStart) {
        return -1;
      }
    }
    if (i < n && (raw.charAt(i) == 'e' || raw.charAt(i) == 'E')) {
      i++;
      if (i < n && (raw.charAt(i) == '+' || raw.charAt(i) == '-')) {
        i++;
      }
      int expStart = i;
      while (i < n && isDigit(raw.charAt(i))) {
        i++;
      }
      if (i == expStart) {
        return -1;
      }
    }
    return i == n ? integerDigits : -1;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
