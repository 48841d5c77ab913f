package dev.weft.policy;

import dev.cel.common.CelIssue;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import dev.cel.parser.CelMacro;
import dev.cel.parser.CelMacroExprFactory;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.UnitException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Quantities written as in the intent, in base units: {@code size('150KB')} is 150000 (bytes),
 * {@code speed('400G')} 400 (Gb/s), {@code length('30m')} 30 (metres), {@code date('2027-03-31')} a
 * timestamp; times are CEL's own {@code duration('200ms')}. The parsing is the intent's, so a unit
 * the intent refuses is refused here too.
 *
 * <p>A literal argument is converted while the rule compiles: the value is a constant and a bad
 * unit is a finding at its column before anything runs. {@code size()} keeps its standard meaning
 * (the length of a string, list or map) for everything but a literal that reads as a number with a
 * unit.
 */
final class Units {

  private static final Pattern QUANTITY = Pattern.compile("[0-9]+(?:\\.[0-9]+)?[A-Za-z]+");

  private Units() {}

  static List<CelMacro> macros() {
    return List.of(
        CelMacro.newGlobalMacro(
            "size", 1, (f, target, args) -> fold(f, args.get(0), s -> Size.parse(s).bytes(), true)),
        CelMacro.newGlobalMacro(
            "speed",
            1,
            (f, target, args) -> fold(f, args.get(0), s -> Speed.parse(s).gbps(), false)),
        CelMacro.newGlobalMacro(
            "length",
            1,
            (f, target, args) -> fold(f, args.get(0), s -> Length.parse(s).metres(), false)),
        CelMacro.newGlobalMacro("date", 1, (f, target, args) -> checkDate(f, args.get(0))));
  }

  /**
   * @param onlyQuantities true for {@code size}: only a literal that looks like a quantity is a
   *     unit (anything else is the standard {@code size})
   */
  private static Optional<CelExpr> fold(
      CelMacroExprFactory f, CelExpr arg, Function<String, Long> parse, boolean onlyQuantities) {
    String literal = stringLiteral(arg);
    if (literal == null || onlyQuantities && !QUANTITY.matcher(literal).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(f.newIntLiteral(parse.apply(literal)));
    } catch (UnitException bad) {
      return Optional.of(
          f.reportError(CelIssue.formatError(f.getSourceLocation(arg), bad.getMessage())));
    }
  }

  private static Optional<CelExpr> checkDate(CelMacroExprFactory f, CelExpr arg) {
    String literal = stringLiteral(arg);
    if (literal != null) {
      try {
        LocalDate.parse(literal);
      } catch (DateTimeParseException bad) {
        return Optional.of(
            f.reportError(
                CelIssue.formatError(
                    f.getSourceLocation(arg),
                    "date('" + literal + "') is not a date; write YYYY-MM-DD")));
      }
    }
    return Optional.empty();
  }

  private static String stringLiteral(CelExpr e) {
    return e.exprKind().getKind() == CelExpr.ExprKind.Kind.CONSTANT
            && e.constant().getKind() == CelConstant.Kind.STRING_VALUE
        ? e.constant().stringValue()
        : null;
  }

  static Object speed(String text) throws CelEvaluationException {
    return parse(() -> Speed.parse(text).gbps());
  }

  static Object length(String text) throws CelEvaluationException {
    return parse(() -> Length.parse(text).metres());
  }

  static Object date(String text) throws CelEvaluationException {
    try {
      Instant at = LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
      return at;
    } catch (DateTimeParseException bad) {
      throw CelEvaluationExceptionBuilder.newBuilder(
              "date('%s') is not a date; write YYYY-MM-DD", text)
          .build();
    }
  }

  private interface Parse {
    long get();
  }

  private static Object parse(Parse p) throws CelEvaluationException {
    try {
      return p.get();
    } catch (UnitException bad) {
      throw CelEvaluationExceptionBuilder.newBuilder("%s", bad.getMessage()).build();
    }
  }
}
