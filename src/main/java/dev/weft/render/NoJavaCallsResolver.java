package dev.weft.render;

import java.beans.FeatureDescriptor;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
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
        return new ELException("templates may not use Java objects: '" + property + "' on a " + what + " is not allowed");
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
    public Object invoke(ELContext context, Object base, Object method, Class<?>[] paramTypes, Object[] params) {
        // Jinjava runs `x|filter` and `x is test` as calls on its own filter and test objects; those are
        // the template language itself, so they stay. Every other call is a Java method call.
        if (isTemplateLanguageCall(base, method)) {
            return delegate.invoke(context, base, method, paramTypes, params);
        }
        throw new ELException("templates may not call Java methods: '" + method + "()' is not allowed");
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
        if (!readable(base)) {
            throw refused(base, property);
        }
        return delegate.getValue(context, base, property);
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
