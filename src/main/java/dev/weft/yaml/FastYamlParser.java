package dev.weft.yaml;

import dev.weft.finding.Location;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A hand-written parser for the plain subset of YAML that inventories (and {@code weft generate})
 * are written in, about ten times faster than snakeyaml-engine's scanner and parser plus {@link
 * TreeBuilder}: block mappings and sequences, single-line flow sequences and mappings, single-line
 * plain and quoted scalars (double-quoted with the escapes \" \\ \/ \n \t only), simple block
 * scalars (see {@link #blockScalar}), comments, and one leading {@code ---}. It builds exactly the
 * tree the snakeyaml path builds (same nodes, key order, values, texts and locations) or, on
 * anything else, declines by returning null, and the caller parses the file the slow way.
 *
 * <p>Declining is the whole safety story: anchors, aliases, tags, multi-line plain or quoted
 * scalars and flows, other escapes, explicit or non-text keys, merge keys, duplicate keys, empty
 * flow values, tabs, a CR that does not end a line, control characters, invalid UTF-8, a BOM, C1
 * controls, U+2028/U+2029, odd indentation, directives, second documents, deep nesting and every
 * syntax error go to snakeyaml, so every message and every hardening check stays where it was. The
 * differential test ({@code FastYamlParserTest}) holds the two paths to the same result on every
 * YAML file of the project, generated inventories and random mutations of them.
 *
 * <p>One instance per file; not thread-safe.
 */
final class FastYamlParser {

  /** Thrown to give up on the file; carries nothing, so it is shared and costs no stack trace. */
  private static final class Decline extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Decline() {
      super(null, null, false, false);
    }
  }

  private static final Decline DECLINE = new Decline();

  /**
   * Deeper files go to the slow path, which owns the depth limit and its message; keeps recursion
   * shallow.
   */
  private static final int MAX_FAST_DEPTH = 100;

  /**
   * snakeyaml drops a simple key candidate after 1024 characters; stay well clear of the boundary.
   */
  private static final int MAX_KEY_SPAN = 1000;

  private final String file;
  private final byte[] b;
  private final int n;
  private final int maxDepth;

  /**
   * ISO-8859-1 (a plain copy) for an all-ASCII file, else UTF-8 (the file was checked to be valid).
   */
  private final Charset charset;

  private final boolean ascii;
  private final ScalarCache cache;

  /**
   * The entries and items of the collections being built, innermost last: a collection's children
   * sit on top from its start mark to {@code top} and are popped when it is built, so no collection
   * needs a growing list or hash map of its own (MapNode and ListNode copy what they are given).
   */
  private Object[] children = new Object[256];

  private int top;

  private int pos;
  private int line = 1;
  private int lineStart;
  private int depth;
  // The last code-point column computed on a line with non-ASCII text, to count onwards from it.
  private int columnLine;
  private int columnPos;
  private int columnValue;

  // The scalar most recently scanned by scanScalar(): kept in fields so no token object is
  // allocated.
  private int scalarStart;
  private int scalarEnd;
  private boolean scalarPlain;
  private int scalarLine;
  private int scalarColumn;
  private String scalarText;
  private int scalarSlot;

  private final int maxScalarChars;

  private FastYamlParser(String file, byte[] bytes, LoadLimits limits, boolean ascii) {
    this.file = file;
    this.b = bytes;
    this.n = bytes.length;
    this.maxDepth = Math.min(limits.maxDepth(), MAX_FAST_DEPTH);
    this.maxScalarChars = limits.maxScalarChars();
    this.ascii = ascii;
    this.charset = ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    this.cache = new ScalarCache(charset);
  }

  /**
   * The file's top-level mapping (an empty one for a file without content), or null when the file
   * is outside the subset (including every file that is not plain UTF-8 text or is broken in any
   * way).
   */
  static MapNode parse(String file, byte[] bytes, LoadLimits limits) {
    int text = plainText(bytes);
    if (text == NOT_PLAIN) {
      return null;
    }
    try {
      byte[] lines = (text & CRLF) != 0 ? withoutCarriageReturns(bytes) : bytes;
      return new FastYamlParser(file, lines, limits, (text & ~CRLF) == ASCII).document();
    } catch (Decline outsideTheSubset) {
      return null;
    }
  }

  private static final int ASCII = 0;
  private static final int UTF8 = 1;
  private static final int NOT_PLAIN = 2;

  /** Added to ASCII or UTF8 when line breaks are (some or all) CR LF. */
  private static final int CRLF = 4;

  /**
   * ASCII when the bytes are only {@code \n} and 0x20..0x7E (no tab, control character or DEL);
   * UTF8 when they also hold valid UTF-8 beyond ASCII, none of it a C1 control (U+0080..U+009F, NEL
   * included), U+2028/U+2029, a BOM or U+FFFE/U+FFFF, which snakeyaml reads specially or refuses;
   * plus CRLF when a CR comes before a line feed (a lone CR is NOT_PLAIN); else NOT_PLAIN.
   */
  private static int plainText(byte[] bytes) {
    boolean high = false;
    int crlf = 0;
    for (int i = 0; i < bytes.length; i++) {
      int c = bytes[i];
      if (c >= 0x20 && c < 0x7F || c == '\n') {
        continue;
      }
      if (c == '\r' && i + 1 < bytes.length && bytes[i + 1] == '\n') {
        crlf = CRLF;
        continue;
      }
      if (c >= 0) {
        return NOT_PLAIN; // control characters, tab, a lone CR, DEL
      }
      high = true;
      int c1 = i + 1 < bytes.length ? bytes[i + 1] & 0xFF : 0;
      int c2 = i + 2 < bytes.length ? bytes[i + 2] & 0xFF : 0;
      int lead = c & 0xFF;
      if (lead == 0xC2 && c1 < 0xA0
          || lead == 0xE2 && c1 == 0x80 && (c2 == 0xA8 || c2 == 0xA9)
          || lead == 0xEF
              && (c1 == 0xBB && c2 == 0xBF || c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF))) {
        return NOT_PLAIN;
      }
    }
    if (!high) {
      return ASCII + crlf;
    }
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)); // reports malformed input
      return UTF8 + crlf;
    } catch (CharacterCodingException notUtf8) {
      return NOT_PLAIN;
    }
  }

  /**
   * The bytes with the CR of every CR LF removed. snakeyaml reads CR LF as one line break, so this
   * changes no line, no column (the CR is always last on its line) and no value: the subset has no
   * scalar that spans a line break except block scalars, whose breaks snakeyaml turns into LF too.
   */
  private static byte[] withoutCarriageReturns(byte[] bytes) {
    byte[] out = new byte[bytes.length];
    int n = 0;
    for (byte c : bytes) {
      if (c != '\r') {
        out[n++] = c;
      }
    }
    return Arrays.copyOf(out, n);
  }

  // ---- document ------------------------------------------------------------------------------

  private MapNode document() {
    if (!nextContentLine(true)) {
      return empty();
    }
    if (pos == lineStart && isDocumentMarker(pos, '-')) {
      pos += 3;
      endLine();
      if (!nextContentLine(false)) {
        return empty();
      }
    }
    Node root = blockNodeAtLineStart(pos - lineStart);
    if (pos < n || !(root instanceof MapNode map)) {
      return decline(); // content left below the root's indentation, or a top level that is not a
      // mapping
    }
    return map;
  }

  private MapNode empty() {
    return new MapNode(Location.ofFile(file), Map.of());
  }

  // ---- block structure -----------------------------------------------------------------------

  /** A collection that starts on its own line at column {@code col} (0-based). */
  private Node blockNodeAtLineStart(int col) {
    if (isBlockEntry(pos)) {
      return blockSequence(col, false);
    }
    if (!startsScalar(pos, false)) {
      return decline(); // a flow collection or property on a line of its own
    }
    scanScalar(false);
    skipSpaces();
    if (!isValueIndicator(pos)) {
      return decline(); // a scalar on a line of its own (perhaps a multi-line one)
    }
    return blockMapping(col);
  }

  /**
   * A block mapping at column {@code col} whose first key has just been scanned (pos at its ':').
   * Returns with pos at the first content of the next line that is not part of it, or at the end.
   */
  private MapNode blockMapping(int col) {
    enter();
    Location location = new Location(file, scalarLine, scalarColumn);
    int base = top;
    Set<String> keys = null;
    while (true) {
      String key = keyText();
      Location keyLocation = new Location(file, scalarLine, scalarColumn);
      int colonLine = line;
      int colonColumn = column(pos);
      pos++; // the ':'
      keys = checkNewKey(key, base, keys); // a duplicate declines: the slow path words it
      Node value = blockValue(col, colonLine, colonColumn);
      push(new MapNode.Entry(key, keyLocation, value));
      if (pos >= n) {
        break;
      }
      int next = pos - lineStart;
      if (next < col) {
        break;
      }
      if (next > col || isBlockEntry(pos) || !startsScalar(pos, false)) {
        return decline();
      }
      scanScalar(false);
      skipSpaces();
      if (!isValueIndicator(pos)) {
        return decline();
      }
    }
    depth--;
    return buildMap(location, base);
  }

  /** The scanned scalar as a mapping key: text only, single line, not a merge key. */
  private String keyText() {
    if (pos - scalarStart > MAX_KEY_SPAN) {
      decline(); // pos is at the ':'
    }
    if (!scalarPlain) {
      return scalarText;
    }
    if (!(cache.plainValue(scalarText, scalarSlot) instanceof String)) {
      decline(); // 1:, true:, null:, ~: are not text keys; the slow path says so
    }
    if (scalarText.equals("<<")) {
      decline(); // merge keys only come with aliases, which the slow path handles
    }
    return scalarText;
  }

  /** The value after a block key's ':' (pos just after it). */
  private Node blockValue(int mapCol, int colonLine, int colonColumn) {
    skipSpaces();
    int c = at(pos);
    if (c == '\n' || c == 0 || c == '#') {
      skipLineRest();
      if (nextContentLine(false)) {
        int next = pos - lineStart;
        if (next > mapCol) {
          return blockNodeAtLineStart(next);
        }
        if (next == mapCol && isBlockEntry(pos)) {
          return blockSequence(next, true);
        }
      }
      // snakeyaml places an empty value just after the ':'
      return emptyScalar(colonLine, colonColumn + 1);
    }
    if (c == '>' || c == '|') {
      return blockScalar(mapCol);
    }
    Node value = inlineNode();
    endLine();
    nextContentLine(false);
    return value;
  }

  /**
   * A block sequence whose first '-' is at pos, column {@code col}. An indentless sequence (a
   * mapping value whose '-' lines sit at the key's own column) ends at the first line that is not
   * an entry.
   */
  private ListNode blockSequence(int col, boolean indentless) {
    enter();
    Location location = here();
    int base = top;
    while (true) {
      int dashLine = line;
      int dashColumn = column(pos);
      pos++; // the '-'
      skipSpaces();
      int c = at(pos);
      Node item;
      if (c == '\n' || c == 0 || c == '#') {
        skipLineRest();
        if (nextContentLine(false) && pos - lineStart > col) {
          item = blockNodeAtLineStart(pos - lineStart);
        } else {
          item = emptyScalar(dashLine, dashColumn + 1); // just after the '-', as snakeyaml does
        }
      } else {
        item = compactNode();
      }
      push(item);
      if (pos >= n) {
        break;
      }
      int next = pos - lineStart;
      if (next < col) {
        break;
      }
      if (next > col) {
        return decline();
      }
      if (!isBlockEntry(pos)) {
        if (indentless) {
          break;
        }
        return decline();
      }
    }
    depth--;
    return buildList(location, base);
  }

  /**
   * What follows "- " on the same line: a nested entry, a mapping, a flow collection or a scalar.
   */
  private Node compactNode() {
    int col = pos - lineStart;
    if (isBlockEntry(pos)) {
      return blockSequence(col, false);
    }
    if (startsScalar(pos, false)) {
      scanScalar(false);
      int afterScalar = pos;
      skipSpaces();
      if (isValueIndicator(pos)) {
        return blockMapping(col);
      }
      pos = afterScalar;
      Node scalar = scalarNode();
      endLine();
      nextContentLine(false);
      return scalar;
    }
    Node value = inlineNode();
    endLine();
    nextContentLine(false);
    return value;
  }

  /** A value that starts and ends on this line: a flow collection or a scalar. */
  private Node inlineNode() {
    int c = at(pos);
    if (c == '[') {
      return flowSequence();
    }
    if (c == '{') {
      return flowMapping();
    }
    if (!startsScalar(pos, false)) {
      return decline(); // "- " inline, anchors, aliases, tags, block scalars, reserved indicators
    }
    scanScalar(false);
    return scalarNode();
  }

  /**
   * A block scalar in its simplest form, as rule.yaml files write their rationale: a '>' or '|'
   * header with at most the strip indicator '-', then lines all at one indentation deeper than the
   * mapping, with no blank line between them and no trailing space. Folded lines join with a space,
   * literal ones with a line break; without '-' one final line break is kept. Anything fancier
   * declines. Returns with pos at the next content line, like every block node.
   */
  private ScalarNode blockScalar(int mapCol) {
    Location location = here(); // snakeyaml places a block scalar at its indicator
    boolean folded = b[pos] == '>';
    pos++;
    boolean strip = at(pos) == '-';
    if (strip) {
      pos++;
    }
    skipSpaces();
    if (at(pos) != '\n') {
      return decline(); // indentation or keep indicators, a comment, or the end of the file
    }
    newLine();
    int indent = spacesAt(pos);
    int first = at(pos + indent);
    if (first == '\n' || first == 0 || indent <= mapCol) {
      return decline(); // leading blank lines (they set the indentation) or an empty scalar
    }
    StringBuilder text = new StringBuilder();
    boolean blankSeen = false;
    while (true) {
      int spaces = spacesAt(pos);
      int c = at(pos + spaces);
      if (c == 0) {
        if (spaces > 0) {
          return decline(); // snakeyaml reads spaces on a last unterminated line as content
        }
        break;
      }
      if (c == '\n') {
        if (spaces > indent) {
          return decline(); // spaces beyond the indentation are content
        }
        blankSeen = true; // only fine at the end, where chomping drops it
        pos += spaces;
        newLine();
        continue;
      }
      if (spaces < indent) {
        break; // the next key, entry or comment: pos stays at the start of its line
      }
      if (spaces > indent || blankSeen) {
        return decline(); // more-indented lines and blank lines inside keep line breaks
      }
      int start = pos + spaces;
      int end = start;
      while (end < n && b[end] != '\n') {
        end++;
      }
      if (end == n || b[end - 1] == ' ') {
        return decline(); // no final line break, or trailing spaces (which are content)
      }
      if (text.length() > 0) {
        text.append(folded ? ' ' : '\n');
      }
      text.append(new String(b, start, end - start, charset));
      pos = end;
      newLine();
    }
    if (!strip) {
      text.append('\n');
    }
    nextContentLine(false);
    String value = text.toString();
    if (value.length() > maxScalarChars) {
      throw DECLINE; // the full parser names the limit
    }
    return new ScalarNode(location, value, value);
  }

  private int spacesAt(int i) {
    int k = i;
    while (k < n && b[k] == ' ') {
      k++;
    }
    return k - i;
  }

  // ---- flow collections (single line) --------------------------------------------------------

  private ListNode flowSequence() {
    enter();
    Location location = here();
    pos++; // '['
    int base = top;
    skipFlowSpaces();
    if (at(pos) == ']') {
      pos++;
    } else {
      while (true) {
        push(flowNode());
        skipFlowSpaces();
        int c = at(pos);
        if (c == ']') {
          pos++;
          break;
        }
        if (c != ',') {
          return decline(); // a single-pair mapping, or a syntax error
        }
        pos++;
        skipFlowSpaces();
        if (at(pos) == ']' || at(pos) == ',') {
          return decline(); // trailing or doubled comma
        }
      }
    }
    depth--;
    return buildList(location, base);
  }

  private MapNode flowMapping() {
    enter();
    Location location = here();
    pos++; // '{'
    int base = top;
    Set<String> keys = null;
    skipFlowSpaces();
    if (at(pos) == '}') {
      pos++;
    } else {
      while (true) {
        if (!startsScalar(pos, true)) {
          return decline(); // complex, explicit or empty key
        }
        scanScalar(true);
        skipFlowSpaces();
        if (at(pos) != ':') {
          return decline(); // a key without a value
        }
        String key = keyText();
        Location keyLocation = new Location(file, scalarLine, scalarColumn);
        pos++;
        skipFlowSpaces();
        int c = at(pos);
        if (c == ',' || c == '}') {
          return decline(); // an empty value
        }
        keys = checkNewKey(key, base, keys);
        push(new MapNode.Entry(key, keyLocation, flowNode()));
        skipFlowSpaces();
        c = at(pos);
        if (c == '}') {
          pos++;
          break;
        }
        if (c != ',') {
          return decline();
        }
        pos++;
        skipFlowSpaces();
        if (at(pos) == '}' || at(pos) == ',') {
          return decline();
        }
      }
    }
    depth--;
    return buildMap(location, base);
  }

  private Node flowNode() {
    int c = at(pos);
    if (c == '[') {
      return flowSequence();
    }
    if (c == '{') {
      return flowMapping();
    }
    if (!startsScalar(pos, true)) {
      return decline();
    }
    scanScalar(true);
    return scalarNode();
  }

  /** Spaces inside a flow collection; a line break or comment there is outside the subset. */
  private void skipFlowSpaces() {
    skipSpaces();
    int c = at(pos);
    if (c == '\n' || c == 0 || c == '#') {
      decline();
    }
  }

  // ---- collections under construction -------------------------------------------------------

  private void push(Object child) {
    if (top == children.length) {
      children = Arrays.copyOf(children, top * 2);
    }
    children[top++] = child;
  }

  /**
   * Declines a key the mapping (whose entries start at {@code base}) already has. Small mappings
   * are searched; from the ninth key on, a set is kept, so a huge mapping costs no quadratic time.
   */
  private Set<String> checkNewKey(String key, int base, Set<String> keys) {
    if (keys == null) {
      for (int i = base; i < top; i++) {
        if (((MapNode.Entry) children[i]).key().equals(key)) {
          decline();
        }
      }
      if (top - base < 8) {
        return null;
      }
      keys = new HashSet<>();
      for (int i = base; i < top; i++) {
        keys.add(((MapNode.Entry) children[i]).key());
      }
    }
    if (!keys.add(key)) {
      decline();
    }
    return keys;
  }

  private MapNode buildMap(Location location, int base) {
    MapNode map = new MapNode(location, new StackSlices.EntrySlice(children, base, top));
    top = base;
    return map;
  }

  private ListNode buildList(Location location, int base) {
    ListNode list = new ListNode(location, new StackSlices.NodeSlice(children, base, top));
    top = base;
    return list;
  }

  // ---- scalars -------------------------------------------------------------------------------

  /**
   * Whether a plain or quoted scalar starts at {@code i}, by snakeyaml's checkPlain: not an
   * indicator, except '-', '?' (and ':' in block context) followed by a non-space. Narrower in flow
   * context.
   */
  private boolean startsScalar(int i, boolean flow) {
    int c = at(i);
    switch (c) {
      case '\'', '"':
        return true;
      case '-', '?':
        return flow ? !isFlowStop(at(i + 1)) : !isBlankOrEnd(at(i + 1));
      case ':':
        return !flow && !isBlankOrEnd(at(i + 1));
      case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '%', '@', '`', ' ', '\n', 0:
        return false;
      default:
        return true;
    }
  }

  /**
   * A character after '-' or '?' in flow context that would make snakeyaml read them differently.
   */
  private static boolean isFlowStop(int c) {
    return isBlankOrEnd(c)
        || c == ','
        || c == '['
        || c == ']'
        || c == '{'
        || c == '}'
        || c == ':'
        || c == '#';
  }

  /**
   * Scans the plain or quoted scalar at pos (on one line) into the scalar fields; pos ends after
   * it.
   */
  private void scanScalar(boolean flow) {
    scalarLine = line;
    scalarColumn = column(pos);
    int c = at(pos);
    if (c == '"') {
      scanDoubleQuoted();
    } else if (c == '\'') {
      scanSingleQuoted();
    } else {
      scanPlain(flow);
    }
  }

  /**
   * snakeyaml's scanPlain on one line: words separated by spaces, ending at a line break, at " #",
   * at a ':' followed by a space or line break (or, in flow context, by a flow indicator) and, in
   * flow context, at ",[]{}". Whether the scalar goes on on the next line is the caller's business
   * (it declines a deeper next line).
   */
  private void scanPlain(boolean flow) {
    int start = pos;
    int end;
    int hash = 0; // of the text so far, for the cache, computed on the way
    while (true) {
      while (true) {
        int c = at(pos);
        if (c == ' ' || c == '\n' || c == 0) {
          break;
        }
        if (c == ':') {
          int d = at(pos + 1);
          if (isBlankOrEnd(d) || (flow && isFlowIndicator(d))) {
            break;
          }
        } else if (flow && isFlowIndicator(c)) {
          break;
        }
        hash = 31 * hash + c;
        pos++;
      }
      end = pos;
      int p = pos;
      while (at(p) == ' ') {
        p++;
      }
      int c = at(p);
      if (p == pos
          || c == '\n'
          || c == 0
          || c == '#'
          || c == ':' && (isBlankOrEnd(at(p + 1)) || flow && isFlowIndicator(at(p + 1)))
          || flow && isFlowIndicator(c)) {
        break;
      }
      for (int i = pos; i < p; i++) {
        hash = 31 * hash + ' ';
      }
      pos = p;
    }
    pos = end;
    scalarStart = start;
    scalarEnd = end;
    scalarPlain = true;
    scalarText = cache.text(b, start, end, hash);
    scalarSlot = cache.lastSlot;
  }

  private void scanDoubleQuoted() {
    int start = ++pos;
    int hash = 0;
    while (true) {
      int c = at(pos);
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        scanEscapedRest(start);
        return;
      }
      if (c == '\n' || c == 0) {
        decline(); // line folding: the slow path
      }
      hash = 31 * hash + c;
      pos++;
    }
    scalarStart = start - 1;
    scalarEnd = pos;
    scalarPlain = false;
    scalarText = cache.text(b, start, pos, hash);
    scalarSlot = cache.lastSlot;
    pos++;
  }

  /** The rest of a double-quoted scalar from its first backslash: the common escapes only. */
  private void scanEscapedRest(int start) {
    StringBuilder text = new StringBuilder().append(new String(b, start, pos - start, charset));
    while (true) {
      int c = at(pos);
      if (c == '"') {
        break;
      }
      if (c == '\n' || c == 0 || c < 0) {
        decline(); // a line break, or non-ASCII after an escape (kept simple: byte-wise below)
      }
      if (c == '\\') {
        pos++;
        switch (at(pos)) {
          case '"' -> text.append('"');
          case '\\' -> text.append('\\');
          case '/' -> text.append('/');
          case 'n' -> text.append('\n');
          case 't' -> text.append('\t');
          default -> decline(); // other escapes (and a line-continuation) go to the slow path
        }
      } else {
        text.append((char) c);
      }
      pos++;
    }
    scalarStart = start - 1;
    scalarEnd = pos;
    scalarPlain = false;
    scalarText = text.toString();
    scalarSlot = -1;
    pos++;
  }

  private void scanSingleQuoted() {
    int start = ++pos;
    boolean doubled = false;
    int hash = 0;
    while (true) {
      int c = at(pos);
      if (c == '\'') {
        if (at(pos + 1) != '\'') {
          break;
        }
        doubled = true;
        pos += 2;
        continue;
      }
      if (c == '\n' || c == 0) {
        decline();
      }
      hash = 31 * hash + c;
      pos++;
    }
    scalarStart = start - 1;
    scalarEnd = pos;
    scalarPlain = false;
    scalarText =
        doubled
            ? new String(b, start, pos - start, charset).replace("''", "'")
            : cache.text(b, start, pos, hash);
    scalarSlot = doubled ? -1 : cache.lastSlot;
    pos++;
  }

  /**
   * The node for the scalar just scanned: plain scalars resolve by the core schema, quoted ones are
   * text.
   */
  private ScalarNode scalarNode() {
    if (scalarText.length() > maxScalarChars) {
      throw DECLINE; // the full parser names the limit
    }
    Location where = new Location(file, scalarLine, scalarColumn);
    if (!scalarPlain) {
      return new ScalarNode(where, scalarText, scalarText);
    }
    Object value = cache.plainValue(scalarText, scalarSlot);
    return new ScalarNode(where, value == CoreScalars.NULL ? null : value, scalarText);
  }

  private ScalarNode emptyScalar(int atLine, int atColumn) {
    return new ScalarNode(new Location(file, atLine, atColumn), null, "");
  }

  // ---- lines ---------------------------------------------------------------------------------

  /**
   * Moves from the start of a line (or the end of the file) to the first content of the next line
   * that has any, past blank and comment-only lines. False at the end of the file. A document
   * marker at column 0 declines, except for a leading "---" when {@code first}.
   */
  private boolean nextContentLine(boolean first) {
    while (true) {
      skipSpaces();
      int c = at(pos);
      if (c == 0) {
        return false;
      }
      if (c == '#') {
        skipLineRest(); // the comment and its line break
        continue;
      }
      if (c == '\n') {
        newLine();
        continue;
      }
      if (pos == lineStart) {
        if (c == '%' || isDocumentMarker(pos, '.') || !first && isDocumentMarker(pos, '-')) {
          decline();
        }
      }
      return true;
    }
  }

  /**
   * After a value: spaces, an optional comment, then the line break (consumed) or the end of the
   * file.
   */
  private void endLine() {
    int before = pos;
    skipSpaces();
    int c = at(pos);
    if (c == '#') {
      if (pos == before) {
        decline(); // "x"#comment: let snakeyaml decide what that is
      }
      skipLineRest(); // the comment and its line break
      return;
    }
    if (c == '\n') {
      newLine();
    } else if (c != 0) {
      decline(); // more on this line than one value
    }
  }

  /** Skips to the line break (not consuming it) and consumes it, if there is one. */
  private void skipLineRest() {
    while (pos < n && b[pos] != '\n') {
      pos++;
    }
    if (pos < n) {
      newLine();
    }
  }

  private void newLine() {
    pos++;
    line++;
    lineStart = pos;
  }

  private void skipSpaces() {
    while (pos < n && b[pos] == ' ') {
      pos++;
    }
  }

  private boolean isDocumentMarker(int i, char c) {
    return at(i) == c && at(i + 1) == c && at(i + 2) == c && isBlankOrEnd(at(i + 3));
  }

  private boolean isBlockEntry(int i) {
    return at(i) == '-' && isBlankOrEnd(at(i + 1));
  }

  private boolean isValueIndicator(int i) {
    return at(i) == ':' && isBlankOrEnd(at(i + 1));
  }

  private static boolean isBlankOrEnd(int c) {
    return c == ' ' || c == '\n' || c == 0;
  }

  private static boolean isFlowIndicator(int c) {
    return c == ',' || c == '[' || c == ']' || c == '{' || c == '}';
  }

  /** The byte at {@code i}, or 0 past the end (a NUL byte never reaches this parser). */
  private int at(int i) {
    return i < n ? b[i] : 0;
  }

  private Location here() {
    return new Location(file, line, column(pos));
  }

  /**
   * The 1-based column of {@code p} on the current line as snakeyaml counts it, in code points:
   * UTF-8 continuation bytes do not count. Counts on from the last column asked on the same line,
   * so a long line of non-ASCII text costs linear time, not quadratic.
   */
  private int column(int p) {
    if (ascii) {
      return p - lineStart + 1;
    }
    int from = lineStart;
    int value = 1;
    if (columnLine == line && columnPos >= lineStart && columnPos <= p) {
      from = columnPos;
      value = columnValue;
    }
    for (int i = from; i < p; i++) {
      if ((b[i] & 0xC0) != 0x80) {
        value++;
      }
    }
    columnLine = line;
    columnPos = p;
    columnValue = value;
    return value;
  }

  private void enter() {
    if (++depth >= maxDepth) {
      decline(); // the slow path reports the depth limit
    }
  }

  private static <T> T decline() {
    throw DECLINE;
  }
}
