package dev.weft.render;

import com.hubspot.jinjava.interpret.InterpretException;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A built-in Jinjava filter with its size arguments bounded by the render's output cap. Filters
 * such as {@code center}, {@code indent} or {@code format} allocate what their width asks for
 * before any output cap can look at it: {@code 'x'|center(2000000000)} and a {@code format} width
 * of two billion exhausted the heap. A width, count or precision beyond the cap can only make a
 * file the cap refuses anyway, so it is refused up front, as a template error at the template's
 * line.
 */
final class BoundedFilter implements Filter {

  /** A printf conversion's width and precision ({@code %08.3f}, {@code %1$-20s}). */
  private static final Pattern FORMAT_SPEC =
      Pattern.compile("%(?:\\d+\\$)?[-#+ 0,(<]*(\\d+)?(?:\\.(\\d+))?[a-zA-Z%]");

  private final Filter delegate;
  private final long cap;

  BoundedFilter(Filter delegate, long cap) {
    this.delegate = delegate;
    this.cap = cap;
  }

  @Override
  public String getName() {
    return delegate.getName();
  }

  @Override
  public boolean preserveSafeString() {
    return delegate.preserveSafeString();
  }

  @Override
  public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
    check(var, args);
    return delegate.filter(var, interpreter, args);
  }

  @Override
  public Object filter(
      Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
    check(var, args);
    if (kwargs != null) {
      check(null, kwargs.values().toArray());
    }
    return delegate.filter(var, interpreter, args, kwargs);
  }

  private void check(Object var, Object[] args) {
    if (args != null) {
      for (Object arg : args) {
        BigDecimal n = number(arg);
        if (n != null && n.abs().compareTo(BigDecimal.valueOf(cap)) > 0) {
          throw refused("an argument of " + Excerpt.of(arg));
        }
      }
    }
    if ("format".equals(getName()) && var instanceof CharSequence pattern) {
      Matcher m = FORMAT_SPEC.matcher(pattern);
      while (m.find()) {
        for (int g = 1; g <= 2; g++) {
          String digits = m.group(g);
          if (digits != null && (digits.length() > 18 || Long.parseLong(digits) > cap)) {
            throw refused("a format width or precision of " + Excerpt.of(digits));
          }
        }
      }
    }
  }

  private InterpretException refused(String what) {
    return new InterpretException(
        "filter '"
            + getName()
            + "' with "
            + what
            + " would build text beyond the cap of "
            + cap
            + " bytes (limit: template output)");
  }

  private static BigDecimal number(Object arg) {
    if (arg instanceof Number n) {
      try {
        return new BigDecimal(n.toString());
      } catch (NumberFormatException e) {
        return null; // NaN, infinity: the filter itself refuses them
      }
    }
    if (arg instanceof CharSequence s && s.length() < 40) {
      try {
        return new BigDecimal(s.toString().strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  /** A value shown in a message, cut. */
  private static final class Excerpt {
    private Excerpt() {}

    static String of(Object value) {
      return dev.weft.finding.Excerpt.cut(String.valueOf(value), 40);
    }
  }
}
