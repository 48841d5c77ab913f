package dev.weft.render.fast;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses the part of Jinjava's expression language that Weft's templates use, with Jinjava's
 * precedence (JUEL's grammar as Jinjava extends it: {@code x if c else y} lowest, then {@code or},
 * {@code and}, {@code == !=}, {@code + -}, {@code / //}, unary {@code not}, and a value with its
 * {@code .attr}, {@code [key]}, then either a chain of {@code |filter(args)} or one {@code is [not]
 * test}). Anything else throws {@link Unsupported}, and the template stays on Jinjava.
 */
final class ExprParser {
  /** Thrown at compile time for anything outside the supported subset. */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String why) {
      super(why, null, false, false);
    }
  }

  /** Words JUEL or Jinjava give a meaning of their own: never read as variable names here. */
  private static final Set<String> RESERVED =
      Set.of(
          "and",
          "or",
          "not",
          "div",
          "mod",
          "lt",
          "gt",
          "le",
          "ge",
          "eq",
          "ne",
          "empty",
          "instanceof",
          "true",
          "false",
          "null",
          "if",
          "else",
          "is",
          "in",
          "True",
          "False",
          "None",
          "none",
          "loop_",
          "exptest",
          "filter",
          "fn",
          "____int3rpr3t3r____");

  static boolean isReserved(String name) {
    return RESERVED.contains(name) || name.contains("__");
  }

  private enum Kind {
    IDENT,
    INT,
    STRING,
    OP,
    END
  }

  private record Token(Kind kind, String text) {}

  private final List<Token> tokens;
  private final long maxLength;
  private int pos;

  private ExprParser(List<Token> tokens, long maxLength) {
    this.tokens = tokens;
    this.maxLength = maxLength;
  }

  /**
   * Parses a whole expression; {@code maxLength} is the string cap the join/replace filters keep.
   */
  static Expr parse(String source, long maxLength) throws Unsupported {
    ExprParser parser = new ExprParser(tokenize(source), maxLength);
    Expr expr = parser.expression();
    if (parser.peek().kind() != Kind.END) {
      throw new Unsupported("unexpected '" + parser.peek().text() + "'");
    }
    return expr;
  }

  private static List<Token> tokenize(String s) throws Unsupported {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        i++;
      } else if (Character.isLetter(c) && c < 128 || c == '_') {
        int start = i;
        while (i < s.length()
            && (Character.isLetterOrDigit(s.charAt(i)) && s.charAt(i) < 128
                || s.charAt(i) == '_')) {
          i++;
        }
        out.add(new Token(Kind.IDENT, s.substring(start, i)));
      } else if (c >= '0' && c <= '9') {
        int start = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
          i++;
        }
        if (i < s.length() && (s.charAt(i) == '.' || Character.isLetter(s.charAt(i)))) {
          throw new Unsupported("number literal");
        }
        if (i - start > 9 || (i - start > 1 && s.charAt(start) == '0')) {
          throw new Unsupported("long number literal or leading zero");
        }
        out.add(new Token(Kind.INT, s.substring(start, i)));
      } else if (c == '"' || c == '\'') {
        int end = s.indexOf(c, i + 1);
        if (end < 0) {
          throw new Unsupported("unclosed string");
        }
        String body = s.substring(i + 1, end);
        if (body.indexOf('\\') >= 0
            || body.contains("{{")
            || body.contains("{%")
            || body.contains("#{")
            || body.contains("${")) {
          throw new Unsupported("string literal with escapes or markers");
        }
        out.add(new Token(Kind.STRING, body));
        i = end + 1;
      } else if (s.startsWith("//", i) || s.startsWith("==", i) || s.startsWith("!=", i)) {
        out.add(new Token(Kind.OP, s.substring(i, i + 2)));
        i += 2;
      } else if ("()[]{},.|:+-/=".indexOf(c) >= 0) {
        out.add(new Token(Kind.OP, String.valueOf(c)));
        i++;
      } else {
        throw new Unsupported("character '" + c + "'");
      }
    }
    out.add(new Token(Kind.END, ""));
    return out;
  }

  private Token peek() {
    return tokens.get(pos);
  }

  private Token peekAt(int ahead) {
    return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
  }

  private boolean isOp(String text) {
    return peek().kind() == Kind.OP && peek().text().equals(text);
  }

  private boolean isWord(String text) {
    return peek().kind() == Kind.IDENT && peek().text().equals(text);
  }

  private void expectOp(String text) throws Unsupported {
    if (!isOp(text)) {
      throw new Unsupported("expected '" + text + "', found '" + peek().text() + "'");
    }
    pos++;
  }

  private String expectString() throws Unsupported {
    if (peek().kind() != Kind.STRING) {
      throw new Unsupported("expected a string literal");
    }
    return tokens.get(pos++).text();
  }

  /** {@code or-expr [if expr [else expr]]}; Jinjava's form without else is not taken. */
  private Expr expression() throws Unsupported {
    Expr value = or();
    if (isWord("if")) {
      pos++;
      Expr condition = expression();
      if (!isWord("else")) {
        throw new Unsupported("if without else");
      }
      pos++;
      Expr otherwise = expression();
      return new Expr.Choice(condition, value, otherwise);
    }
    return value;
  }

  private Expr or() throws Unsupported {
    Expr left = and();
    while (isWord("or")) {
      pos++;
      left = new Expr.Or(left, and());
    }
    return left;
  }

  private Expr and() throws Unsupported {
    Expr left = equality();
    while (isWord("and")) {
      pos++;
      left = new Expr.And(left, equality());
    }
    return left;
  }

  private Expr equality() throws Unsupported {
    Expr left = additive();
    while (isOp("==") || isOp("!=")) {
      boolean negated = peek().text().equals("!=");
      pos++;
      left = new Expr.Equals(left, additive(), negated);
    }
    return left;
  }

  private Expr additive() throws Unsupported {
    Expr left = multiplicative();
    while (isOp("+") || isOp("-")) {
      char op = peek().text().charAt(0);
      pos++;
      left = new Expr.Arithmetic(op, left, multiplicative(), maxLength);
    }
    return left;
  }

  private Expr multiplicative() throws Unsupported {
    Expr left = unary();
    while (isOp("/") || isOp("//")) {
      char op = peek().text().equals("//") ? Expr.Arithmetic.FLOOR_DIV : '/';
      pos++;
      left = new Expr.Arithmetic(op, left, unary(), maxLength);
    }
    return left;
  }

  private Expr unary() throws Unsupported {
    if (isWord("not")) {
      pos++;
      return new Expr.Not(unary());
    }
    if (isOp("-")) {
      throw new Unsupported("unary minus");
    }
    return value();
  }

  /** A primary with its suffixes, then a filter chain or one test (as Jinjava's parseOperators). */
  private Expr value() throws Unsupported {
    Expr v = suffixes(primary());
    if (isOp("|")) {
      while (isOp("|")) {
        pos++;
        v = filter(v);
      }
      if (isWord("is")) {
        throw new Unsupported("test after a filter");
      }
    } else if (isWord("is")) {
      pos++;
      boolean negated = false;
      if (isWord("not")) {
        negated = true;
        pos++;
      }
      if (!isWord("defined")) {
        throw new Unsupported("test other than defined");
      }
      pos++;
      if (peek().kind() != Kind.END
          && !isWord("and")
          && !isWord("or")
          && !isWord("if")
          && !isWord("else")
          && !isOp(")")
          && !isOp(",")
          && !isOp("]")) {
        throw new Unsupported("test followed by '" + peek().text() + "'");
      }
      v = new Expr.IsDefined(v, negated);
    }
    return v;
  }

  private Expr suffixes(Expr v) throws Unsupported {
    while (true) {
      if (isOp(".")) {
        pos++;
        if (peek().kind() != Kind.IDENT) {
          throw new Unsupported("attribute name");
        }
        v = new Expr.Attribute(v, tokens.get(pos++).text());
      } else if (isOp("[")) {
        pos++;
        Expr key = expression();
        expectOp("]");
        v = new Expr.Index(v, key);
      } else if (isOp("(")) {
        throw new Unsupported("call");
      } else {
        return v;
      }
    }
  }

  private Expr primary() throws Unsupported {
    Token t = peek();
    switch (t.kind()) {
      case STRING:
        pos++;
        return new Expr.Literal(t.text());
      case INT:
        pos++;
        return new Expr.Literal(Long.parseLong(t.text()));
      case IDENT:
        if (t.text().equals("range")
            && peekAt(1).kind() == Kind.OP
            && peekAt(1).text().equals("(")) {
          pos += 2;
          if (peek().kind() != Kind.INT) {
            throw new Unsupported("range of a non-literal");
          }
          int end = Integer.parseInt(tokens.get(pos++).text());
          expectOp(")");
          if (end > 10_000) {
            throw new Unsupported("large range");
          }
          return new Expr.Range(end);
        }
        if (RESERVED.contains(t.text()) || t.text().contains("__")) {
          throw new Unsupported("reserved word '" + t.text() + "'");
        }
        if (peekAt(1).kind() == Kind.IDENT
            && peekAt(1).text().equals("else")
            && peekAt(2).kind() == Kind.IDENT
            && peekAt(3).kind() == Kind.OP
            && peekAt(3).text().equals("(")) {
          // Jinjava's scanner reads 'else' as ':' and then 'x else f(' as the namespaced call x:f(
          throw new Unsupported("name before 'else' and a call");
        }
        pos++;
        return new Expr.Variable(t.text().intern());
      case OP:
        if (t.text().equals("(")) {
          pos++;
          Expr inner = expression();
          if (isOp(",")) {
            throw new Unsupported("tuple");
          }
          expectOp(")");
          return inner;
        }
        if (t.text().equals("[")) {
          pos++;
          List<Expr> items = new ArrayList<>();
          if (!isOp("]")) {
            items.add(expression());
            while (isOp(",")) {
              pos++;
              items.add(expression());
            }
          }
          expectOp("]");
          return new Expr.ListLiteral(List.copyOf(items));
        }
        if (t.text().equals("{")) {
          pos++;
          List<String> keys = new ArrayList<>();
          List<Expr> values = new ArrayList<>();
          if (!isOp("}")) {
            do {
              if (!keys.isEmpty()) {
                pos++;
              }
              String key = expectString();
              if (keys.contains(key)) {
                throw new Unsupported("duplicate dict key");
              }
              keys.add(key);
              expectOp(":");
              values.add(expression());
            } while (isOp(","));
          }
          expectOp("}");
          return new Expr.DictLiteral(List.copyOf(keys), List.copyOf(values));
        }
        throw new Unsupported("'" + t.text() + "'");
      default:
        throw new Unsupported("end of expression");
    }
  }

  /** The filters and argument forms the built-in templates use; any other is unsupported. */
  private Expr filter(Expr input) throws Unsupported {
    if (peek().kind() != Kind.IDENT) {
      throw new Unsupported("filter name");
    }
    String name = tokens.get(pos++).text();
    boolean hasArgs = isOp("(");
    switch (name) {
      case "join":
        {
          String separator = "";
          if (hasArgs) {
            pos++;
            if (!isOp(")")) {
              separator = expectString();
            }
            expectOp(")");
          }
          return new Expr.Join(input, separator, maxLength);
        }
      case "selectattr":
      case "rejectattr":
        {
          if (!hasArgs) {
            throw new Unsupported(name + " without arguments");
          }
          pos++;
          String attribute = expectString();
          if (attribute.contains(".") || attribute.isEmpty()) {
            throw new Unsupported(name + " of a dotted attribute");
          }
          Expr.Test test = Expr.Test.TRUTHY;
          Expr argument = null;
          if (isOp(",")) {
            pos++;
            String testName = expectString();
            switch (testName) {
              case "defined" -> test = Expr.Test.DEFINED;
              case "truthy" -> test = Expr.Test.TRUTHY;
              case "equalto" -> test = Expr.Test.EQUALTO;
              default -> throw new Unsupported("test " + testName);
            }
            if (test == Expr.Test.EQUALTO) {
              expectOp(",");
              argument = expression();
            }
          }
          expectOp(")");
          return new Expr.SelectAttr(input, attribute, test, argument, name.equals("rejectattr"));
        }
      case "map":
        {
          if (!hasArgs) {
            throw new Unsupported("map without arguments");
          }
          pos++;
          if (!isWord("attribute")) {
            throw new Unsupported("map other than attribute=");
          }
          pos++;
          expectOp("=");
          String attribute = expectString();
          if (attribute.contains(".") || attribute.isEmpty()) {
            throw new Unsupported("map of a dotted attribute");
          }
          expectOp(")");
          return new Expr.MapAttribute(input, attribute);
        }
      case "replace":
        {
          if (!hasArgs) {
            throw new Unsupported("replace without arguments");
          }
          pos++;
          String search = expectString();
          expectOp(",");
          String replacement = expectString();
          expectOp(")");
          return new Expr.Replace(input, search, replacement, maxLength);
        }
      case "dictsort", "upper", "int", "list", "sort", "unique":
        {
          if (hasArgs) {
            pos++;
            expectOp(")");
          }
          return switch (name) {
            case "dictsort" -> new Expr.DictSort(input);
            case "upper" -> new Expr.Upper(input);
            case "int" -> new Expr.ToInt(input);
            case "list" -> new Expr.ToList(input);
            case "sort" -> new Expr.Sort(input);
            default -> new Expr.Unique(input);
          };
        }
      default:
        throw new Unsupported("filter " + name);
    }
  }
}
