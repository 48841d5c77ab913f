package dev.weft.platform.junos;

import static dev.weft.platform.junos.JunosPack.COS;
import static dev.weft.platform.junos.JunosPack.FWD;
import static dev.weft.platform.junos.JunosPack.IF;
import static dev.weft.platform.junos.JunosPack.ROOT;

import dev.weft.platform.ReadException;
import dev.weft.platform.SafeXml;
import dev.weft.platform.junos.JunosTextSchema.Kind;
import dev.weft.platform.junos.JunosTextSchema.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Junos configuration text, as {@code show configuration} writes it (curly: {@code class-of-service
 * { ... }}) or as {@code show configuration | display set} does ({@code set class-of-service ...}),
 * read into the element tree Junos serves over NETCONF ({@code <configuration>} in Juniper's YANG
 * namespaces), so that {@link JunosReader} reads a text backup and a NETCONF reply alike.
 *
 * <p>Which statement is a list and its key, a leaf with a value, an empty leaf, a leaf-list or a
 * container comes from the vendored YANG ({@link JunosTextSchema}) for the subtrees the reader
 * reads: {@code class NO-LOSS queue-num 4 no-loss pfc-priority 3;} is {@code
 * <class><name>NO-LOSS</name><queue-num>4</queue-num><no-loss/><pfc-priority>3</pfc-priority>
 * </class>}. Everything else is kept generically: {@code a b c;} is {@code <a>b c</a>}, {@code a b
 * { ... }} is {@code <a><name>b</name>...</a>}.
 *
 * <p>Comments ({@code /* *}{@code /}, {@code #} to the end of the line) and annotations are
 * dropped; quoted strings are one word; {@code [ a b ]} is a value list; {@code protect:} and
 * {@code replace:} markers are dropped; an {@code inactive:} statement, and in the set form a path
 * {@code deactivate}d or {@code delete}d, is not part of the configuration the device runs and is
 * left out. A text Junos would not load is a {@link ReadException} naming {@code file:line:column}.
 * Bounded: at most {@link #MAX_CHARS} characters (checked before reading) and {@link #MAX_DEPTH}
 * nested blocks.
 */
final class JunosText {

  /** Larger than any switch's configuration; an import's file limit is the same. */
  static final int MAX_CHARS = 16 << 20;

  /** Junos's own configurations nest about 12 deep. */
  static final int MAX_DEPTH = 64;

  /** {@code inactive:}, {@code protect:}: a word that marks the statement it starts. */
  private static final Pattern MARKER = Pattern.compile("[a-z-]+:");

  private static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9._-]*");

  /** The namespace of each top-level tree the reader reads; the others are kept in root's. */
  private static final Map<String, String> TOP =
      Map.of("interfaces", IF, "class-of-service", COS, "forwarding-options", FWD);

  private static final Set<String> SET_COMMANDS =
      Set.of("set", "deactivate", "delete", "activate", "protect", "unprotect");

  private final Document doc;
  private final String what;

  private JunosText(Document doc, String what) {
    this.doc = doc;
    this.what = what;
  }

  /** Whether {@code config} is configuration text rather than XML (which starts with '<'). */
  static boolean isText(String config) {
    for (int i = 0; i < config.length(); i++) {
      char c = config.charAt(i);
      if (!Character.isWhitespace(c) && c != '\uFEFF') {
        return c != '<';
      }
    }
    return true;
  }

  /** The {@code <configuration>} element the text holds. */
  static Element configuration(String text, String what) throws ReadException {
    if (text.length() > MAX_CHARS) {
      throw new ReadException(
          what
              + ": "
              + text.length()
              + " characters, more than the "
              + MAX_CHARS
              + " a Junos configuration is read up to");
    }
    List<Token> tokens = new Lexer(text, what).tokens();
    Document doc = SafeXml.parse("<configuration xmlns=\"" + ROOT + "\"/>", what);
    Element conf = doc.getDocumentElement();
    JunosText builder = new JunosText(doc, what);
    Ctx top = new Ctx(conf, JunosTextSchema.root(), null);
    Statements p = new Statements(tokens, what);
    if (!tokens.isEmpty()
        && tokens.get(0).type == Type.WORD
        && SET_COMMANDS.contains(tokens.get(0).text)) {
      for (Statement s : p.lines()) {
        builder.command(s, top);
      }
    } else {
      for (Statement s : p.block(0, null)) {
        builder.statement(s, top);
      }
    }
    return conf;
  }

  // ---- lexical layer ----

  private enum Type {
    WORD,
    OPEN,
    CLOSE,
    SEMI,
    LBRACK,
    RBRACK
  }

  /**
   * One token; a quoted string is a WORD with its quotes and escapes removed.
   *
   * @param endLine the line it ends on (a quoted string may span lines)
   */
  private record Token(Type type, String text, int line, int col, int endLine) {}

  private static final class Lexer {
    private final String s;
    private final String what;
    private int pos;
    private int line = 1;
    private int col = 1;

    Lexer(String s, String what) {
      this.s = s;
      this.what = what;
    }

    List<Token> tokens() throws ReadException {
      List<Token> out = new ArrayList<>();
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (Character.isWhitespace(c) || c == '\uFEFF') {
          advance();
        } else if (s.startsWith("/*", pos)) {
          int l = line;
          int k = col;
          int end = s.indexOf("*/", pos + 2);
          if (end < 0) {
            throw new ReadException(what + ":" + l + ":" + k + ": a comment '/*' is never closed");
          }
          while (pos < end + 2) {
            advance();
          }
        } else if (c == '#') {
          while (pos < s.length() && s.charAt(pos) != '\n') {
            advance();
          }
        } else if (c == '"') {
          out.add(quoted());
        } else if ("{};[]".indexOf(c) >= 0) {
          Type t =
              switch (c) {
                case '{' -> Type.OPEN;
                case '}' -> Type.CLOSE;
                case ';' -> Type.SEMI;
                case '[' -> Type.LBRACK;
                default -> Type.RBRACK;
              };
          out.add(new Token(t, String.valueOf(c), line, col, line));
          advance();
        } else {
          int l = line;
          int k = col;
          int start = pos;
          while (pos < s.length()
              && !Character.isWhitespace(s.charAt(pos))
              && "{};\"".indexOf(s.charAt(pos)) < 0) {
            advance();
          }
          out.add(new Token(Type.WORD, s.substring(start, pos), l, k, l));
        }
      }
      return out;
    }

    private Token quoted() throws ReadException {
      int l = line;
      int k = col;
      advance();
      StringBuilder b = new StringBuilder();
      while (pos < s.length() && s.charAt(pos) != '"') {
        if (s.charAt(pos) == '\\' && pos + 1 < s.length()) {
          advance();
        }
        b.append(s.charAt(pos));
        advance();
      }
      if (pos >= s.length()) {
        throw new ReadException(what + ":" + l + ":" + k + ": a quoted string is never closed");
      }
      advance();
      return new Token(Type.WORD, b.toString(), l, k, line);
    }

    private void advance() {
      if (s.charAt(pos) == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
      pos++;
    }
  }

  // ---- statements ----

  /**
   * A word of a statement; {@code items} is non-null for a value list {@code [ a b ]}.
   *
   * @param text the word, or the list's items joined by spaces
   */
  private record Word(String text, List<String> items, int line, int col) {}

  /** One statement: its words and, when it opens a block, the statements inside (else null). */
  private record Statement(List<Word> words, List<Statement> body) {}

  /** Groups tokens into statements: by braces and semicolons, or one per line (set form). */
  private static final class Statements {
    private final List<Token> t;
    private final String what;
    private int pos;

    Statements(List<Token> t, String what) {
      this.t = t;
      this.what = what;
    }

    List<Statement> block(int depth, Token open) throws ReadException {
      List<Statement> out = new ArrayList<>();
      while (pos < t.size()) {
        Token first = t.get(pos);
        if (first.type == Type.CLOSE) {
          if (open == null) {
            throw error(first, "a '}' that closes no block");
          }
          pos++;
          return out;
        }
        List<Word> words = words(false);
        if (pos >= t.size()) {
          throw error(first, "the statement is not ended by ';' or a block");
        }
        Token end = t.get(pos);
        if (words.isEmpty()) {
          throw error(end, "a '" + end.text + "' where a statement was expected");
        }
        pos++;
        switch (end.type) {
          case SEMI -> out.add(new Statement(words, null));
          case OPEN -> {
            if (depth + 1 > MAX_DEPTH) {
              throw error(end, "blocks nest deeper than " + MAX_DEPTH);
            }
            out.add(new Statement(words, block(depth + 1, end)));
          }
          default -> throw error(end, "a ';' is missing before '" + end.text + "'");
        }
      }
      if (open != null) {
        throw error(open, "this '{' is never closed");
      }
      return out;
    }

    /** The set form: one statement per line. */
    List<Statement> lines() throws ReadException {
      List<Statement> out = new ArrayList<>();
      while (pos < t.size()) {
        out.add(new Statement(words(true), null));
      }
      return out;
    }

    /** Words up to a ';', '{' or '}' (or, one line only, the end of the line). */
    private List<Word> words(boolean oneLine) throws ReadException {
      List<Word> out = new ArrayList<>();
      int line = pos < t.size() ? t.get(pos).line : 0;
      while (pos < t.size()) {
        Token k = t.get(pos);
        if (oneLine && k.line > line) {
          break;
        }
        switch (k.type) {
          case WORD -> {
            out.add(new Word(k.text, null, k.line, k.col));
            pos++;
            line = Math.max(line, k.endLine);
          }
          case LBRACK -> {
            pos++;
            List<String> items = new ArrayList<>();
            while (pos < t.size() && t.get(pos).type == Type.WORD) {
              items.add(t.get(pos).text);
              pos++;
            }
            if (pos >= t.size() || t.get(pos).type != Type.RBRACK) {
              throw error(k, "this '[' is never closed by ']'");
            }
            line = Math.max(line, t.get(pos).line);
            pos++;
            out.add(new Word(String.join(" ", items), List.copyOf(items), k.line, k.col));
          }
          case RBRACK -> throw error(k, "a ']' that closes no '['");
          default -> {
            if (oneLine) {
              throw error(k, "a '" + k.text + "' in a 'display set' line");
            }
            return out;
          }
        }
      }
      return out;
    }

    private ReadException error(Token k, String message) {
      return new ReadException(what + ":" + k.line + ":" + k.col + ": " + message);
    }
  }

  // ---- building the element tree ----

  /**
   * Where statements land: an element, its schema node (null where the text is kept generically)
   * and, inside {@code drop-profiles { dp1 {...} }}, the list whose entries the statements are.
   */
  private record Ctx(Element el, Node schema, Node entriesOf) {}

  /**
   * What a statement's words reached.
   *
   * @param body where the statements of its block land
   * @param last the element its last word named
   * @param named a leaf or list its last word named without a value (a set-form path), or null
   */
  private record Reached(Ctx body, Element last, String named) {}

  private void statement(Statement s, Ctx ctx) throws ReadException {
    List<Word> words = new ArrayList<>(s.words());
    boolean inactive = false;
    while (!words.isEmpty() && MARKER.matcher(words.get(0).text()).matches()) {
      Word marker = words.remove(0);
      switch (marker.text()) {
        case "inactive:" -> inactive = true;
        case "protect:", "replace:", "active:" -> {}
        default -> throw error(marker, "unknown marker '" + marker.text() + "'");
      }
      if (words.isEmpty()) {
        throw error(marker, "a '" + marker.text() + "' marker on no statement");
      }
    }
    // an inactive statement is read (so a broken one is still refused) into a detached copy
    Ctx target =
        inactive
            ? new Ctx((Element) ctx.el().cloneNode(false), ctx.schema(), ctx.entriesOf())
            : ctx;
    Reached r = interpret(words, target, s.body() != null, false);
    if (s.body() != null) {
      for (Statement child : s.body()) {
        statement(child, r.body());
      }
    }
  }

  /** A set-form line: {@code set PATH...}, or {@code deactivate}/{@code delete PATH}. */
  private void command(Statement s, Ctx top) throws ReadException {
    List<Word> words = s.words();
    Word verb = words.get(0);
    if (!SET_COMMANDS.contains(verb.text())) {
      throw error(
          verb,
          "a 'display set' line starts with set, deactivate, delete, activate or protect, not '"
              + verb.text()
              + "'");
    }
    if (words.size() < 2) {
      throw error(verb, "'" + verb.text() + "' names no statement");
    }
    List<Word> path = words.subList(1, words.size());
    switch (verb.text()) {
      case "set" -> interpret(path, top, false, false);
      case "deactivate", "delete" -> {
        Reached r = interpret(path, top, false, true);
        if (r.named() != null) {
          for (Element e : SafeXml.children(r.last(), r.last().getNamespaceURI(), r.named())) {
            r.last().removeChild(e);
          }
        } else if (r.last().getParentNode() != null && r.last() != top.el()) {
          r.last().getParentNode().removeChild(r.last());
        }
      }
      default -> {} // activate, protect, unprotect: the statement stays as it is
    }
  }

  /**
   * Places one statement's words: known statements by their schema node (several on one line), the
   * rest generically.
   *
   * @param opens the statement opens a block
   * @param path a set-form path: a leaf or list may end it without a value
   */
  private Reached interpret(List<Word> words, Ctx ctx, boolean opens, boolean path)
      throws ReadException {
    Element cur = ctx.el();
    Node sch = ctx.schema();
    Element last = cur;
    int i = 0;
    if (ctx.entriesOf() != null) {
      cur = entry(cur, ctx.entriesOf(), List.of(single(words.get(0)).text()));
      sch = ctx.entriesOf();
      last = cur;
      i = 1;
    }
    while (i < words.size()) {
      Word w = words.get(i);
      if (w.items() != null) {
        throw error(w, "a value list [ ... ] where a statement name was expected");
      }
      Node n = sch == null ? null : sch.child(w.text());
      if (n == null && sch != null) {
        Node elided = sch.elidedList();
        if (elided != null) {
          cur = entry(cur, elided, List.of(w.text()));
          sch = elided;
          last = cur;
          i++;
          continue;
        }
        Node positional = sch.positional();
        if (positional != null && child(cur, positional.name()) == null) {
          last = leaf(cur, positional.name(), w.text());
          i++;
          continue;
        }
      }
      if (n == null) {
        return generic(words, i, cur, opens);
      }
      boolean end = i + 1 == words.size();
      switch (n.kind()) {
        case CONTAINER, PRESENCE -> {
          cur = childOrNew(cur, n.name());
          sch = n;
          last = cur;
          i++;
        }
        case EMPTY -> {
          last = childOrNew(cur, n.name());
          i++;
        }
        case LEAF, LEAF_LIST -> {
          if (end && path) {
            return new Reached(new Ctx(cur, sch, null), cur, n.name());
          }
          if (end) {
            throw error(w, "'" + w.text() + "' needs a value");
          }
          Word v = words.get(i + 1);
          if (n.kind() == Kind.LEAF) {
            last = leaf(cur, n.name(), single(v).text());
          } else {
            for (String item : v.items() == null ? List.of(v.text()) : v.items()) {
              last = append(cur, n.name(), item);
            }
          }
          i += 2;
        }
        case LIST -> {
          if (end && (opens || path) && n.keys().size() <= 1) {
            // drop-profiles { dp1 { ... } }: each statement of the block is an entry
            return opens
                ? new Reached(new Ctx(cur, sch, n), cur, null)
                : new Reached(new Ctx(cur, sch, null), cur, n.name());
          }
          List<String> values = new ArrayList<>();
          int j = i + 1;
          if (n.keys().size() <= 1) {
            if (end) {
              throw error(w, "'" + w.text() + "' needs a name");
            }
            values.add(single(words.get(j)).text());
            j++;
          } else {
            // several keys are written by name: drop-profile-map loss-priority any protocol any
            for (String key : n.keys()) {
              if (j + 1 >= words.size() || !words.get(j).text().equals(key)) {
                throw error(
                    words.get(Math.min(j, words.size() - 1)),
                    "'" + w.text() + "' needs " + String.join(" VALUE ", n.keys()) + " VALUE");
              }
              values.add(single(words.get(j + 1)).text());
              j += 2;
            }
          }
          cur = entry(cur, n, values);
          sch = n;
          last = cur;
          i = j;
        }
      }
    }
    return new Reached(new Ctx(cur, sch, null), last, null);
  }

  /** Words the schema does not know, kept as {@code <a>b c</a>} or {@code <a><name>b</name>}. */
  private Reached generic(List<Word> words, int from, Element cur, boolean opens) {
    Word w = words.get(from);
    String rest = join(words, from + 1);
    if (!XML_NAME.matcher(w.text()).matches()) {
      // a bare value (e.g. a certificate's quoted data): the text of the element it is in
      cur.appendChild(doc.createTextNode(join(words, from)));
      return new Reached(new Ctx(cur, null, null), cur, null);
    }
    Element e = null;
    if (opens) {
      for (Element c : SafeXml.children(cur, cur.getNamespaceURI(), w.text())) {
        if (rest.equals(String.valueOf(SafeXml.text(c, c.getNamespaceURI(), "name")))
            || (rest.isEmpty() && SafeXml.child(c, c.getNamespaceURI(), "name") == null)) {
          e = c;
        }
      }
    }
    if (e == null) {
      e = create(cur, w.text());
      if (opens && !rest.isEmpty()) {
        create(e, "name").setTextContent(rest);
      } else if (!rest.isEmpty()) {
        e.setTextContent(rest);
      }
    }
    return new Reached(new Ctx(e, null, null), e, null);
  }

  private static String join(List<Word> words, int from) {
    List<String> out = new ArrayList<>();
    for (Word w : words.subList(from, words.size())) {
      out.add(w.text());
    }
    return String.join(" ", out);
  }

  private Word single(Word w) throws ReadException {
    if (w.items() != null) {
      throw error(w, "a value list [ ... ] where one value was expected");
    }
    return w;
  }

  /** The list entry with these key values, made when absent (the set form repeats paths). */
  private Element entry(Element parent, Node list, List<String> values) {
    List<String> keys = list.keys().isEmpty() ? List.of("name") : list.keys();
    for (Element c : SafeXml.children(parent, ns(parent, list.name()), list.name())) {
      boolean same = true;
      for (int k = 0; k < keys.size(); k++) {
        same &= values.get(k).equals(SafeXml.text(c, c.getNamespaceURI(), keys.get(k)));
      }
      if (same) {
        return c;
      }
    }
    Element e = create(parent, list.name());
    for (int k = 0; k < keys.size(); k++) {
      create(e, keys.get(k)).setTextContent(values.get(k));
    }
    return e;
  }

  private Element child(Element parent, String name) {
    return SafeXml.child(parent, ns(parent, name), name);
  }

  private Element childOrNew(Element parent, String name) {
    Element e = child(parent, name);
    return e != null ? e : create(parent, name);
  }

  private Element leaf(Element parent, String name, String value) {
    Element e = childOrNew(parent, name);
    e.setTextContent(value);
    return e;
  }

  private Element append(Element parent, String name, String value) {
    Element e = create(parent, name);
    e.setTextContent(value);
    return e;
  }

  private Element create(Element parent, String name) {
    Element e = doc.createElementNS(ns(parent, name), name);
    parent.appendChild(e);
    return e;
  }

  /** A top-level tree's own namespace; below it, its parent's. */
  private String ns(Element parent, String name) {
    if (parent == doc.getDocumentElement()) {
      return TOP.getOrDefault(name, ROOT);
    }
    return parent.getNamespaceURI();
  }

  private ReadException error(Word w, String message) {
    return new ReadException(what + ":" + w.line() + ":" + w.col() + ": " + message);
  }
}
