package dev.weft.render;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.util.ForLoop;
import java.beans.FeatureDescriptor;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELException;
import jinjava.javax.el.ELResolver;

/**
 * The expression resolver of the template sandbox. Templates see plain data (maps, lists, strings,
 * numbers, booleans) built by {@link DeviceContext}; they may read map keys and list items and use
 * Jinjava's own loop helpers, and nothing else: calling any Java method ({@code x.getClass()},
 * {@code ''.getClass().forName(..)}) or reading bean properties of other Java objects is refused.
 */
final class NoJavaCallsResolver extends ELResolver {
  private final ELResolver delegate;

  NoJavaCallsResolver(ELResolver delegate) {
    this.delegate = delegate;
  }

  private static boolean readable(Object base) {
    return base == null
        || base instanceof Map<?, ?>
        || base instanceof List<?>
        || base.getClass().isArray()
        // Jinjava's own helpers, e.g. the `loop` object of a for-loop.
        || base.getClass().getName().startsWith("com.hubspot.jinjava.");
  }

  private static ELException refused(Object base, Object property) {
    String what = base == null ? "value" : simpleName(base);
    return new ELException(
        "templates may not use Java objects: '" + property + "' on a " + what + " is not allowed");
  }

  private static String simpleName(Object base) {
    if (base instanceof CharSequence) {
      return "string";
    }
    if (base instanceof Number) {
      return "number";
    }
    return "Java object";
  }

  @Override
  public Object invoke(
      ELContext context, Object base, Object method, Class<?>[] paramTypes, Object[] params) {
    // Jinjava runs `x|filter` and `x is test` as calls on its own filter and test objects; those
    // are
    // the template language itself, so they stay. Every other call is a Java method call.
    if (isTemplateLanguageCall(base, method)) {
      Object direct = callDirectly(context, base, method, params);
      return direct != NOT_DIRECT
          ? direct
          : delegate.invoke(context, base, method, paramTypes, params);
    }
    throw new ELException("templates may not call Java methods: '" + method + "()' is not allowed");
  }

  /** Marks a call {@link #callDirectly} leaves to the reflective bean resolver. */
  private static final Object NOT_DIRECT = new Object();

  /**
   * A filter or a test without arguments, called as the bean resolver would call it, without its
   * per-call reflection (a method search over the filter's class on every {@code x|join}): Jinjava
   * passes a filter {@code (value, interpreter, Object[] args, Map kwargs)}, which only the
   * four-argument {@code Filter.filter} accepts, and a bare test {@code (value, interpreter)}. Any
   * other shape goes through the delegate, as before.
   */
  @SuppressWarnings("unchecked")
  private static Object callDirectly(
      ELContext context, Object base, Object method, Object[] params) {
    if (params == null
        || params.length < 2
        || !(params[1] instanceof JinjavaInterpreter interpreter)) {
      return NOT_DIRECT;
    }
    Object result;
    try {
      if (base instanceof Filter filter
          && params.length == 4
          && params[2] instanceof Object[] args
          && params[3] instanceof Map<?, ?> kwargs) {
        result = filter.filter(params[0], interpreter, args, (Map<String, Object>) kwargs);
      } else if (base instanceof ExpTest test && params.length == 2) {
        result =
            "evaluate".equals(method)
                ? test.evaluate(params[0], interpreter)
                : test.evaluateNegated(params[0], interpreter);
      } else {
        return NOT_DIRECT;
      }
    } catch (RuntimeException e) {
      // What the bean resolver throws for an exception inside the invoked method, so Jinjava
      // turns it into the same template error as before.
      throw new ELException(e);
    }
    if (result instanceof Class<?>
        || result instanceof ClassLoader
        || result instanceof Thread
        || result instanceof JinjavaInterpreter
        || result instanceof java.lang.reflect.AccessibleObject) {
      throw new ELException(
          "templates may not use Java objects: '"
              + method
              + "' returned a "
              + result.getClass().getSimpleName());
    }
    context.setPropertyResolved(true);
    return result;
  }

  private static boolean isTemplateLanguageCall(Object base, Object method) {
    if (base instanceof Filter) {
      return "filter".equals(method);
    }
    if (base instanceof ExpTest) {
      return "evaluate".equals(method) || "evaluateNegated".equals(method);
    }
    return false;
  }

  @Override
  public Object getValue(ELContext context, Object base, Object property) {
    if (base instanceof Filter || base instanceof ExpTest) {
      // Jinjava asks a filter or test for a property named like the call ("filter", "evaluate")
      // before calling it; they have none, so answer null at once instead of a bean lookup.
      context.setPropertyResolved(true);
      return null;
    }
    if (base instanceof Map<?, ?> map && property instanceof String) {
      // What the map resolver answers for a key that is there; anything else (a missing key, an
      // integer key spelled as a string) still goes through the delegate chain.
      Object value = map.get(property);
      if (value != null) {
        context.setPropertyResolved(true);
        return value;
      }
    } else if (base instanceof ForLoop loop && property instanceof String name) {
      Object value = loopProperty(loop, name);
      if (value != null) {
        context.setPropertyResolved(true);
        return value;
      }
    }
    if (!readable(base)) {
      throw refused(base, property);
    }
    return delegate.getValue(context, base, property);
  }

  /**
   * The {@code loop} properties templates use, read directly instead of through the bean resolver's
   * reflective getter call ({@code {% if not loop.last %},{% endif %}} runs once per JSON entry).
   */
  private static Object loopProperty(ForLoop loop, String name) {
    return switch (name) {
      case "last" -> loop.isLast();
      case "first" -> loop.isFirst();
      case "index" -> loop.getIndex();
      case "index0" -> loop.getIndex0();
      case "length" -> loop.getLength();
      case "revindex" -> loop.getRevindex();
      case "revindex0" -> loop.getRevindex0();
      default -> null;
    };
  }

  @Override
  public Class<?> getType(ELContext context, Object base, Object property) {
    if (!readable(base)) {
      throw refused(base, property);
    }
    return delegate.getType(context, base, property);
  }

  @Override
  public boolean isReadOnly(ELContext context, Object base, Object property) {
    return true;
  }

  @Override
  public void setValue(ELContext context, Object base, Object property, Object value) {
    throw new ELException("templates may not modify the device model");
  }

  @Override
  public Class<?> getCommonPropertyType(ELContext context, Object base) {
    return readable(base) ? delegate.getCommonPropertyType(context, base) : null;
  }

  @Override
  public Iterator<FeatureDescriptor> getFeatureDescriptors(ELContext context, Object base) {
    return readable(base) ? delegate.getFeatureDescriptors(context, base) : null;
  }
}
