package dev.weft.policy;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelIssue;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.compiler.CelCompiler;
import dev.cel.runtime.CelEvaluationException;
import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Type-checks a {@link RuleSpec} in the {@link CelEnvironment} and makes its programs. Every
 * problem (a syntax error, a field the type does not have, a function that does not exist, a
 * condition that is not a boolean, an attempt to build an object) is a {@value UserRules#INVALID}
 * finding at the line and column of rule.yaml where the offending part of the expression was
 * written, with a did-you-mean where a near name exists. A rule with any problem is not run.
 */
final class RuleCompiler {

  private static final Pattern UNDEFINED_FIELD = Pattern.compile("undefined field '([^']+)'");
  private static final Pattern UNDECLARED =
      Pattern.compile("undeclared reference to '([^']+)'(?: \\(in container '[^']*'\\))?");
  private static final List<String> FUNCTIONS =
      List.of(
          "size",
          "speed",
          "length",
          "date",
          "duration",
          "timestamp",
          "has",
          "all",
          "exists",
          "exists_one",
          "map",
          "filter",
          "int",
          "string",
          "double",
          "matches",
          "contains",
          "startsWith",
          "endsWith",
          "split",
          "lowerAscii",
          "upperAscii",
          "join",
          "cel.bind",
          "math.greatest",
          "math.least");

  private final CelEnvironment env;
  private final List<Finding> problems;

  RuleCompiler(CelEnvironment env, List<Finding> problems) {
    this.env = env;
    this.problems = problems;
  }

  /** The compiled rule, or null when any expression has a problem (each is reported). */
  CompiledRule compile(RuleSpec spec) {
    int before = problems.size();
    RuleScope scope = spec.scope();
    Map<String, CelType> declared = new LinkedHashMap<>();
    List<CompiledRule.Variable> variables = new ArrayList<>();
    for (Map.Entry<String, RuleSpec.Expression> v : spec.variables().entrySet()) {
      CompiledRule.Expr e =
          compile(spec, v.getValue(), env.compiler(scope, declared), declared, false);
      if (e != null) {
        declared.put(v.getKey(), e.ast().getResultType());
        variables.add(new CompiledRule.Variable(v.getKey(), e));
      }
    }
    CelCompiler compiler = env.compiler(scope, declared);
    CompiledRule.Expr match =
        spec.match() == null ? null : compile(spec, spec.match(), compiler, declared, true);
    CompiledRule.Expr condition = compile(spec, spec.condition(), compiler, declared, true);
    Template message = template(spec, compiler, declared);
    CompiledRule.Expr expected =
        spec.expected() == null ? null : compile(spec, spec.expected(), compiler, declared, false);
    CompiledRule.Expr actual =
        spec.actual() == null ? null : compile(spec, spec.actual(), compiler, declared, false);
    if (problems.size() > before || message == null) {
      return null;
    }
    Set<String> roots = new LinkedHashSet<>(scope.variables().keySet());
    roots.add("fabric");
    roots.add("today");
    Set<AttributePaths.Path> paths = new LinkedHashSet<>();
    variables.forEach(v -> paths.addAll(AttributePaths.of(v.expr().ast().getExpr(), roots)));
    if (match != null) {
      paths.addAll(AttributePaths.of(match.ast().getExpr(), roots));
    }
    paths.addAll(AttributePaths.of(condition.ast().getExpr(), roots));
    return new CompiledRule(
        spec,
        variables,
        match,
        condition,
        message.pieces(),
        message.parts(),
        expected,
        actual,
        List.copyOf(paths));
  }

  /**
   * A message: its literal text and, in order, the indexes of its {@code {{ }}} parts into one list
   * expression.
   */
  record Template(List<Object> pieces, CompiledRule.Expr parts) {}

  /**
   * The message: literal text and {@code {{ expression }}} parts, all parts checked (and later
   * evaluated) as one CEL list, {@code [part0, part1, ...]}: one compile per message instead of one
   * per part.
   */
  private Template template(RuleSpec spec, CelCompiler compiler, Map<String, CelType> declared) {
    RuleSpec.Expression m = spec.message();
    String text = m.text();
    List<Object> pieces = new ArrayList<>();
    List<ScalarPositions> positions = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    StringBuilder joined = new StringBuilder("[");
    int at = 0;
    while (at < text.length()) {
      int open = text.indexOf("{{", at);
      if (open < 0) {
        pieces.add(text.substring(at));
        break;
      }
      int close = text.indexOf("}}", open + 2);
      if (close < 0) {
        problem(m.where().atOffset(open), "message: '{{' at this column has no closing '}}'");
        return null;
      }
      if (open > at) {
        pieces.add(text.substring(at, open));
      }
      String part = text.substring(open + 2, close);
      if (part.isBlank()) {
        problem(m.where().atOffset(open), "message: '{{ }}' holds no expression");
        return null;
      }
      if (!positions.isEmpty()) {
        joined.append(",\n");
      }
      pieces.add(positions.size());
      starts.add(joined.length());
      positions.add(m.where().part(open + 2, close - open - 2));
      joined.append(part);
      at = close + 2;
    }
    if (positions.isEmpty()) {
      return new Template(pieces, null);
    }
    joined.append("\n]");
    int[] offsets = starts.stream().mapToInt(Integer::intValue).toArray();
    RuleSpec.Expression all =
        new RuleSpec.Expression(
            "message",
            joined.toString(),
            ScalarPositions.joined(joined.toString(), positions, offsets));
    CompiledRule.Expr parts = compile(spec, all, compiler, declared, false);
    return parts == null ? null : new Template(pieces, parts);
  }

  private CompiledRule.Expr compile(
      RuleSpec spec,
      RuleSpec.Expression x,
      CelCompiler compiler,
      Map<String, CelType> declared,
      boolean bool) {
    CelValidationResult result = compiler.compile(x.text());
    if (result.hasError()) {
      for (CelIssue issue : result.getErrors()) {
        report(spec, x, compiler, declared, issue);
      }
      return null;
    }
    CelAbstractSyntaxTree ast;
    try {
      ast = result.getAst();
    } catch (CelValidationException unreachable) {
      problem(x.start(), x.key() + ": " + unreachable.getMessage());
      return null;
    }
    if (bool
        && ast.getResultType().kind() != CelKind.BOOL
        && ast.getResultType().kind() != CelKind.DYN) {
      problem(
          x.start(),
          x.key()
              + " must be true or false, but this expression gives "
              + ast.getResultType().name()
              + " (compare it: for example  port.speed <= speed('400G'))");
      return null;
    }
    if (!noObjectCreation(x, ast, ast.getExpr())) {
      return null;
    }
    try {
      return new CompiledRule.Expr(x, ast, env.runtime().createProgram(ast));
    } catch (CelEvaluationException bad) {
      problem(x.start(), x.key() + ": " + bad.getMessage());
      return null;
    }
  }

  /**
   * Struct literals would reach protobuf's message factories: a rule reads the model, it builds
   * nothing.
   */
  private boolean noObjectCreation(RuleSpec.Expression x, CelAbstractSyntaxTree ast, CelExpr e) {
    boolean ok = true;
    for (CelExpr at : CelTrees.preorder(e)) {
      if (at.exprKind().getKind() == CelExpr.ExprKind.Kind.STRUCT) {
        problem(
            position(x, ast, at.id()),
            x.key()
                + ": "
                + at.struct().messageName()
                + "{...} builds an object; a rule can only read the model (no objects, files, Java, network or clock)");
        ok = false;
      }
    }
    return ok;
  }

  /** The rule.yaml position of an expression node of a checked program. */
  static Location position(RuleSpec.Expression x, CelAbstractSyntaxTree ast, long exprId) {
    Integer offset = ast.getSource().getPositionsMap().get(exprId);
    return offset == null ? x.start() : x.where().atOffset(offset);
  }

  private void report(
      RuleSpec spec,
      RuleSpec.Expression x,
      CelCompiler compiler,
      Map<String, CelType> declared,
      CelIssue issue) {
    String message = issue.getMessage();
    int line = issue.getSourceLocation().getLine();
    int column = issue.getSourceLocation().getColumn();
    Location where = line < 1 ? x.start() : x.where().at(line, Math.max(0, column));
    Matcher field = UNDEFINED_FIELD.matcher(message);
    Matcher undeclared = UNDECLARED.matcher(message);
    if (field.find()) {
      String name = field.group(1);
      where = fieldNameAt(x, line, column, where);
      FieldOwner owner = ownerOf(compiler, x.text(), issue.getExprId(), spec.scope(), declared);
      String near = DidYouMean.suggest(name, owner.fields());
      message =
          "undefined field '"
              + name
              + "'"
              + (owner.type() == null ? "" : " on " + owner.type())
              + (near == null ? "" : " (did you mean " + near + "?)")
              + (owner.type() == null
                  ? ""
                  : "; its fields are " + String.join(", ", owner.fields()));
    } else if (undeclared.find()) {
      String name = undeclared.group(1);
      where = callNameAt(x, line, column, where);
      Set<String> names = new TreeSet<>(spec.scope().variables().keySet());
      names.add("fabric");
      names.add("today");
      names.addAll(declared.keySet());
      Set<String> candidates = new TreeSet<>(names);
      candidates.addAll(FUNCTIONS);
      String near = DidYouMean.suggest(name, candidates);
      message =
          "'"
              + name
              + "' is not known here"
              + (near == null ? "" : " (did you mean " + near + "?)")
              + "; a "
              + spec.scope().word()
              + " rule sees "
              + String.join(", ", names)
              + " and CEL's own functions, nothing else (no files, Java, network or clock)";
    }
    problem(where, x.key() + ": " + message);
  }

  /**
   * CEL puts an unknown field's error at the dot; the field's own name is one (or two, for {@code
   * .?}) further.
   */
  private static Location fieldNameAt(
      RuleSpec.Expression x, int line, int column, Location fallback) {
    String[] lines = x.text().split("\n", -1);
    if (line < 1 || line > lines.length) {
      return fallback;
    }
    String l = lines[line - 1];
    int c = column;
    while (c < l.length() && (l.charAt(c) == '.' || l.charAt(c) == '?')) {
      c++;
    }
    return x.where().at(line, c);
  }

  /**
   * CEL puts an unknown function's error at its opening parenthesis; the finding points at the
   * name.
   */
  private static Location callNameAt(
      RuleSpec.Expression x, int line, int column, Location fallback) {
    String[] lines = x.text().split("\n", -1);
    if (line < 1
        || line > lines.length
        || column >= lines[line - 1].length()
        || lines[line - 1].charAt(column) != '(') {
      return fallback;
    }
    String l = lines[line - 1];
    int c = column;
    while (c > 0 && Character.isWhitespace(l.charAt(c - 1))) {
      c--;
    }
    while (c > 0 && (Character.isLetterOrDigit(l.charAt(c - 1)) || l.charAt(c - 1) == '_')) {
      c--;
    }
    return x.where().at(line, c);
  }

  /** The type whose field was misspelt, when it can be told from the parsed expression. */
  private record FieldOwner(String type, List<String> fields) {}

  private FieldOwner ownerOf(
      CelCompiler compiler,
      String text,
      long exprId,
      RuleScope scope,
      Map<String, CelType> declared) {
    List<String> all =
        new ArrayList<>(
            new TreeSet<>(
                env.shapes().all().stream().flatMap(s -> s.fields().keySet().stream()).toList()));
    FieldOwner unknown = new FieldOwner(null, all);
    CelValidationResult parsed = compiler.parse(text);
    if (parsed.hasError()) {
      return unknown;
    }
    CelExpr select;
    try {
      select = find(parsed.getAst().getExpr(), exprId);
    } catch (CelValidationException e) {
      return unknown;
    }
    if (select == null || select.exprKind().getKind() != CelExpr.ExprKind.Kind.SELECT) {
      return unknown;
    }
    Shape shape = staticShape(select.select().operand(), scope);
    return shape == null
        ? unknown
        : new FieldOwner(shape.name(), List.copyOf(shape.fields().keySet()));
  }

  private Shape staticShape(CelExpr e, RuleScope scope) {
    if (e.exprKind().getKind() == CelExpr.ExprKind.Kind.IDENT) {
      String name = e.ident().name();
      String shape = name.equals("fabric") ? "weft.Fabric" : scope.variables().get(name);
      return shape == null ? null : env.shapes().shape(shape);
    }
    if (e.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT) {
      Shape owner = staticShape(e.select().operand(), scope);
      Shape.Field f = owner == null ? null : owner.fields().get(e.select().field());
      return f != null && f.kind() instanceof Shape.Struct st
          ? env.shapes().shape(st.shape())
          : null;
    }
    return null;
  }

  private static CelExpr find(CelExpr e, long id) {
    return CelTrees.preorder(e).stream().filter(x -> x.id() == id).findFirst().orElse(null);
  }

  private void problem(Location where, String message) {
    problems.add(Finding.of(UserRules.INVALID, Severity.ERROR, message).at(where));
  }
}
