package dev.weft.render.fast;

import com.hubspot.jinjava.tree.ExpressionNode;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.RootNode;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.TextNode;
import com.hubspot.jinjava.tree.parse.ExpressionToken;
import com.hubspot.jinjava.tree.parse.TextToken;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A template compiled from Jinjava's parsed tree into a small program that renders the same bytes
 * without Jinjava's interpreter: text (taken from Jinjava's own text nodes, so trim_blocks,
 * lstrip_blocks and {@code -} trimming are exactly Jinjava's), output, if/elif/else, for (one
 * variable, or two over {@code dictsort} entries) with {@code loop.index/index0/first/last/length},
 * and set; expressions as {@link ExprParser} reads them.
 *
 * <p>Sandbox by construction: the program reads maps, lists and scalars of the template data and of
 * its own literals, and writes only its output. No node calls a method of a data object, reads a
 * file, includes another template or changes the data; there is no static mutable state, and a
 * compiled program is immutable (but for an atomic output-size hint that changes no output), so one
 * is shared by every rendering thread. Whatever it is not sure of at render time raises {@link
 * Bail}, and the caller renders the template with Jinjava instead.
 */
public final class FastTemplate {
  private final List<Statement> body;
  private final long maxLength;

  private FastTemplate(List<Statement> body, long maxLength) {
    this.body = body;
    this.maxLength = maxLength;
  }

  /**
   * The fast program of a parsed template, or empty when the template uses anything outside the
   * supported subset (it then always renders with Jinjava).
   *
   * @param maxLength the output (and string) cap: output reaching it bails, so Jinjava reports it
   */
  public static Optional<FastTemplate> compile(Node root, long maxLength) {
    if (!(root instanceof RootNode)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new FastTemplate(new Compiler(maxLength).block(root.getChildren()), maxLength));
    } catch (ExprParser.Unsupported e) {
      return Optional.empty();
    }
  }

  /**
   * Renders with the given data (plain maps, lists, strings, numbers, booleans; never modified).
   *
   * @throws Bail when the output might differ from Jinjava's; render with Jinjava then
   */
  public String render(Map<String, Object> data) {
    return render(data, Long.MAX_VALUE);
  }

  /**
   * As {@link #render(Map)}, bailing once {@code System.nanoTime()} passes {@code deadline}: a
   * render that runs out of time is finished by Jinjava, which then reports the breach with the
   * template's line.
   */
  public String render(Map<String, Object> data, long deadline) {
    StringBuilder out = new StringBuilder(sizeHint.get());
    try {
      run(body, Scope.top(data, deadline), out);
    } catch (Bail e) {
      throw e;
    } catch (RuntimeException e) {
      throw new Bail("unexpected " + e.getClass().getSimpleName());
    }
    if (out.length() > sizeHint.get()) {
      sizeHint.accumulateAndGet(Math.min(out.length(), MAX_SIZE_HINT), Math::max);
    }
    return out.toString();
  }

  /** Larger hints are not kept: a runaway render must not make every later one reserve its size. */
  private static final int MAX_SIZE_HINT = 1 << 20;

  /**
   * The longest output this template has given so far (capped), the next render's starting
   * capacity: a SONiC leaf is ~75 KB, and growing a buffer from 8 KB copied it four times over
   * (about a third of the render's allocation). Only a capacity: the output does not depend on it.
   */
  private final java.util.concurrent.atomic.AtomicInteger sizeHint =
      new java.util.concurrent.atomic.AtomicInteger(8192);

  private void run(List<Statement> statements, Scope scope, StringBuilder out) {
    // indexed: the bodies are immutable lists, and an iterator per loop iteration was a fifteenth
    // of a render's allocation
    for (int i = 0, n = statements.size(); i < n; i++) {
      statements.get(i).run(this, scope, out);
    }
  }

  private void append(StringBuilder out, String text) {
    out.append(text);
    if (out.length() >= maxLength) {
      throw new Bail("output reaches the cap");
    }
  }

  /**
   * A whole expression of an output, condition, loop or set: undefined there is Jinjava's error.
   */
  private static Object defined(Expr expr, Scope scope) {
    Object value = expr.eval(scope);
    if (value == null) {
      throw new Bail("undefined");
    }
    return value;
  }

  private sealed interface Statement {
    void run(FastTemplate template, Scope scope, StringBuilder out);
  }

  private record Text(String text) implements Statement {
    @Override
    public void run(FastTemplate template, Scope scope, StringBuilder out) {
      template.append(out, text);
    }
  }

  private record Output(Expr expr) implements Statement {
    @Override
    public void run(FastTemplate template, Scope scope, StringBuilder out) {
      template.append(out, Values.text(defined(expr, scope)));
    }
  }

  private record Branch(Expr condition, List<Statement> body) {}

  /** IfTag: the first branch whose condition is truthy; conditions after it are not evaluated. */
  private record If(List<Branch> branches, List<Statement> otherwise) implements Statement {
    @Override
    public void run(FastTemplate template, Scope scope, StringBuilder out) {
      for (Branch branch : branches) {
        if (Values.truthy(defined(branch.condition(), scope))) {
          template.run(branch.body(), scope, out);
          return;
        }
      }
      template.run(otherwise, scope, out);
    }
  }

  /** ForTag over a collection: a new scope holding {@code loop} and the loop variables. */
  private record For(String item, String value, Expr collection, List<Statement> body)
      implements Statement {
    @Override
    public void run(FastTemplate template, Scope scope, StringBuilder out) {
      if (!(defined(collection, scope) instanceof Collection<?> items)) {
        throw new Bail("for over a non-collection");
      }
      Scope inner = scope.child();
      LoopState loop = new LoopState(items.size());
      inner.put("loop", loop);
      List<?> indexed =
          items instanceof List<?> list && list instanceof java.util.RandomAccess
              ? list
              : new java.util.ArrayList<>(items);
      for (int i = 0, n = indexed.size(); i < n; i++) {
        if ((i & 1023) == 0 && System.nanoTime() > scope.deadline) {
          throw new Bail("time budget"); // Jinjava then reports the breach at the template's line
        }
        Object element = indexed.get(i);
        loop.advance();
        if (element == null) {
          throw new Bail("null item");
        }
        if (value == null) {
          inner.put(item, element);
        } else {
          if (!(element instanceof Map.Entry<?, ?> entry) || entry.getValue() == null) {
            throw new Bail("two loop variables over a non-entry");
          }
          inner.put(item, entry.getKey());
          inner.put(value, entry.getValue());
        }
        template.run(body, inner, out);
      }
    }
  }

  /** SetTag with one variable, in the innermost scope. */
  private record Set(String name, Expr expr) implements Statement {
    @Override
    public void run(FastTemplate template, Scope scope, StringBuilder out) {
      scope.put(name, defined(expr, scope));
    }
  }

  /** Turns Jinjava's node tree into statements, or throws Unsupported. */
  private static final class Compiler {
    private static final Pattern IDENT = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    /** ForTag's split: the loop expression follows the first whitespace-delimited {@code in}. */
    private static final Pattern IN = Pattern.compile("\\sin\\s");

    private static final Pattern LOOP_VARS =
        Pattern.compile("\\s*([A-Za-z][A-Za-z0-9_]*)\\s*(?:,\\s*([A-Za-z][A-Za-z0-9_]*)\\s*)?");

    private final long maxLength;

    Compiler(long maxLength) {
      this.maxLength = maxLength;
    }

    List<Statement> block(List<Node> nodes) throws ExprParser.Unsupported {
      List<Statement> out = new ArrayList<>();
      for (Node node : nodes) {
        out.add(statement(node));
      }
      return List.copyOf(out);
    }

    private Statement statement(Node node) throws ExprParser.Unsupported {
      if (node instanceof TextNode) {
        if (!(node.getMaster() instanceof TextToken token)) {
          throw new ExprParser.Unsupported("text node");
        }
        return new Text(token.output());
      }
      if (node instanceof ExpressionNode) {
        if (!(node.getMaster() instanceof ExpressionToken token)
            || node.getClass() != ExpressionNode.class) {
          throw new ExprParser.Unsupported("expression node");
        }
        return new Output(ExprParser.parse(token.getExpr(), maxLength));
      }
      if (node instanceof TagNode tag && node.getClass() == TagNode.class) {
        return switch (tag.getName()) {
          case "if" -> ifStatement(tag);
          case "for" -> forStatement(tag);
          case "set" -> setStatement(tag);
          default -> throw new ExprParser.Unsupported("tag " + tag.getName());
        };
      }
      throw new ExprParser.Unsupported("node " + node.getClass().getSimpleName());
    }

    private Statement ifStatement(TagNode tag) throws ExprParser.Unsupported {
      List<Branch> branches = new ArrayList<>();
      List<Statement> otherwise = null;
      Expr condition = ExprParser.parse(tag.getHelpers(), maxLength);
      List<Statement> current = new ArrayList<>();
      for (Node child : tag.getChildren()) {
        if (child instanceof TagNode t
            && (t.getName().equals("elif") || t.getName().equals("else"))) {
          if (otherwise != null) {
            throw new ExprParser.Unsupported("branch after else");
          }
          if (!t.getChildren().isEmpty()) {
            throw new ExprParser.Unsupported("else with children");
          }
          if (condition != null) {
            branches.add(new Branch(condition, List.copyOf(current)));
          }
          current = new ArrayList<>();
          if (t.getName().equals("elif")) {
            condition = ExprParser.parse(t.getHelpers(), maxLength);
          } else {
            if (!t.getHelpers().isBlank()) {
              throw new ExprParser.Unsupported("else with an expression");
            }
            condition = null;
            otherwise = current;
          }
          continue;
        }
        current.add(statement(child));
      }
      if (condition != null) {
        branches.add(new Branch(condition, List.copyOf(current)));
      }
      return new If(List.copyOf(branches), otherwise == null ? List.of() : List.copyOf(otherwise));
    }

    private Statement forStatement(TagNode tag) throws ExprParser.Unsupported {
      String helpers = tag.getHelpers();
      Matcher in = IN.matcher(helpers);
      if (!in.find()) {
        throw new ExprParser.Unsupported("for without in");
      }
      Matcher vars = LOOP_VARS.matcher(helpers.substring(0, in.start()));
      if (!vars.matches()) {
        throw new ExprParser.Unsupported("loop variables");
      }
      String item = variableName(vars.group(1));
      String value = vars.group(2) == null ? null : variableName(vars.group(2));
      if (item.equals(value)) {
        throw new ExprParser.Unsupported("same loop variable twice");
      }
      Expr collection = ExprParser.parse(helpers.substring(in.end()), maxLength);
      for (Node child : tag.getChildren()) {
        if (child instanceof TagNode t
            && (t.getName().equals("else") || t.getName().equals("elif"))) {
          throw new ExprParser.Unsupported("for-else");
        }
      }
      return new For(item, value, collection, block(tag.getChildren()));
    }

    private Statement setStatement(TagNode tag) throws ExprParser.Unsupported {
      String helpers = tag.getHelpers();
      int eq = helpers.indexOf('=');
      if (eq < 0 || !tag.getChildren().isEmpty()) {
        throw new ExprParser.Unsupported("block set");
      }
      String name = variableName(helpers.substring(0, eq).trim());
      String expr = helpers.substring(eq + 1);
      if (expr.startsWith("=")) {
        throw new ExprParser.Unsupported("set ==");
      }
      return new Set(name, ExprParser.parse(expr, maxLength));
    }

    private static String variableName(String name) throws ExprParser.Unsupported {
      if (!IDENT.matcher(name).matches() || name.equals("loop") || ExprParser.isReserved(name)) {
        throw new ExprParser.Unsupported("variable name " + name);
      }
      return name.intern();
    }
  }
}
