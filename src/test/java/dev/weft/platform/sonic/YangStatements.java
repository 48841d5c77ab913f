package dev.weft.platform.sonic;

import java.util.ArrayList;
import java.util.List;

/**
 * The statement tree of one YANG file (RFC 7950 §6): {@code keyword [argument] (";" | "{" ...
 * "}")}, with comments dropped and quoted strings unquoted and concatenated ({@code "a" + 'b'}).
 * Only the lexical layer: what the statements mean is {@link SonicYangSchema}'s business. Enough
 * for SONiC's published models, which is all Weft reads with it.
 */
final class YangStatements {

  /**
   * One statement: its keyword (with prefix, e.g. {@code sonic-ext:db-name}), argument (or null)
   * and children.
   */
  record Stmt(String keyword, String arg, List<Stmt> children, int line) {
    Stmt {
      children = List.copyOf(children);
    }

    /** The children with this keyword, in file order. */
    List<Stmt> all(String keyword) {
      return children.stream().filter(c -> c.keyword.equals(keyword)).toList();
    }

    /** The first child with this keyword, or null. */
    Stmt first(String keyword) {
      for (Stmt c : children) {
        if (c.keyword.equals(keyword)) {
          return c;
        }
      }
      return null;
    }

    /** The argument of the first child with this keyword, or null. */
    String argOf(String keyword) {
      Stmt c = first(keyword);
      return c == null ? null : c.arg;
    }
  }

  /** A file that is not YANG text; the message names file and line. */
  static final class SyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    SyntaxException(String message) {
      super(message);
    }
  }

  private final String text;
  private final String file;
  private int pos;
  private int line = 1;

  private YangStatements(String text, String file) {
    this.text = text;
    this.file = file;
  }

  /** The one top-level statement of a file ({@code module} or {@code submodule}). */
  static Stmt parse(String text, String file) throws SyntaxException {
    YangStatements p = new YangStatements(text, file);
    p.skipSpace();
    Stmt top = p.statement();
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error("text after the end of the top-level statement");
    }
    return top;
  }

  private Stmt statement() throws SyntaxException {
    int at = line;
    String keyword = token();
    if (keyword == null) {
      throw error("expected a statement keyword");
    }
    skipSpace();
    String arg = null;
    if (pos < text.length() && text.charAt(pos) != ';' && text.charAt(pos) != '{') {
      arg = argument();
      skipSpace();
    }
    if (pos >= text.length()) {
      throw error("statement '" + keyword + "' is not terminated by ';' or '{'");
    }
    List<Stmt> children = new ArrayList<>();
    if (text.charAt(pos) == ';') {
      pos++;
    } else if (text.charAt(pos) == '{') {
      pos++;
      while (true) {
        skipSpace();
        if (pos >= text.length()) {
          throw error("missing '}' for statement '" + keyword + "' of line " + at);
        }
        if (text.charAt(pos) == '}') {
          pos++;
          break;
        }
        children.add(statement());
      }
    } else {
      throw error("expected ';' or '{' after '" + keyword + "'");
    }
    return new Stmt(keyword, arg, children, at);
  }

  /** An argument: a quoted string (possibly concatenated with '+') or an unquoted token. */
  private String argument() throws SyntaxException {
    char c = text.charAt(pos);
    if (c != '"' && c != '\'') {
      String t = token();
      if (t == null) {
        throw error("expected an argument");
      }
      return t;
    }
    StringBuilder out = new StringBuilder(quoted());
    while (true) {
      int save = pos;
      int saveLine = line;
      skipSpace();
      if (pos < text.length() && text.charAt(pos) == '+') {
        pos++;
        skipSpace();
        if (pos >= text.length() || (text.charAt(pos) != '"' && text.charAt(pos) != '\'')) {
          throw error("expected a quoted string after '+'");
        }
        out.append(quoted());
      } else {
        pos = save;
        line = saveLine;
        return out.toString();
      }
    }
  }

  private String quoted() throws SyntaxException {
    char quote = text.charAt(pos++);
    int startLine = line;
    StringBuilder out = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '\n') {
        line++;
      }
      if (c == quote) {
        return out.toString();
      }
      if (quote == '"' && c == '\\' && pos < text.length()) {
        char e = text.charAt(pos++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case '"' -> out.append('"');
          case '\\' -> out.append('\\');
          default -> out.append('\\').append(e);
        }
        continue;
      }
      out.append(c);
    }
    throw new SyntaxException(file + ":" + startLine + ": unterminated string");
  }

  /** An unquoted token: up to white space, ';', '{', '}' or a comment; null when none. */
  private String token() {
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)
          || c == ';'
          || c == '{'
          || c == '}'
          || c == '"'
          || c == '\''
          || text.startsWith("//", pos)
          || text.startsWith("/*", pos)) {
        break;
      }
      pos++;
    }
    return pos > start ? text.substring(start, pos) : null;
  }

  private void skipSpace() throws SyntaxException {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\n') {
        line++;
        pos++;
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("//", pos)) {
        while (pos < text.length() && text.charAt(pos) != '\n') {
          pos++;
        }
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw error("unterminated comment");
        }
        for (int i = pos; i < end; i++) {
          if (text.charAt(i) == '\n') {
            line++;
          }
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private SyntaxException error(String what) {
    return new SyntaxException(file + ":" + line + ": " + what);
  }
}
